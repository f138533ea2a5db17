import type { ReactNode } from 'react';

/** A scrollable frame for a capture that keyboard users can focus and scroll. */
export function ScrollFrame({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus so keyboard users can scroll it (axe: scrollable-region-focusable)
      tabIndex={0}
      className={`overflow-auto rounded border border-slate-200 dark:border-slate-700 ${className}`}
    >
      {children}
    </div>
  );
}
