import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { App } from '../../src/app/app.tsx';
import { createQueryClient } from '../../src/app/query-client.ts';
import { Layout } from '../../src/app/layout.tsx';
import { RouteError } from '../../src/app/route-error.tsx';
import { routes } from '../../src/app/router.tsx';
import { readDemo } from '../../src/workspace/demos/demo-file.ts';
import { importDemo, loadDemos } from '../../src/workspace/demos/demo-store.ts';
import { playDemo, stopDemo } from '../../src/workspace/demos/play-demo.ts';
import { ApiError } from '../../src/api/errors.ts';
import { expectConsoleErrors } from '../console-guard.ts';

function Broken(): never {
  throw new ApiError({ kind: 'invalid-response', endpoint: '/search', bodyExcerpt: '<html>oops' });
}

describe('per-view error boundary', () => {
  test('a view that crashes shows what happened, and the header and navigation keep working', async () => {
    expectConsoleErrors();
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: Layout,
          children: [{ path: 'broken', Component: Broken, errorElement: <RouteError /> }],
        },
      ],
      { initialEntries: ['/broken'] },
    );
    render(<App queryClient={createQueryClient()} router={router} />);
    expect(
      await screen.findByRole('heading', { name: 'This view stopped working.' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(/malformed or cut off/);
    expect(screen.getByRole('navigation', { name: 'Views' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});

describe('a view that crashes while a demo plays', () => {
  afterEach(stopDemo);

  test('keeps the player’s bar, and Next shows the next step’s view', async () => {
    expectConsoleErrors();
    // The app's own routes, with the search view broken: the tour's first step is a search.
    const [root] = routes;
    const children = root!.children!.map((route) =>
      route.path === 'search'
        ? { path: 'search', Component: Broken, errorElement: <RouteError /> }
        : route,
    );
    const router = createMemoryRouter([{ ...root!, children } as RouteObject], {
      initialEntries: ['/demos'],
    });
    render(<App queryClient={createQueryClient()} router={router} />);
    const tour = await readDemo(await (await fetch('/api/_sandbox/tour')).text());
    if (!tour.ok) throw new Error(tour.error);
    await loadDemos();
    playDemo(importDemo(tour.script).id);

    const player = await screen.findByRole('region', { name: 'Demo player' }, { timeout: 5000 });
    expect(
      await screen.findByRole('heading', { name: 'This view stopped working.' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('demo-goes-on')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();

    fireEvent.click(within(player).getByRole('button', { name: 'Next →' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shorts'));
    expect(await screen.findByText(/^Snapshot from/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'This view stopped working.' })).toBeNull();
    expect(player).toHaveTextContent('step 2 of');
  });
});
