import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';

/**
 * Where a view's prerendered page is in the build (decision 024), named after the view's
 * path: `/search` is views/search.html, and `/` is views.html (no path can name it through
 * the rule for the others). deploy/nginx.conf.template follows the same rule.
 */
export const viewPageFile = (path: string) => (path === '/' ? 'views.html' : `views${path}.html`);

/**
 * For `vite preview`: a page request for a view's path gets the view's prerendered page, the
 * way nginx serves it; any other path falls through to the build's index.html as before.
 */
export function serveViewPages(outDir: string) {
  return (req: IncomingMessage, _res: ServerResponse, next: () => void) => {
    if (req.method === 'GET' || req.method === 'HEAD') {
      const url = new URL(req.url ?? '/', 'http://localhost');
      // Only plain view paths (letters and dashes), never a file or a directory walk.
      if (/^\/[a-z-]*$/.test(url.pathname) && existsSync(join(outDir, viewPageFile(url.pathname))))
        req.url = `/${viewPageFile(url.pathname)}${url.search}`;
    }
    next();
  };
}
