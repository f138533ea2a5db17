import type { ReactNode } from 'react';
import { safeHttpUrl } from '../lib/safe-url.ts';

/** A link to an upstream URL: opened in a new tab without opener or referrer; plain text when not http(s). */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: unknown;
  children: ReactNode;
  className?: string;
}) {
  const url = safeHttpUrl(href);
  if (!url) return <span className={className}>{children}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
