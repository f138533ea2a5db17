import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { clearAllDatabases } from '../../src/session/browser-databases.ts';
import { trackerFromBatch } from '../../src/workspace/trackers/lib/tracker.ts';
import { saveTracker } from '../../src/workspace/trackers/tracker-storage.ts';
import { renderApp, DEMO_KEY } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

const WAIT = { timeout: 20_000 };

beforeEach(async () => {
  await clearAllDatabases();
});

/** The sandbox's own ledger: every call it charged, and the demo account's counter. */
async function sandboxLedger() {
  const ledger = await sandboxControl.ledger();
  const charged = ledger.calls.reduce((n, c) => n + c.credits, 0);
  return { charged, used: ledger.accounts[DEMO_KEY]!.requestUsed, calls: ledger.calls };
}

describe('one spend ledger (decision 068)', () => {
  test(
    'a mixed session: every total on every page equals the sandbox’s ledger',
    { timeout: 120_000 },
    async () => {
      await saveTracker(
        trackerFromBatch(
          {
            endpoint: 'search',
            rows: [
              { query: 'chai', params: {} },
              { query: 'matcha', params: {} },
            ],
            locales: [{ country: 'us', language: 'en' }],
            cap: null,
            target: 'wikipedia.org',
            competitors: [],
          },
          { id: 'trk', name: 'Tea', now: Date.now() },
        ),
      );
      const { user, router } = renderApp('/search?query=espresso');
      const go = (to: string) => act(() => router.navigate(to));

      // Two searches (20 each).
      await user.click(await screen.findByRole('button', { name: 'Search · 20 credits' }, WAIT));
      await screen.findByText('Fresh result · 20 credits', {}, WAIT);
      await go('/search?query=latte');
      await user.click(await screen.findByRole('button', { name: 'Search · 20 credits' }, WAIT));
      await screen.findByText('Fresh result · 20 credits', {}, WAIT);

      // A cached repeat: the button says so, and nothing is sent.
      await go('/search?query=espresso');
      await user.click(
        await screen.findByRole('button', { name: 'Search · cached · 0 credits' }, WAIT),
      );
      await screen.findByText('cached · 0 credits', {}, WAIT);

      // A charged 404 (5): no Try again, which would charge again.
      await go('/screenshot?url=https%3A%2F%2Fbroken.invalid%2F');
      await user.click(await screen.findByRole('button', { name: 'Capture · 5 credits' }, WAIT));
      const alert = await screen.findByRole('alert', {}, WAIT);
      expect(alert).toHaveTextContent('Credits were spent on this request.');
      expect(within(alert).queryByRole('button', { name: /Try again/ })).toBeNull();

      // A batch of 4 cells (80).
      await go('/batch');
      const queries = await screen.findByRole('textbox', { name: 'Queries' }, WAIT);
      await user.click(queries);
      await user.paste('mocha\nflat white');
      await user.click(screen.getByRole('button', { name: 'Add a locale' }));
      await user.type(screen.getByRole('combobox', { name: 'Country (locale 2)' }), 'gb');
      await user.type(screen.getByRole('combobox', { name: 'Language (locale 2)' }), 'en');
      await user.click(screen.getByRole('button', { name: /^Run batch · 4 requests/ }));
      await waitFor(
        () =>
          expect(screen.getByTestId('batch-progress')).toHaveTextContent(
            '4 done · 0 failed · 0 left · 80 credits spent',
          ),
        WAIT,
      );

      // A tracker run of 2 cells (40).
      await go('/trackers?tracker=trk');
      await user.click(await screen.findByRole('button', { name: 'Run now' }, WAIT));
      const runs = () => screen.getByRole('table', { name: /Every run of this tracker/ });
      await waitFor(() => expect(runs()).toHaveTextContent(/done2 of 240 credits/), WAIT);

      const sandbox = await sandboxLedger();
      expect(sandbox.charged).toBe(165);
      expect(sandbox.used).toBe(165);
      const left = (100_000 - sandbox.used).toLocaleString('en-US');

      // The header, on every page.
      await waitFor(
        () => expect(screen.getByTestId('credits-pill')).toHaveTextContent(`${left} credits left`),
        WAIT,
      );
      expect(document.title).toMatch(new RegExp(`^${left} credits left`));

      // The overview.
      await go('/');
      const credits = await screen.findByRole('region', { name: 'Credits' }, WAIT);
      await waitFor(() => expect(credits).toHaveTextContent(`${left} credits left`), WAIT);
      expect(credits).toHaveTextContent(`${sandbox.used} used of 100,000`);

      // The account: the ledger's table adds up to the counter's change, by source too.
      await go('/account');
      const total = await screen.findByTestId('spend-total', {}, WAIT);
      await waitFor(
        () =>
          expect(screen.getByTestId('spend-reconciliation')).toHaveTextContent(
            `The account's own counter moved ${sandbox.used} credits while this tab watched it (0 → ${sandbox.used} used): this tab's requests explain every one of them.`,
          ),
        WAIT,
      );
      expect(total).toHaveTextContent(
        `${sandbox.charged} credits (views 45, batches 80, tracker runs 40)`,
      );
      const table = screen.getByTestId('spend-by-endpoint');
      expect(within(table).getByRole('row', { name: /^Search/ })).toHaveTextContent(
        /^Search820 credits160 credits$/,
      );
      expect(within(table).getByRole('row', { name: /^Screenshot/ })).toHaveTextContent(
        /^Screenshot1 \(1 charged error\)5 credits5 credits$/,
      );

      // The history: every request, the batch's and the tracker run's grouped, with their totals.
      await go('/history');
      const list = await screen.findByRole('list', { name: 'Request history' }, WAIT);
      await waitFor(() =>
        expect(screen.getByText(/of 5 entries/)).toHaveTextContent(
          `5 of 5 entries · 9 requests · ${sandbox.charged} credits`,
        ),
      );
      const entries = within(list).getAllByRole('listitem');
      expect(entries[0]).toHaveTextContent(/Tracker run of “Tea”: 2 Search requests/);
      expect(entries[0]).toHaveTextContent('40 credits');
      expect(entries[1]).toHaveTextContent(/Batch of 4 Search requests/);
      expect(entries[1]).toHaveTextContent('80 credits');
      expect(entries[2]).toHaveTextContent(/HTTP 404/);
      expect(entries[2]).toHaveTextContent('5 credits');
    },
  );
});
