import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { ENDPOINT_LIST, type EndpointId } from '../api/endpoints.ts';
import { ViewPainted } from './first-view.tsx';
import { Layout } from './layout.tsx';
import { RouteError } from './route-error.tsx';

type ViewModule = () => Promise<{ default: ComponentType }>;

/** A view route's `handle`: loads its view before it renders (see `preloadView`). */
interface ViewHandle {
  preload: () => Promise<unknown>;
}

/**
 * Each view is its own chunk (React.lazy, so the header renders at once while
 * the view loads under the layout's Suspense) and has its own error boundary.
 * Once loaded (or preloaded) the view renders directly, never through its fallback: the
 * first render of a prerendered page replaces the view's static copy with the view itself
 * (decision 024).
 */
const view = (load: ViewModule) => {
  let Loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      Loaded = module.default;
      return module;
    });
  const View = lazy(preload);
  return {
    Component: () => (
      <>
        {Loaded ? <Loaded /> : <View />}
        <ViewPainted />
      </>
    ),
    errorElement: <RouteError />,
    handle: { preload } satisfies ViewHandle,
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
      { path: 'history', ...view(() => import('../workspace/history/history-page.tsx')) },
      { path: '*', ...view(() => import('./not-found-page.tsx')) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

/** The path of every view but the not-found one, for prerendering each (src/prerender). */
export const VIEW_PATHS: string[] = (routes[0]?.children ?? [])
  .filter((route) => route.path !== '*')
  .map((route) => (route.index ? '/' : `/${route.path ?? ''}`));

/**
 * Loads the code of the view at `pathname` (nothing for a path no view has). Resolves either
 * way: a view that cannot load says so through its route's error boundary when it renders.
 */
export function preloadView(pathname: string): Promise<void> {
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as ViewHandle | undefined;
  return Promise.resolve(handle?.preload()).then(
    () => undefined,
    () => undefined,
  );
}
