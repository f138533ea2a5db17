import { act, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { parseCsv } from '../parse-csv.ts';
import { organicResults } from '../../src/sandbox/data/search.ts';
import { captureDownloads } from '../downloads.ts';
import { renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

async function runSearch(route: string) {
  const app = renderApp(route);
  await app.user.click(await screen.findByRole('button', { name: /Search · 20 credits/ }));
  const list = await screen.findByRole('list', { name: 'Organic results' });
  return { ...app, list };
}

const cards = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .filter((li) => li.parentElement === list);

describe('search explorer', () => {
  test('shows every result as a card in rank order with all its fields', async () => {
    const { list } = await runSearch('/search?query=best+running+shoes');
    const expected = organicResults({ query: 'best running shoes' });
    const items = cards(list);
    expect(items).toHaveLength(expected.length);
    items.forEach((item, i) => {
      const r = expected[i]!;
      expect(within(item).getByLabelText(`Rank ${r.rank}`)).toBeInTheDocument();
      const title = within(item).getByRole('link', {
        name: new RegExp(r.title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      });
      expect(title).toHaveAttribute('href', r.link);
      expect(title).toHaveAttribute('target', '_blank');
      expect(title).toHaveAttribute('rel', 'noopener noreferrer');
      expect(item).toHaveTextContent(r.displayed_link);
      expect(item).toHaveTextContent(r.snippet);
      if (r.date) expect(item).toHaveTextContent(r.date);
      if (r.missing.length) expect(item).toHaveTextContent(`Missing: ${r.missing.join('')}`);
      if (r.extended_sitelinks.length) {
        const chips = within(within(item).getByRole('list', { name: 'Sitelinks' })).getAllByRole(
          'link',
        );
        expect(chips.map((c) => c.getAttribute('href'))).toEqual(
          r.extended_sitelinks.map((s) => s.link),
        );
      }
    });
    expect(screen.getByTestId('results-header')).toHaveTextContent(
      new RegExp(`^${expected.length} results · \\d+ ms · 20 credits$`),
    );
  });

  test('a card can show its own JSON', async () => {
    const { list, user } = await runSearch('/search?query=coffee');
    const first = cards(list)[0]!;
    await user.click(within(first).getByText('JSON'));
    // The JSON viewer's code may still be on its way.
    expect(await within(first).findByRole('button', { name: 'Copy result 1' })).toBeInTheDocument();
  });

  test('the domain spotlight highlights the domain and lists its ranks', async () => {
    const expected = organicResults({ query: 'coffee' });
    const host = new URL(expected[2]!.link).hostname.replace(/^www\./, '');
    const ranks = expected
      .filter((r) => new URL(r.link).hostname.replace(/^www\./, '').endsWith(host))
      .map((r) => `#${r.rank}`);
    const { list, user } = await runSearch('/search?query=coffee');
    await user.type(screen.getByLabelText('Domain spotlight'), `https://www.${host}/x`);
    expect(screen.getByTestId('spotlight-summary')).toHaveTextContent(
      `${host}: ${ranks.join(', ')}`,
    );
    const lit = cards(list).filter((li) => li.hasAttribute('data-spotlight'));
    expect(lit).toHaveLength(ranks.length);
    await user.clear(screen.getByLabelText('Domain spotlight'));
    await user.type(screen.getByLabelText('Domain spotlight'), 'nowhere.example');
    expect(screen.getByTestId('spotlight-summary')).toHaveTextContent(
      'nowhere.example: not in these results',
    );
  });

  test('a repeated search spends no credits and says it came from the cache', async () => {
    const { user } = await runSearch('/search?query=espresso');
    await user.click(screen.getByRole('button', { name: 'Search · cached · 0 credits' }));
    expect(await screen.findByText('cached · 0 credits')).toBeInTheDocument();
    expect(screen.getByTestId('results-header')).toHaveTextContent('0 credits (cached)');
    const ledger = await sandboxControl.ledger();
    expect(ledger.calls.filter((c) => c.endpoint === '/search')).toHaveLength(1);
    expect(ledger.accounts['demo-key']?.requestUsed).toBe(20);
  });

  test('compare shows the cost first, then both lists with rank changes by link', async () => {
    const { user } = renderApp('/search?query=climate+change&vs_country=gb');
    const compare = await screen.findByRole('button', { name: 'Compare · 2 × 20 = 40 credits' });
    await user.click(compare);
    const us = organicResults({ query: 'climate change', country: 'us' });
    const gb = organicResults({ query: 'climate change', country: 'gb' });
    const gbList = await screen.findByRole('list', { name: 'GB · en results' });
    const rows = within(gbList).getAllByRole('listitem');
    expect(rows).toHaveLength(gb.length);
    gb.forEach((r, i) => {
      const before = us.find((u) => u.link === r.link);
      const expected = !before
        ? 'new'
        : before.rank > r.rank
          ? `up ${before.rank - r.rank}`
          : before.rank < r.rank
            ? `down ${r.rank - before.rank}`
            : 'same';
      expect(rows[i]).toHaveTextContent(expected);
    });
    const common = gb.filter((r) => us.some((u) => u.link === r.link));
    expect(
      within(screen.getByRole('list', { name: 'In both' })).getAllByRole('listitem'),
    ).toHaveLength(common.length);
    const dropped = us.filter((u) => !gb.some((r) => r.link === u.link)).length;
    expect(screen.getByTestId('compare-summary')).toHaveTextContent(
      `${common.length} in common · ${gb.length - common.length} only in GB (en) · ${dropped} only in US (en)`,
    );
    expect(
      within(screen.getByRole('list', { name: 'US · en results' })).getAllByTitle('dropped'),
    ).toHaveLength(dropped);
    expect((await sandboxControl.ledger()).accounts['demo-key']?.requestUsed).toBe(40);
    expect(
      screen.getByRole('button', { name: 'Compare · cached · 0 credits' }),
    ).toBeInTheDocument();
  });

  test('the comparison on screen is in the page URL: going elsewhere and back shows it again from the cache, sending nothing', async () => {
    const { user, router } = renderApp('/search?query=climate+change&vs_country=gb');
    await user.click(await screen.findByRole('button', { name: /^Compare · / }));
    await screen.findByRole('list', { name: 'GB · en results' });
    expect(new URLSearchParams(router.state.location.search).get('compare')).toBe('1');
    const searches = async () =>
      (await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/search').length;
    expect(await searches()).toBe(2);
    await act(() => router.navigate('/account'));
    await act(() => router.navigate('/search?query=climate+change&vs_country=gb&compare=1'));
    expect(await screen.findByRole('list', { name: 'GB · en results' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'US · en results' })).toBeInTheDocument();
    expect(await searches()).toBe(2);
  });

  test('a search run under an open comparison shows its progress and error above it, and the comparison says it is stale', async () => {
    const { user } = renderApp('/search?query=climate+change&vs_country=gb');
    await user.click(await screen.findByRole('button', { name: /^Compare · / }));
    const comparison = screen.getByRole('region', {
      name: 'Compare with another country or language',
    });
    await within(comparison).findByRole('list', { name: 'GB · en results' });
    const above = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

    const query = screen.getByLabelText(/^Query/);
    await user.clear(query);
    await user.type(query, 'climate');
    // Typing alone is no new search: the comparison still stands for the one on screen.
    expect(within(comparison).queryByText(/not the search now on screen/)).toBeNull();
    await sandboxControl.fault({ kind: 'status', status: 503 });
    const release = sandboxControl.hold('search');
    await user.click(screen.getByRole('button', { name: /^Search · / }));
    const progress = await screen.findByText(/Running the search request/);
    expect(above(progress, comparison)).toBe(true);
    expect(within(comparison).getByRole('status')).toHaveTextContent(
      'This comparison is for “climate change” (US (en) against GB (en)), not the search now on screen.',
    );
    release();
    const alert = await screen.findByRole('alert');
    expect(above(alert, comparison)).toBe(true);
    expect(within(comparison).getByText('Show the earlier comparison')).toBeInTheDocument();
  });

  test('compare offers no price and no default before a second country is typed', async () => {
    renderApp('/search?query=tea');
    expect(await screen.findByRole('button', { name: 'Compare' })).toBeInTheDocument();
    const second = screen.getByRole('combobox', { name: /^Second country/ });
    expect(second).not.toHaveAttribute('placeholder');
    expect(second).not.toHaveAccessibleDescription(/Default:/);
  });

  test('compare refuses the same pair as the search and sends nothing', async () => {
    const { user } = renderApp('/search?query=tea&vs_country=us');
    await user.click(await screen.findByRole('button', { name: 'Compare' }));
    expect(screen.getByText(/differs from the search above/)).toBeInTheDocument();
    expect((await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/search')).toEqual(
      [],
    );
  });

  test('compare checks the second pair like the form does and sends nothing when it is wrong', async () => {
    const { user } = renderApp('/search?query=tea&vs_country=usa');
    await user.click(await screen.findByRole('button', { name: /^Compare ·/ }));
    expect(screen.getByLabelText(/^Second country/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Use a two-letter country code such as us or gb.')).toBeInTheDocument();
    expect((await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/search')).toEqual(
      [],
    );
  });

  test('exports the results as CSV and JSON with descriptive file names', async () => {
    const downloads = captureDownloads();
    const { user } = await runSearch('/search?query=cold+brew&country=de&language=de');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    const today = new Date();
    const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(downloads.map((d) => d.filename)).toEqual([
      `search_cold-brew_de_de_${date}.csv`,
      `search_cold-brew_de_de_${date}.json`,
    ]);
    const rows = parseCsv((await downloads[0]!.text()).replace(/^\uFEFF/, ''));
    const expected = organicResults({ query: 'cold brew', country: 'de', language: 'de' });
    expect(rows[0]?.slice(0, 8)).toEqual([
      'rank',
      'title',
      'link',
      'displayed_link',
      'snippet',
      'date',
      'missing',
      'sitelinks_count',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[2]])).toEqual(
      expected.map((r) => [String(r.rank), r.link]),
    );
    const json = JSON.parse(await downloads[1]!.text()) as { organic_results: unknown[] };
    expect(json.organic_results).toHaveLength(expected.length);
  });

  test('the country and language pickers offer codes with names', async () => {
    renderApp('/search?country=fr&language=de');
    expect(await screen.findByTestId('country-name')).toHaveTextContent('France');
    expect(screen.getByTestId('language-name')).toHaveTextContent('German');
    const country = screen.getByLabelText(/^Country/);
    const options = document
      .getElementById(country.getAttribute('list')!)!
      .querySelectorAll('option');
    expect(options.length).toBeGreaterThan(200);
    expect([...options].find((o) => o.value === 'gb')?.textContent).toBe('United Kingdom');
  });

  test.each([
    [
      'service timeout (410)',
      { kind: 'status', status: 410 } as const,
      /gave up after its internal retries/,
    ],
    ['malformed body', { kind: 'malformed' } as const, /web page instead of data/],
    ['truncated body', { kind: 'truncated' } as const, /malformed or cut off/],
    ['dropped connection', { kind: 'drop' } as const, /could not be reached/],
  ])(
    'a %s gives a clear message in place of the results and keeps the form',
    async (_name, fault, message) => {
      await sandboxControl.fault(fault);
      const { user } = renderApp('/search?query=decaf');
      await user.click(await screen.findByRole('button', { name: /Search · 20 credits/ }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByLabelText(/^Query/)).toHaveValue('decaf');
    },
  );

  test('an empty result page says so (the sandbox finds nothing for a query without letters or digits)', async () => {
    const { user } = renderApp('/search?query=%3F%3F%3F');
    await user.click(await screen.findByRole('button', { name: /Search · 20 credits/ }));
    expect(await screen.findByText(/No organic results for this query/)).toBeInTheDocument();
    expect(screen.getByTestId('results-header')).toHaveTextContent(/^0 results/);
  });
});
