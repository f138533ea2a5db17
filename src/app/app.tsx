import { StrictMode, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
// The DOM build of RouterProvider: it can render a URL update at once (flushSync), which the
// form fields need (use-param-form.ts, decision 039).
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider.tsx';
import type { ResultPersistence } from './result-persistence.ts';

/**
 * The whole app's tree. main.tsx renders it into the page, and the build prerenders each
 * view's first commit with it (src/prerender, decision 024): one tree, so the prerendered
 * copy cannot drift from what the app then renders in its place.
 */
export function App({
  queryClient,
  router,
  persistence,
  restored,
  children,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
  persistence?: ResultPersistence;
  restored?: boolean;
  children?: ReactNode;
}) {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient} persistence={persistence} restored={restored}>
        <RouterProvider router={router} />
        {children}
      </AppProvider>
    </StrictMode>
  );
}
