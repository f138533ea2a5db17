import type { ReactNode } from 'react';

const TONES = {
  info: 'border-sky-300 bg-sky-50 dark:border-sky-800 dark:bg-sky-950/40',
  // Opaque: it may float over the page.
  warning: 'border-amber-300 bg-amber-50 shadow-md dark:border-amber-700 dark:bg-amber-950',
} as const;

/**
 * One item of a list of things the page tells: its words in a polite live region (the item
 * stays a list item), then its Dismiss button.
 */
export function DismissibleStatus({
  tone,
  onDismiss,
  children,
}: {
  tone: keyof typeof TONES;
  onDismiss: () => void;
  children: ReactNode;
}) {
  return (
    <li className={`flex flex-wrap items-center gap-3 rounded border p-2 text-sm ${TONES[tone]}`}>
      <div role="status" className="flex flex-wrap items-center gap-3">
        {children}
      </div>
      <button type="button" className="btn-secondary ml-auto" onClick={onDismiss}>
        Dismiss
      </button>
    </li>
  );
}
