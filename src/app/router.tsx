import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Each view is its own chunk (React.lazy, so the header renders at once while
 * the view loads under the layout's Suspense) and has its own error boundary.
 */
const view = (load: () => Promise<{ default: ComponentType }>) => ({
  Component: lazy(load),
  errorElement: <RouteError />,
});

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    errorElement: <RouteError />,
    children: [
      { index: true, ...view(() => import('../features/overview/overview-page.tsx')) },
      { path: 'search', ...view(() => import('../features/search/search-page.tsx')) },
      { path: 'shorts', ...view(() => import('../features/shorts/shorts-page.tsx')) },
      {
        path: 'autocomplete',
        ...view(() => import('../features/autocomplete/autocomplete-page.tsx')),
      },
      { path: 'realty', ...view(() => import('../features/realty/realty-page.tsx')) },
      { path: 'screenshot', ...view(() => import('../features/screenshot/screenshot-page.tsx')) },
      { path: 'account', ...view(() => import('../features/account/account-page.tsx')) },
      { path: 'webhook', ...view(() => import('../features/webhook/webhook-page.tsx')) },
      { path: '*', ...view(() => import('./not-found-page.tsx')) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
