// The framework floor for `npm run bench`: react + react-dom + react-router (the same data
// router the app uses) + react-query, one trivial route, nothing else.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

function Home() {
  const { data } = useQuery({ queryKey: ['floor'], queryFn: () => Promise.resolve('floor') });
  return <p>{data}</p>;
}

const router = createBrowserRouter([{ path: '/', Component: Home }]);
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
);
