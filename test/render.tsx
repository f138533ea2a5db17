import type { QueryClient } from '@tanstack/react-query';
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { App } from '../src/app/app.tsx';
import { createQueryClient } from '../src/app/query-client.ts';
import type { ResultPersistence } from '../src/app/result-persistence.ts';
import { routes } from '../src/app/router.tsx';
import { setApiKey } from '../src/session/key-store.ts';

export const DEMO_KEY = 'demo-key';

/**
 * Renders the whole app at a route, with a fresh QueryClient, against the real sandbox: the
 * app's own tree (src/app/app.tsx: StrictMode and the providers), so a test sees what a
 * developer sees, effects and refs run twice included, and a provider the app adds.
 */
export function renderApp(
  route: string,
  {
    apiKey = DEMO_KEY,
    persist,
    onRender,
  }: {
    apiKey?: string | null;
    /** Keeps results across renders like the app does across reloads (IndexedDB in the test). */
    persist?: (queryClient: QueryClient) => ResultPersistence;
    /** A `<Profiler>` around the app calls it on every commit (test/render-count.ts). */
    onRender?: ProfilerOnRenderCallback;
  } = {},
) {
  setApiKey(apiKey);
  const queryClient = createQueryClient();
  const persistence = persist?.(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const user = userEvent.setup();
  const app = <App queryClient={queryClient} router={router} persistence={persistence} />;
  const view = render(
    onRender ? (
      <Profiler id="app" onRender={onRender}>
        {app}
      </Profiler>
    ) : (
      app
    ),
  );
  return { ...view, user, router, queryClient, persistence };
}
