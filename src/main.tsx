import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { createQueryClient } from './app/query-client.ts';
import { loadResultPersistence } from './app/load-result-persistence.ts';
import { createAppRouter } from './app/router.tsx';
import './index.css';

const queryClient = createQueryClient();
// Started before the first render, so stored results are read while the app loads.
const persistence = loadResultPersistence(queryClient);
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider queryClient={queryClient} persistence={persistence}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
