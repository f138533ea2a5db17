import type { ComponentType } from 'react';
import { createBrowserRouter, type DataRouter, type RouteObject } from 'react-router';
import { ENDPOINT_VIEW_LIST, type EndpointId } from '../api/endpoint-views.ts';
import { Layout } from './layout.tsx';
import { lazy, Suspense } from 'react';

/** A view's error page loads when a view fails, not with every page (the first load's size). */
const LazyRouteError = lazy(() =>
  import('./route-error.tsx').then((m) => ({ default: m.RouteError })),
);
const RouteError = () => (
  <Suspense fallback={null}>
    <LazyRouteError />
  </Suspense>
);

/** A view's module: its component and, at times, what its first render waits for. */
type ViewModule = () => Promise<{ default: ComponentType; ready?: Promise<unknown> }>;

/**
 * Each view is its own chunk, loaded by the router (`lazy`) before its route renders: a
 * navigation keeps the current view until the next one's code is here, and the app's first
 * render waits for the router to be ready (`routerReady`), so no "Loading view…" ever shows
 * and a prerendered copy is replaced by the view itself (decision 024). Each view has its
 * own error boundary.
 */
const view = (load: ViewModule) => ({
  // The function form: the router changes a `lazy` object in place once loaded, which routers
  // created later from the same `routes` (tests, the prerender) would then find empty.
  // A view whose first screen is read from storage may export `ready`: the route renders once
  // it settles, so the first commit shows that screen rather than a reading notice (decision
  // 126: the Trackers view opened on a tracker).
  lazy: async () => {
    const module = await load();
    await module.ready;
    return { Component: module.default };
  },
  errorElement: <RouteError />,
});

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
    // Until the first view's code is here the router renders nothing; the app is rendered
    // only once it is (routerReady), so this never shows outside tests.
    HydrateFallback: () => null,
    errorElement: <RouteError />,
    children: [
      { index: true, ...view(() => import('../features/overview/overview-page.tsx')) },
      ...ENDPOINT_VIEW_LIST.map((spec) => ({
        path: spec.route.slice(1),
        ...view(VIEW_MODULES[spec.id]),
      })),
      // Not an endpoint: the history of all of them, next to the overview.
      { path: 'history', ...view(() => import('../workspace/history/history-page.tsx')) },
      // Many requests of one view at once (decision 040).
      { path: 'batch', ...view(() => import('../workspace/batch/batch-page.tsx')) },
      // A batch run again over time (issue #24, decision 054).
      { path: 'trackers', ...view(() => import('../workspace/trackers/trackers-page.tsx')) },
      // Demo scripts: recorded walks through the views (issue #25).
      { path: 'demos', ...view(() => import('../workspace/demos/demos-page.tsx')) },
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
 * Resolves once the router has loaded the code of the view at its first location (or learned
 * that it cannot: its route's error boundary then says so).
 */
export function routerReady(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
