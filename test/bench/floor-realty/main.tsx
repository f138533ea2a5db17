// The realty floor for `npm run bench`: the framework floor (../floor) plus one lazy route
// with a react-leaflet map (tiles and markers, Leaflet's CSS). The realty route's JS is
// compared with this route's.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

const router = createBrowserRouter([
  { path: '/', Component: lazy(() => import('./map-route.tsx')) },
]);
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
);
