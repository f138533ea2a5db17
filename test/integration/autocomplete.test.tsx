import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { abortAllRequests } from '../../src/api/in-flight.ts';
import { suggestions as sandboxSuggestions } from '../../src/sandbox/data/autocomplete.ts';
import { captureDownloads } from '../downloads.ts';
import { renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

/**
 * How long a keyword expansion's 26 answers may take to arrive and render: each renders the
 * table again (twice under StrictMode), which takes jsdom seconds on a loaded 2-core machine.
 */
const BATCH = { timeout: 30_000 };
/** The timeout of a test that waits for a whole expansion. */
const BATCH_TEST = 40_000;

const autocompleteCalls = async () =>
  (await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/engine_autocomplete');

/** The app with fake timers (they still move with real time) and a user whose pauses are fake time. */
async function renderLive(route: string, { keyDelay = 80 } = {}) {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  // Live typing is off by default where a pause may cost credits (decision 068): turned on.
  const view = renderApp(`${route}${route.includes('?') ? '&' : '?'}live=1`);
  // Keys 80 ms apart by default: a person typing at normal speed. In those 80 ms a browser's
  // network carries what was sent; here it shares the test's event loop, so each key waits
  // for it (a completed word's request reaches the sandbox before the next word cancels it).
  const user = userEvent.setup({
    advanceTimers: async (ms) => {
      await vi.advanceTimersByTimeAsync(ms);
      await sandboxControl.carried();
    },
    delay: keyDelay,
  });
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Live typing' })).toBeChecked());
  return { ...view, user, box: screen.getByRole('combobox', { name: /Query/ }) };
}

const shownQuery = () =>
  screen.queryByRole('region', { name: 'Suggestions' })?.getAttribute('data-query') ?? null;

afterEach(() => {
  vi.useRealTimers();
});

describe('autocomplete', () => {
  test('lists suggestions by descending relevance, with their type and the relevance of the text as typed', async () => {
    const { user } = renderApp('/autocomplete?query=how+to');
    await user.click(await screen.findByRole('button', { name: /^Suggest · unknown cost/ }));
    const region = await screen.findByRole('region', { name: 'Suggestions' });
    const items = within(region).getAllByRole('listitem');
    expect(items.length).toBeGreaterThanOrEqual(8);
    const relevance = items.map((li) =>
      Number(li.textContent.match(/(\d[\d,]*)QUERY/)![1]!.replace(/,/g, '')),
    );
    expect(relevance).toEqual([...relevance].sort((a, b) => b - a));
    expect(region).toHaveTextContent(/Relevance of the query as typed: [\d,]+/);
  });

  test('typing “coffee” at normal speed sends one request, after the pause', async () => {
    const { user, box } = await renderLive('/autocomplete');
    await user.type(box, 'coffee');
    expect(await autocompleteCalls()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(shownQuery()).toBe('coffee'));
    expect(await autocompleteCalls()).toHaveLength(1);
    expect(screen.getByTestId('request-count')).toHaveTextContent('1 request sent this session');
  });

  test('three words typed at 80 ms per key, without a pause, send one request per word and end with the whole text', async () => {
    const { user, box } = await renderLive('/autocomplete');
    await user.type(box, 'best coffee ');
    // Each completed word ran at once, without a pause.
    await waitFor(() => expect(shownQuery()).toBe('best coffee'));
    expect(await autocompleteCalls()).toHaveLength(2);
    // The word being typed waits for the pause.
    await user.type(box, 'grinder');
    expect(await autocompleteCalls()).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(shownQuery()).toBe('best coffee grinder'));
    expect(await autocompleteCalls()).toHaveLength(3);
  });

  test('live typing is off by default while a pause’s cost is unknown, the sandbox included', async () => {
    renderApp('/autocomplete');
    const live = await screen.findByRole('switch', { name: 'Live typing' });
    expect(live).not.toBeChecked();
    expect(live).toHaveAccessibleDescription('one request per word or pause · unknown cost');
  });

  test('opening a link with a query sends nothing, even with live typing on', async () => {
    await renderLive('/autocomplete?query=coffee');
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(await autocompleteCalls()).toHaveLength(0);
  });

  test('with live typing off, typing sends nothing and Enter runs', async () => {
    const { user, box } = await renderLive('/autocomplete');
    await user.click(screen.getByRole('switch', { name: 'Live typing' }));
    expect(screen.getByRole('switch', { name: 'Live typing' })).toHaveAccessibleDescription(
      'one request per word or pause · unknown cost',
    );
    await user.type(box, 'tea');
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(await autocompleteCalls()).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shownQuery()).toBe('tea'));
    expect(await autocompleteCalls()).toHaveLength(1);
  });

  test('while newer suggestions load, the earlier ones stay in place with a small loading note and Cancel', async () => {
    const { user, box } = await renderLive('/autocomplete');
    await user.type(box, 'cof');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(shownQuery()).toBe('cof'));
    await sandboxControl.setLatency(2_000);
    await user.type(box, 'f');
    await act(() => vi.advanceTimersByTimeAsync(300));
    const region = screen.getByRole('region', { name: 'Suggestions' });
    expect(await within(region).findByText(/^Loading/)).toHaveTextContent('Loading coff…');
    expect(shownQuery()).toBe('cof');
    expect(screen.queryByText(/Autocomplete running/)).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(region).queryByText(/^Loading/)).toBeNull());
    expect(shownQuery()).toBe('cof');
  });

  test('whatever the latency, the suggestions on screen never go back to an older input and end with the latest', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          // Spaces complete words, which send at once: the same rule holds for them.
          fc.record({ key: fc.constantFrom(...'cofet '), pause: fc.integer({ min: 0, max: 700 }) }),
          { minLength: 2, maxLength: 6 },
        ),
        async (keys) => {
          // Each answer takes 0–1.2 s, so a later request often overtakes an earlier one.
          await sandboxControl.setLatency(0, 1_200);
          // The pauses between keys come from the property itself.
          const { user, box } = await renderLive('/autocomplete', { keyDelay: 0 });
          const typed: string[] = [];
          let lastIndex = -1;
          const check = () => {
            const shown = shownQuery();
            if (shown === null) return;
            const index = typed.lastIndexOf(shown);
            // What is shown is something typed, never older than what was shown before.
            expect(index).toBeGreaterThanOrEqual(lastIndex);
            lastIndex = index;
          };
          // Time passes in slices; answers (real sockets) get a moment to land between them.
          const pass = async (ms: number) => {
            for (let left = ms; left > 0; left -= 50) {
              await act(() => vi.advanceTimersByTimeAsync(Math.min(50, left)));
              await act(() => new Promise((r) => setImmediate(r)));
              check();
            }
          };
          for (const { key, pause } of keys) {
            await user.type(box, key);
            // The request (and what is shown) is the text without its outer spaces.
            typed.push((box as HTMLInputElement).value.trim());
            await pass(pause);
          }
          await pass(1_600);
          // Spaces alone are no query: nothing is sent for them.
          const last = typed.at(-1) || null;
          await waitFor(() => expect(shownQuery()).toBe(last));
          check();
          cleanup();
          abortAllRequests();
          vi.useRealTimers();
        },
      ),
      { numRuns: 10 },
    );
  }, 40_000);

  test('arrow keys move through the suggestions, Enter puts one in the field and Escape closes the list', async () => {
    const { user } = renderApp('/autocomplete?query=cof');
    await user.click(await screen.findByRole('button', { name: /^Suggest ·/ }));
    await screen.findByRole('region', { name: 'Suggestions' });
    // Screen readers hear how many suggestions arrived, for which text.
    expect(screen.getByText(/^\d+ suggestions for cof$/)).toHaveAttribute('role', 'status');
    const box = screen.getByRole('combobox', { name: /Query/ });
    await user.click(box);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Suggestions for cof' });
    const options = within(listbox).getAllByRole('option');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(options.at(-1)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('cof');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(box).toHaveValue(options[1]!.textContent);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    // The list answered "cof": it is not offered again for the text now in the field.
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  test('after a 429 the inspector describes the failed request alone, and no earlier list covers the button or the error', async () => {
    const { user } = renderApp('/autocomplete?query=best+run');
    await user.click(await screen.findByRole('button', { name: /^Suggest ·/ }));
    await screen.findByRole('region', { name: 'Suggestions' });
    const inspector = screen.getByRole('region', { name: 'Request inspector' });
    expect(within(inspector).getByTestId('response-status')).toHaveTextContent('200');
    const box = screen.getByRole('combobox', { name: /Query/ });
    await user.type(box, 'ning');
    // Suggestions for "best run" are not those of "best running": no popup offers them.
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await sandboxControl.fault({ kind: 'status', status: 429 });
    await user.keyboard('{Enter}');
    await screen.findByRole('alert');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(within(inspector).getByTestId('request-url')).toHaveTextContent('query=best%20running');
    expect(within(inspector).getByTestId('response-status')).toHaveTextContent('429');
    expect(within(inspector).queryByText('Size')).toBeNull();
    expect(within(inspector).queryByText('Raw response')).toBeNull();
  });

  test('each suggestion shows the typed text apart from the completion and links to Search with it, spending nothing', async () => {
    const { user, router } = renderApp('/autocomplete?query=Cof&country=gb');
    await user.click(await screen.findByRole('button', { name: /^Suggest ·/ }));
    const region = await screen.findByRole('region', { name: 'Suggestions' });
    const first = within(region).getAllByRole('listitem')[0]!;
    const use = within(first).getByRole('button', { name: /^Use / });
    expect(use.querySelector('strong')?.textContent).not.toMatch(/^cof/i);
    expect(use.textContent.toLowerCase()).toMatch(/^cof/);
    const link = within(first).getByRole('link', { name: /^Search for / });
    const value = use.textContent;
    expect(link).toHaveAttribute(
      'href',
      `/search?query=${encodeURIComponent(value).replace(/%20/g, '+')}&country=gb`,
    );
    const before = (await autocompleteCalls()).length;
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    const calls = (await sandboxControl.ledger()).calls;
    expect(calls.filter((c) => c.endpoint === '/search')).toHaveLength(0);
    expect(await autocompleteCalls()).toHaveLength(before);
  });

  test('a failed request says so and keeps the last good suggestions on screen', async () => {
    const { user, box } = await renderLive('/autocomplete');
    await user.type(box, 'cof');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(shownQuery()).toBe('cof'));
    await sandboxControl.fault({ kind: 'status', status: 503, endpoint: 'autocomplete' });
    await user.type(box, 'f');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(await screen.findByRole('alert')).toHaveTextContent(/HTTP 503/);
    expect(shownQuery()).toBe('cof');
    expect(box).toHaveValue('coff');
  });

  test('the prefix ladder says how many requests it sends before it runs, then shows each prefix', async () => {
    const { user } = renderApp('/autocomplete?query=pizza');
    const ladder = await screen.findByRole('region', { name: 'Prefix ladder' });
    const button = within(ladder).getByRole('button', {
      name: 'Run ladder · 5 requests · unknown cost',
    });
    expect(await autocompleteCalls()).toHaveLength(0);
    await user.click(button);
    const steps = await within(ladder).findByRole('list', { name: 'Prefix ladder' });
    await waitFor(() =>
      expect(
        within(steps)
          .getAllByRole('list')
          .map((l) => l.getAttribute('aria-label')),
      ).toEqual(['p', 'pi', 'piz', 'pizz', 'pizza'].map((p) => `Top suggestions for ${p}`)),
    );
    expect(await autocompleteCalls()).toHaveLength(5);
    expect(
      within(ladder).getByRole('button', { name: /^Run ladder · 0 requests · 0 credits/ }),
    ).toBeInTheDocument();
  });

  test('the ladder on screen is in the page URL: going elsewhere and back shows it again from the cache, sending nothing', async () => {
    const { user, router } = renderApp('/autocomplete?query=pizza');
    const ladder = await screen.findByRole('region', { name: 'Prefix ladder' });
    await user.click(within(ladder).getByRole('button', { name: /^Run ladder · 5 requests/ }));
    const rungs = async () =>
      within(
        await within(await screen.findByRole('region', { name: 'Prefix ladder' })).findByRole(
          'list',
          { name: 'Prefix ladder' },
        ),
      ).findAllByRole('list', { name: /^Top suggestions for / });
    await waitFor(async () => expect(await rungs()).toHaveLength(5));
    expect(new URLSearchParams(router.state.location.search).get('ladder')).toBe('1');
    await act(() => router.navigate('/account'));
    await act(() => router.navigate('/autocomplete?query=pizza&ladder=1'));
    expect(await rungs()).toHaveLength(5);
    expect(await autocompleteCalls()).toHaveLength(5);
  });

  test(
    'keyword expansion merges the 26 letters into unique keywords, never more than the plan’s concurrency at once',
    async () => {
      await sandboxControl.setLatency(30);
      const { user } = renderApp('/autocomplete?query=coffee');
      const section = await screen.findByRole('region', { name: 'Keyword expansion' });
      await user.click(within(section).getByRole('button', { name: /^Expand · 26 requests/ }));
      const table = await within(section).findByRole('table', {}, BATCH);
      await waitFor(() => expect(within(section).queryByRole('progressbar')).toBeNull(), BATCH);
      const expected = new Set(
        [...'abcdefghijklmnopqrstuvwxyz'].flatMap((l) =>
          sandboxSuggestions({ query: `coffee ${l}` }).suggestions.map((s) => s.value),
        ),
      );
      const keywords = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
      expect(new Set(keywords).size).toBe(keywords.length);
      expect(new Set(keywords)).toEqual(expected);
      const ledger = await sandboxControl.ledger();
      expect(ledger.accounts['demo-key']!.peakInFlight).toBeLessThanOrEqual(5);
      console.log(JSON.stringify(ledger.calls.map((c) => c.endpoint + c.status)), ledger.accounts);
      // Every letter answered once; a 429 (the account refresh can take a slot too) was sent again.
      const answered = ledger.calls.filter(
        (c) => c.endpoint === '/engine_autocomplete' && c.status === 200,
      );
      expect(answered).toHaveLength(26);
    },
    BATCH_TEST,
  );

  test(
    'keyword expansion sorts by a column and exports the table as CSV and JSON',
    async () => {
      const downloads = captureDownloads();
      const { user, router } = renderApp('/autocomplete?query=tea');
      const section = await screen.findByRole('region', { name: 'Keyword expansion' });
      await user.click(within(section).getByRole('button', { name: /^Expand ·/ }));
      await waitFor(
        () => expect(within(section).getByText(/unique keywords for/)).toBeInTheDocument(),
        BATCH,
      );
      await waitFor(() => expect(within(section).queryByRole('progressbar')).toBeNull(), BATCH);
      const table = within(section).getByRole('table');
      await user.click(within(table).getByRole('button', { name: 'Keyword' }));
      const names = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(within(table).getByRole('columnheader', { name: 'Keyword' })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
      // The order is the page URL's: a link and a demo step keep it.
      expect(new URLSearchParams(router.state.location.search).get('kwsort')).toBe('keyword');
      await user.click(within(section).getByRole('button', { name: 'Export CSV' }));
      await user.click(within(section).getByRole('button', { name: 'Export JSON' }));
      expect(downloads.map((d) => d.filename)).toEqual([
        expect.stringMatching(/^keywords-tea-\d{4}-\d\d-\d\d\.csv$/),
        expect.stringMatching(/^keywords-tea-\d{4}-\d\d-\d\d\.json$/),
      ]);
      const csv = await downloads[0]!.text();
      expect(csv.split('\r\n')[0]).toBe('keyword,best_relevance,letters');
      expect(csv.trim().split('\r\n')).toHaveLength(names.length + 1);
      const json = JSON.parse(await downloads[1]!.text()) as { query: string; keywords: unknown[] };
      expect(json.query).toBe('tea');
      expect(json.keywords).toHaveLength(names.length);
    },
    BATCH_TEST,
  );

  test('keyword expansion can be cancelled: what waits is never sent', async () => {
    await sandboxControl.setLatency(300);
    const { user } = renderApp('/autocomplete?query=coffee');
    const section = await screen.findByRole('region', { name: 'Keyword expansion' });
    await user.click(within(section).getByRole('button', { name: /^Expand ·/ }));
    expect(
      await within(section).findByRole('progressbar', { name: 'Expand progress' }),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(await within(section).findByText(/^Cancelled after \d+ of 26/)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 700));
    expect((await autocompleteCalls()).length).toBeLessThanOrEqual(5);
  });

  test('locales side by side mark the suggestions only one locale has', async () => {
    const { user } = renderApp('/autocomplete?query=coffee+maker&vs_country=gb');
    const section = await screen.findByRole('region', { name: 'Locales side by side' });
    await user.click(
      within(section).getByRole('button', { name: /^Compare locales · 2 requests/ }),
    );
    const us = await within(section).findByRole('list', {
      name: 'Suggestions for coffee maker · US · en',
    });
    const gb = await within(section).findByRole('list', {
      name: 'Suggestions for coffee maker · GB · en',
    });
    expect(within(gb).getAllByText(/\(only here\)/).length).toBeGreaterThan(0);
    const usValues = within(us)
      .getAllByRole('listitem')
      .map((li) => li.textContent.replace(' (only here)', ''));
    for (const li of within(gb).getAllByRole('listitem')) {
      const value = li.textContent.replace(' (only here)', '');
      expect(li.textContent.endsWith('(only here)')).toBe(!usValues.includes(value));
    }
  });

  test(
    'a 429 during keyword expansion pauses it, says so, and it resumes to the end by itself',
    async () => {
      await sandboxControl.fault({
        kind: 'status',
        status: 429,
        times: 2,
        endpoint: 'autocomplete',
      });
      const { user } = renderApp('/autocomplete?query=tea');
      const section = await screen.findByRole('region', { name: 'Keyword expansion' });
      await user.click(within(section).getByRole('button', { name: /^Expand · 26 requests/ }));
      expect(
        await within(section).findByText(/^Paused: the service said too many requests at once/),
      ).toBeInTheDocument();
      await waitFor(() => expect(within(section).queryByRole('progressbar')).toBeNull(), BATCH);
      expect(within(section).getByText(/unique keywords for/)).toBeInTheDocument();
      expect(within(section).queryByRole('alert')).toBeNull();
      const calls = await autocompleteCalls();
      expect(calls.filter((c) => c.status === 200)).toHaveLength(26);
      expect(calls.filter((c) => c.status === 429)).toHaveLength(2);
    },
    BATCH_TEST,
  );
});
