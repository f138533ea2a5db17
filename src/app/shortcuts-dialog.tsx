import { useId, useRef } from 'react';
import { useModalFocus } from '../components/use-modal-focus.ts';

const SHORTCUTS: [string, string][] = [
  ['Ctrl+K / ⌘K', 'Open the command palette: views, starred and recent requests, actions'],
  ['/', "Focus the current view's main field"],
  ['?', 'Show these shortcuts'],
  ['Esc', 'Close a dialog'],
];

/** The list of shortcuts, opened with `?` (loaded when first opened). */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // One control in the dialog: Tab stays on it, Escape closes, focus goes back after.
  useModalFocus(dialogRef, closeRef, onClose);
  return (
    <div className="fixed inset-0 z-[2000] flex items-start justify-center bg-black/50 p-4 pt-24">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-md space-y-3 rounded-lg bg-white p-5 shadow-xl dark:bg-slate-900"
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
      </div>
    </div>
  );
}
