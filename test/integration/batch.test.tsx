import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

const BATCH = { timeout: 20_000 };

const searches = async () =>
  (await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/search');

/** Types queries and a second locale into the New batch form. */
async function fillBatch(
  user: ReturnType<typeof renderApp>['user'],
  queries: string,
  second: { country: string; language: string } | null = { country: 'gb', language: 'en' },
) {
  const field = await screen.findByRole('textbox', { name: 'Queries' }, BATCH);
  await user.click(field);
  await user.paste(queries);
  if (second) {
    await user.click(screen.getByRole('button', { name: 'Add a locale' }));
    await user.type(screen.getByRole('combobox', { name: 'Country (locale 2)' }), second.country);
    await user.type(screen.getByRole('combobox', { name: 'Language (locale 2)' }), second.language);
  }
}

const progress = () => screen.getByTestId('batch-progress');

describe('the batch view', () => {
  test('counts what the intake dropped and refused, and prices the matrix before anything is sent', async () => {
    const { user } = renderApp('/batch');
    await fillBatch(user, 'coffee\n\n  Coffee \ntea\n' + 'x'.repeat(2100) + '\nmilk\n');
    expect(screen.getByTestId('intake-counts')).toHaveTextContent(
      '3 queries · 1 blank line dropped · 1 repeat dropped · 1 line refused',
    );
    expect(screen.getByRole('list', { name: 'Refused lines' })).toHaveTextContent(/Line 5/);
    const plan = screen.getByTestId('batch-plan');
    expect(plan).toHaveTextContent('Requests: 6 (one per query and locale)');
    expect(plan).toHaveTextContent('6 requests to send: 6 × 20 = 120 credits (published)');
    await waitFor(() => expect(plan).toHaveTextContent('Credits left after: 99,880'));
    await user.type(screen.getByRole('textbox', { name: 'Stop at' }), '50');
    expect(plan).toHaveTextContent(
      'The cap: stops the run after 2 requests; the other 4 would cost 80 credits more',
    );
    expect(
      screen.getByRole('button', { name: /^Run batch · 6 requests · 6 × 20 = 120 credits/ }),
    ).toBeEnabled();
    expect(await searches()).toHaveLength(0);
  });

  test('runs queries × locales, shows each cell, and the cap stops it before the request that would cross it', async () => {
    const { user } = renderApp('/batch');
    await fillBatch(user, 'coffee\ntea\nmilk');
    await user.type(screen.getByRole('textbox', { name: 'Stop at' }), '90');
    await user.click(screen.getByRole('button', { name: /^Run batch · 6 requests/ }));
    const hold = await screen.findByRole('alert', {}, BATCH);
    expect(hold).toHaveTextContent(
      'The cap of 90 credits stops the run here: the next request would cross it. 2 requests left would cost 40 credits more.',
    );
    expect(await searches()).toHaveLength(4);
    const counts = screen.getByRole('list', { name: 'Cells by state' });
    expect(counts).toHaveTextContent('answered: 4');
    expect(counts).toHaveTextContent('not checked: 2');
    expect(progress()).toHaveTextContent('4 done · 0 failed · 2 left · 80 credits spent');

    await user.click(within(hold).getByRole('button', { name: /^Continue without a cap/ }));
    await waitFor(() => expect(progress()).toHaveTextContent('6 done · 0 failed · 0 left'), BATCH);
    expect(await searches()).toHaveLength(6);
    const table = screen.getByRole('region', { name: 'Batch cells' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(
      within(table).getByRole('link', { name: 'Open “tea” (GB · en) in Search (0 credits)' }),
    ).toHaveAttribute('href', '/search?query=tea&country=gb&language=en');
  });
});
