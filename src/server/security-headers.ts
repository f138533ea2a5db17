/**
 * Headers for the app's own pages (`vite preview`, and deploy/nginx.conf by the same rules).
 * Scripts only from the app's origin, no inline script, no plugins, no <base>, never framed;
 * images also from data:, blob: (screenshots) and https: (listing photos, map tiles);
 * requests only to the app's own origin (the `/api` proxy). Decision 014.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  // Every request, the app's own too, names the origin only, never the page's path and
  // parameters: a page opened with `api_key=` sends its first requests (scripts, styles)
  // before the app can take the key out of its URL. index.html says the same for `npm run dev`.
  'referrer-policy': 'strict-origin',
};
