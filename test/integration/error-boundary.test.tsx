import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { App } from '../../src/app/app.tsx';
import { createQueryClient } from '../../src/app/query-client.ts';
import { Layout } from '../../src/app/layout.tsx';
import { RouteError } from '../../src/app/route-error.tsx';
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
