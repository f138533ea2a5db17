import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { captureDownloads } from '../downloads.ts';
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
      screen.getByRole('button', {
        name: /^Run batch · 2 of 6 requests \(cap 50\) · 2 × 20 = 40 credits/,
      }),
    ).toBeEnabled();
    expect(await searches()).toHaveLength(0);
  });

  test('runs queries × locales, shows each cell, and the cap stops it before the request that would cross it', async () => {
    const { user } = renderApp('/batch');
    await fillBatch(user, 'coffee\ntea\nmilk');
    await user.type(screen.getByRole('textbox', { name: 'Stop at' }), '90');
    // The button says what the cap lets the run send and spend, not the whole batch's price.
    await user.click(
      screen.getByRole('button', {
        name: 'Run batch · 4 of 6 requests (cap 90) · 4 × 20 = 80 credits',
      }),
    );
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
      await within(table).findByRole('link', {
        name: 'Open “tea” (GB · en) in Search (0 credits)',
      }),
    ).toHaveAttribute('href', '/search?query=tea&country=gb&language=en');
  });

  test('a batch is one history entry, which reopens it; its requests are not listed one by one', async () => {
    const { user } = renderApp('/batch');
    await fillBatch(user, 'coffee\nsandbox:error-500');
    await user.click(screen.getByRole('button', { name: /^Run batch · 4 requests/ }));
    await waitFor(() => expect(progress()).toHaveTextContent('2 done · 2 failed · 0 left'), BATCH);
    await user.click(screen.getByRole('link', { name: 'History' }));
    const list = await screen.findByRole('list', { name: 'Request history' }, BATCH);
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(1);
    // The 500s are counted at the published cost: the service may charge a 5xx (decision 040).
    expect(entries[0]).toHaveTextContent(/Batch of 4 Search requests/);
    expect(entries[0]).toHaveTextContent(/Failed.*80 credits.*2 answered/);
    expect(entries[0]).toHaveTextContent('2 of 4 cells failed');
    await user.click(within(entries[0]!).getByRole('link', { name: 'Batch of 4 Search requests' }));
    await waitFor(() => expect(progress()).toHaveTextContent('2 done · 2 failed · 0 left'), BATCH);
    expect(await searches()).toHaveLength(4);
  });

  test('Send to batch from the history fills the form with those queries and locales', async () => {
    const { user } = renderApp('/search?query=coffee&country=de&language=de');
    await user.click(await screen.findByRole('button', { name: 'Search · 20 credits' }, BATCH));
    await screen.findByText('Fresh result · 20 credits', {}, BATCH);
    await user.click(screen.getByRole('link', { name: 'History' }));
    await user.click(await screen.findByRole('link', { name: 'Send 1 query to batch' }, BATCH));
    expect(await screen.findByRole('textbox', { name: 'Queries' }, BATCH)).toHaveValue('coffee');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('de');
    expect(screen.getByText('1 query from the history.')).toBeInTheDocument();
    expect(screen.getByTestId('batch-plan')).toHaveTextContent(
      'Already answered in this tab (free): 1',
    );
  });

  test('Send to batch from the keyword expansion fills the Queries field with its keywords', async () => {
    const { user } = renderApp('/autocomplete?query=coffee');
    const section = await screen.findByRole('region', { name: 'Keyword expansion' }, BATCH);
    await user.click(within(section).getByRole('button', { name: /^Expand · 26 requests/ }));
    await waitFor(() => expect(within(section).queryByRole('progressbar')).toBeNull(), BATCH);
    const link = await within(section).findByRole('link', { name: /^Send \d+ keywords to batch$/ });
    const count = Number(/\d+/.exec(link.textContent)![0]);
    await user.click(link);
    const field = await screen.findByRole('textbox', { name: 'Queries' }, BATCH);
    expect((field as HTMLTextAreaElement).value.split('\n')).toHaveLength(count);
    expect(screen.getByTestId('intake-counts')).toHaveTextContent(`${count} queries`);
    expect(screen.getByRole('radio', { name: 'Search' })).toBeChecked();
  }, 40_000);

  test('never has more requests in flight than the number chosen, below the account’s', async () => {
    await sandboxControl.setLatency(20, 20);
    const { user } = renderApp('/batch');
    await fillBatch(user, Array.from({ length: 10 }, (_, i) => `keyword ${i + 1}`).join('\n'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'At most at once' }), '2');
    await user.click(screen.getByRole('button', { name: /^Run batch · 20 requests/ }));
    await waitFor(() => expect(progress()).toHaveTextContent('20 done · 0 failed · 0 left'), BATCH);
    const ledger = await sandboxControl.ledger();
    expect(ledger.accounts['demo-key']!.peakInFlight).toBe(2);
    expect(ledger.calls.filter((c) => c.status === 429)).toEqual([]);
    expect(await searches()).toHaveLength(20);
  });

  test('a paid request that failed is not sent again by itself; Retry failed sends it after saying its cost', async () => {
    await sandboxControl.fault({ kind: 'status', status: 503, times: 1, endpoint: 'search' });
    const { user } = renderApp('/batch');
    await fillBatch(user, 'coffee\ntea', null);
    await user.selectOptions(screen.getByRole('combobox', { name: 'At most at once' }), '1');
    await user.click(screen.getByRole('button', { name: /^Run batch · 2 requests/ }));
    await waitFor(() => expect(progress()).toHaveTextContent('1 done · 1 failed · 0 left'), BATCH);
    const table = screen.getByRole('region', { name: 'Batch cells' });
    // The table follows the counts in a render of its own (a deferred value).
    expect(
      await within(table).findByText('failed — HTTP 503 · credits may have been spent'),
    ).toBeVisible();
    expect(await searches()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Retry failed · 1 request · 20 credits' }));
    await waitFor(() => expect(progress()).toHaveTextContent('2 done · 0 failed · 0 left'), BATCH);
    expect((await searches()).map((c) => c.status)).toEqual([503, 200, 200]);
  });

  test('exports the pivot, every result and the batch file, which loads back into the form', async () => {
    const downloads = captureDownloads();
    const { user } = renderApp('/batch');
    await fillBatch(user, 'coffee\ntea', null);
    await user.click(screen.getByRole('button', { name: /^Run batch · 2 requests/ }));
    await waitFor(() => expect(progress()).toHaveTextContent('2 done · 0 failed · 0 left'), BATCH);
    await user.type(screen.getByRole('textbox', { name: 'Target domain' }), 'wikipedia.org');
    await screen.findByRole('table', { name: /wikipedia\.org by locale/ });
    // The run is over: the domains that rank most often are a click away as competitors.
    const [often] = await screen.findAllByRole(
      'button',
      { name: /^Add .+ as a competitor$/ },
      BATCH,
    );
    const domain = often!.textContent;
    expect(domain).not.toMatch(/wikipedia/);
    await user.click(often!);
    expect(screen.getByRole('textbox', { name: /^Competitors/ })).toHaveValue(domain);
    const files = screen.getByRole('group', { name: 'Export the batch' });
    await user.click(within(files).getByRole('button', { name: 'Pivot CSV' }));
    await user.click(within(files).getByRole('button', { name: 'Results JSON' }));
    await user.click(within(files).getByRole('button', { name: 'Batch file' }));
    const [pivot, results, definition] = downloads;
    expect(pivot!.filename).toMatch(/^batch-pivot_wikipedia-org_\d{4}-\d{2}-\d{2}\.csv$/);
    const pivotLines = (await pivot!.text()).replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(pivotLines[0]).toMatch(/^query,us_en rank,us_en url,us_en [^,]+,best rank,/);
    expect(pivotLines.filter((l) => /^(coffee|tea),/.test(l))).toHaveLength(2);
    const rows = JSON.parse(await results!.text()) as { query: string; country: string }[];
    expect(new Set(rows.map((r) => r.query))).toEqual(new Set(['coffee', 'tea']));
    expect(rows.every((r) => r.country === 'us')).toBe(true);

    // The batch file fills the form again, its target kept for the next batch's pivot.
    await user.clear(screen.getByRole('textbox', { name: 'Queries' }));
    const file = new File([await definition!.text()], definition!.filename, {
      type: 'application/json',
    });
    await user.upload(screen.getByLabelText('Load a batch file'), file);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Queries' })).toHaveValue('coffee\ntea'),
    );
    expect(screen.getByTestId('batch-plan')).toHaveTextContent(
      'Already answered in this tab (free): 2',
    );
  });

  test('an autocomplete batch shows each answer’s results in its cell', async () => {
    const { user } = renderApp('/batch');
    await user.click(await screen.findByRole('radio', { name: 'Autocomplete' }, BATCH));
    await fillBatch(user, 'coffee', null);
    await user.click(screen.getByRole('button', { name: /^Run batch · 1 request · unknown cost/ }));
    const table = screen.getByRole('region', { name: 'Batch cells' });
    expect(await within(table).findByText(/^\d+ results: coffee/, {}, BATCH)).toBeVisible();
    expect(within(table).getByText(/^answered · /)).toBeVisible();
  });
});
