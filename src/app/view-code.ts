import { matchRoutes } from 'react-router';
import { provideViewCode } from '../lib/view-code.ts';
import { routes } from './router.tsx';

/**
 * A view's code ahead of the navigation that shows it (a demo's next step, lib/view-code.ts):
 * the `lazy` of each route the router would match for that path, whose module the
 * navigation's `lazy` then finds loaded. A chunk of its own, loaded after the app's first
 * render (main.tsx): the first load does not carry it (initial JS is at the 1.1× budget).
 */
provideViewCode((pathname) =>
  Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(({ route }) =>
      typeof route.lazy === 'function' ? route.lazy() : Promise.resolve(),
    ),
  ),
);
