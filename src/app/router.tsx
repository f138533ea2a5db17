import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ENDPOINT_LIST, type EndpointId } from '../api/endpoints.ts';
import { ViewPainted } from './first-view.tsx';
import { Layout } from './layout.tsx';
import { RouteError } from './route-error.tsx';

type ViewModule = () => Promise<{ default: ComponentType }>;

/**
 * Each view is its own chunk (React.lazy, so the header renders at once while
 * the view loads under the layout's Suspense) and has its own error boundary.
 */
const view = (load: ViewModule) => {
  const View = lazy(load);
  return {
    Component: () => (
      <>
        <View />
        <ViewPainted />
      </>
    ),
    errorElement: <RouteError />,
  };
};

/**
 * The feature folder of each endpoint's view. Its route comes from the catalogue; the
 * imports must be written out for the bundler to split them into chunks.
 */
const VIEW_MODULES: Record<EndpointId, ViewModule> = {
  shorts: () => import('../features/shorts/shorts-page.tsx'),
  search: () => import('../features/search/search-page.tsx'),
  autocomplete: () => import('../features/autocomplete/autocomplete-page.tsx'),
  realty: () => import('../features/realty/realty-page.tsx'),
  screenshot: () => import('../features/screenshot/screenshot-page.tsx'),
  account: () => import('../features/account/account-page.tsx'),
  webhook: () => import('../features/webhook/webhook-page.tsx'),
};

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    errorElement: <RouteError />,
    children: [
      { index: true, ...view(() => import('../features/overview/overview-page.tsx')) },
      ...ENDPOINT_LIST.map((spec) => ({
        path: spec.route.slice(1),
        ...view(VIEW_MODULES[spec.id]),
      })),
      // Not an endpoint: the history of all of them, next to the overview.
      { path: 'history', ...view(() => import('../features/history/history-page.tsx')) },
      { path: '*', ...view(() => import('./not-found-page.tsx')) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
