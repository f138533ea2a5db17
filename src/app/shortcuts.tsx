import { lazy, Suspense, useCallback, useEffect, useState } from 'react';

// Loaded when first opened: only the keys are listened to from the start.
const CommandPalette = lazy(() =>
  import('./command-palette.tsx').then((m) => ({ default: m.CommandPalette })),
);
const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog.tsx').then((m) => ({ default: m.ShortcutsDialog })),
);

/** Typing in a field must not trigger single-key shortcuts. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

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
  if (open === null) return null;
  return (
    <Suspense fallback={null}>
      {open === 'palette' ? (
        <CommandPalette onClose={close} />
      ) : (
        <ShortcutsDialog onClose={close} />
      )}
    </Suspense>
  );
}
