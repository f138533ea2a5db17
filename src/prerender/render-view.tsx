import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { routerReady, routes, VIEW_PATHS } from '../app/router.tsx';

export { VIEW_PATHS };

/**
 * The markup of the app's first commit at `path`, as a first visit in a new tab sees it (no
 * key, nothing stored, nothing fetched yet): the same `App` main.tsx renders, with the view
 * loaded first as main.tsx does. Runs at build time in jsdom (run.ts), where requests never
 * answer, so nothing that depends on the network is in it.
 */
export async function renderView(path: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await routerReady(router);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(<App queryClient={createQueryClient()} router={router} />));
  const html = container.innerHTML;
  root.unmount();
  container.remove();
  return html;
}
