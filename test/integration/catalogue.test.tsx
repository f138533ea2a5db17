import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ENDPOINT_LIST, type EndpointSpec } from '../../src/api/endpoints.ts';
import { requestEndpoint } from '../../src/api/requests.ts';
import { costLabel } from '../../src/lib/cost.ts';
import { DEMO_KEY, renderApp } from '../render.tsx';

/** The smallest valid request the catalogue describes: its required parameters only. */
const sampleValues = (spec: EndpointSpec) =>
  Object.fromEntries(
    spec.params
      .filter((p) => p.required)
      .map((p) => [p.name, p.type === 'url' ? 'https://example.com/' : 'coffee']),
  );

// Adding an endpoint is one catalogue entry, one feature folder and the sandbox's data
// (decision 012): everything below is derived from the entry, for every entry.
describe.each(ENDPOINT_LIST.map((spec) => [spec.id, spec] as const))(
  'the catalogue entry %s',
  (_id, spec) => {
    test('has a nav link to its view, which renders', async () => {
      const { user, router } = renderApp('/');
      const nav = await screen.findByRole('navigation', { name: 'Views' });
      const link = within(nav).getByRole('link', { name: spec.nav });
      expect(link).toHaveAttribute('href', spec.route);
      await user.click(link);
      await waitFor(() => expect(router.state.location.pathname).toBe(spec.route));
      // The view's own heading replaces the overview's (it loads as its own chunk).
      await waitFor(() =>
        expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent(/^Overview$/),
      );
      expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('Page not found');
    });

    test('is answered by the sandbox in the shape its schema reads', async () => {
      const result = await requestEndpoint(spec.id, sampleValues(spec), { apiKey: DEMO_KEY });
      expect(result.meta.status).toBe(200);
      expect('kind' in result ? result.kind : 'json').toBe(spec.response);
    });

    test.runIf(spec.params.length > 0)('offers its action with its cost', async () => {
      renderApp(spec.route);
      expect(
        await screen.findByRole('button', { name: `${spec.action} · ${costLabel(spec.cost)}` }),
      ).toBeInTheDocument();
    });
  },
);
