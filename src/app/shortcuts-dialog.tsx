import { useId, useRef } from 'react';
import { ModalDialog } from '../components/modal-dialog.tsx';

const SHORTCUTS: [string, string][] = [
  ['Ctrl+K / ⌘K', 'Open the command palette: views, starred and recent requests, actions'],
  ['/', "Focus the current view's main field"],
  ['?', 'Show these shortcuts'],
  ['Esc', 'Close a dialog'],
];

/** The list of shortcuts, opened with `?` (loaded when first opened). */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      labelledBy={titleId}
      initialFocus={closeRef}
      onClose={onClose}
      className="max-w-md space-y-3 p-5"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        Keyboard shortcuts
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="rounded border border-slate-300 px-1.5 font-mono dark:border-slate-600">
                {keys}
              </kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <button ref={closeRef} type="button" className="btn-secondary" onClick={onClose}>
        Close
      </button>
    </ModalDialog>
  );
}
