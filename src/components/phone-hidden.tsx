import type { ReactNode } from 'react';

/**
 * Words a phone's narrow row does without: read out by a screen reader, shown from `sm` up. The
 * spaces around them belong outside (accessible names trim an element's own text).
 */
export function PhoneHidden({ children }: { children: ReactNode }) {
  return <span className="max-sm:sr-only">{children}</span>;
}
