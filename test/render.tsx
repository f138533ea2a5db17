import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../src/app/provider.tsx';
import { createQueryClient } from '../src/app/query-client.ts';
import { routes } from '../src/app/router.tsx';
import { setApiKey } from '../src/session/key-store.ts';

export const DEMO_KEY = 'demo-key';

/** Renders the whole app at a route, with a fresh QueryClient, against the real sandbox. */
export function renderApp(route: string, { apiKey = DEMO_KEY }: { apiKey?: string | null } = {}) {
  setApiKey(apiKey);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, user, router, queryClient };
}
