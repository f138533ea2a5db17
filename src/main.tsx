// First: a key in the page's URL leaves it before any other module of the app runs.
import './app/take-key-from-page-url.ts';
import { startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createQueryClient } from './app/query-client.ts';
import { loadResultPersistence } from './app/load-result-persistence.ts';
import { createAppRouter, routerReady } from './app/router.tsx';
import './index.css';

const queryClient = createQueryClient();
// Started before the first render, so stored results are read while the app loads.
const persistence = loadResultPersistence(queryClient);
// Creating the router starts loading the view's code.
const router = createAppRouter();
const container = document.getElementById('root')!;

/**
 * A prerendered page (decision 024) shows the view's static copy, inert, until the app's first
 * commit replaces it; then the page is live.
 */
function PageLive() {
  useLayoutEffect(() => container.removeAttribute('inert'), []);
  return null;
}

// The first render waits for the view's code (and a tab's stored results), so it shows the
// view itself: a prerendered copy is replaced by the same view, never by nothing.
void Promise.all([
  routerReady(router),
  persistence.hasStored ? persistence.restored : undefined,
]).then(() => {
  // A transition: React renders in slices instead of one long task (Lighthouse's blocking time).
  startTransition(() =>
    createRoot(container).render(
      <App queryClient={queryClient} router={router} persistence={persistence} restored>
        <PageLive />
      </App>,
    ),
  );
  // Lets a demo load its next step's view ahead (app/view-code.ts); not in the first load.
  void import('./app/view-code.ts');
});
