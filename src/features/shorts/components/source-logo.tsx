import { safeDataImage } from '../../../lib/safe-url.ts';

/**
 * A platform's logo, shown only when the service sent it as an inline base64 image
 * (no remote fetch, no script); anything else gets a neutral square of the same size.
 */
export function SourceLogo({ logo, className = 'h-4 w-4' }: { logo: unknown; className?: string }) {
  const src = safeDataImage(logo);
  if (src) return <img src={src} alt="" className={`${className} shrink-0 rounded-sm`} />;
  return (
    <span
      aria-hidden="true"
      data-logo-placeholder=""
      className={`${className} inline-block shrink-0 rounded-sm bg-slate-300 dark:bg-slate-600`}
    />
  );
}
