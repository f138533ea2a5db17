import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useModalFocus } from '../components/use-modal-focus.ts';

// Loaded when first opened: nothing of it is needed for a first paint.
const CommandPalette = lazy(() =>
  import('./command-palette.tsx').then((m) => ({ default: m.CommandPalette })),
);

const SHORTCUTS: [string, string][] = [
  ['Ctrl+K / ⌘K', 'Open the command palette: views, starred and recent requests, actions'],
  ['/', "Focus the current view's main field"],
  ['?', 'Show these shortcuts'],
  ['Esc', 'Close a dialog'],
];

/** Typing in a field must not trigger single-key shortcuts. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

function ShortcutsDialog({ onClose }: { onClose: () => void }) {
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

/** The app's keyboard shortcuts and the dialogs they open. */
export function Shortcuts() {
  const [open, setOpen] = useState<'palette' | 'help' | null>(null);
  const close = useCallback(() => setOpen(null), []);
  useEffect(() => {
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen((o) => (o === 'palette' ? null : 'palette'));
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      if (e.key === '?') {
        e.preventDefault();
        setOpen('help');
      } else if (e.key === '/') {
        const field = document.querySelector<HTMLElement>(
          'main form input:not([type="hidden"]):not([disabled]), main form textarea',
        );
        if (!field) return;
        e.preventDefault();
        field.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  if (open === 'palette')
    return (
      <Suspense fallback={null}>
        <CommandPalette onClose={close} />
      </Suspense>
    );
  if (open === 'help') return <ShortcutsDialog onClose={close} />;
  return null;
}
