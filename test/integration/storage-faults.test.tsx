import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { act, screen, within } from '@testing-library/react';
import { clear, createStore, entries, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { createResultPersistence } from '../../src/app/result-persistence.ts';
import { setApiKey } from '../../src/session/key-store.ts';
import { DEMO_KEY, renderApp } from '../render.tsx';

// As in workspace-persistence.test.tsx: fake-indexeddb clones Node's Blobs, not jsdom's.
vi.stubGlobal('Blob', NodeBlob);

const results = createStore('web-data-dashboard', 'results');
const TAB_ID = 'web-data-dashboard.results-id';
const CLEARED_AT = 'web-data-dashboard.results-cleared-at';

// One IndexedDB for the whole file: each test starts with nothing stored.
beforeEach(() => clear(results));

/** Everything the results store holds, as text. */
const storedText = async () => JSON.stringify(await entries(results));

const persist = {
  persist: (client: Parameters<typeof createResultPersistence>[0]) =>
    createResultPersistence(client),
};

async function searchFor(route: string) {
  const app = renderApp(route, persist);
  await app.user.click(
    await screen.findByRole('button', { name: 'Search · 20 credits' }, { timeout: 5000 }),
  );
  await screen.findByText('Fresh result · 20 credits');
  await app.persistence!.flush();
  return app;
}

const notices = () => screen.findByRole('list', { name: 'Notices' });

/** The browser's IndexedDB refusing every write, as it does when the site's quota is used up. */
function refuseWrites(name: string) {
  return vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
    throw new DOMException('refused', name);
  });
}

describe('IndexedDB full or failing', () => {
  test.each([
    [
      'QuotaExceededError',
      "The browser's storage for this site is full, so the latest answers were not kept",
    ],
    ['UnknownError', 'The browser would not store the latest answers'],
  ])(
    'a paid answer still shows, the user is told it will not survive a reload, the history records it (%s)',
    async (error, told) => {
      const refusal = refuseWrites(error);
      const app = await searchFor('/search?query=unkept');
      expect(screen.getByRole('list', { name: 'Organic results' })).toHaveTextContent(/unkept/i);
      expect(await notices()).toHaveTextContent(
        `${told}: they show now, but will not survive a reload.`,
      );
      expect(await storedText()).not.toContain('unkept');
      const nav = screen.getByRole('navigation', { name: 'Views' });
      await app.user.click(within(nav).getByRole('link', { name: 'History' }));
      const history = await screen.findByRole('list', { name: 'Request history' });
      expect(history).toHaveTextContent('Search “unkept”');

      // Once the browser stores again, the notice goes: what shows is kept.
      refusal.mockRestore();
      await app.user.click(within(history).getByRole('link', { name: 'Search “unkept”' }));
      await within(await screen.findByTestId('result-source')).findByText(/cached · 0 credits/);
      await app.user.click(screen.getByRole('button', { name: /^Run again/ }));
      await screen.findByText('Fresh result · 20 credits');
      await app.persistence!.flush();
      expect(await storedText()).toContain('unkept');
      expect(screen.queryByRole('list', { name: 'Notices' })).not.toBeInTheDocument();
    },
  );
});

describe('stored results that cannot be read', () => {
  test.each([
    ['text where a record should be', 'cut off'],
    [
      'a record of an older format',
      {
        buster: 'an-older-format',
        timestamp: Date.now(),
        clientState: { queries: [], mutations: [] },
      },
    ],
    [
      'a record without its queries',
      { buster: '', timestamp: Date.now(), clientState: { queries: 'none' } },
    ],
  ])('%s is dropped with a notice; the view works', async (_what, record) => {
    window.sessionStorage.setItem(TAB_ID, 'stored-tab');
    await set('results:stored-tab', record, results);
    renderApp('/search?query=after+a+drop', persist);
    expect(await notices()).toHaveTextContent(
      'Results stored before could not be read (damaged, or saved by an older version) and were dropped',
    );
    expect(await screen.findByRole('button', { name: 'Search · 20 credits' })).toBeEnabled();
    // Deleted (the tab's new record, empty, may have taken its place).
    expect(await get('results:stored-tab', results)).not.toEqual(record);
  });

  test('one stored answer that no longer reads is dropped with a notice, the others come back', async () => {
    const first = await searchFor('/search?query=kept');
    first.unmount();
    // A second answer whose stored body was cut off.
    const id = window.sessionStorage.getItem(TAB_ID)!;
    const record = (await get<{
      clientState: {
        queries: { queryHash: string; queryKey: unknown[]; state: { data: { body: Blob } } }[];
      };
    }>(`results:${id}`, results))!;
    const [kept] = record.clientState.queries;
    record.clientState.queries.push({
      ...kept!,
      queryHash: '["search","results",{"query":"cut"}]',
      queryKey: ['search', 'results', { query: 'cut' }],
      state: { ...kept!.state, data: { ...kept!.state.data, body: new Blob(['{"organic_res']) } },
    });
    await set(`results:${id}`, record, results);

    renderApp('/search?query=kept', persist);
    expect(await screen.findByRole('list', { name: 'Organic results' })).toHaveTextContent(/kept/i);
    expect(
      within(screen.getByTestId('result-source')).getByText('cached · 0 credits'),
    ).toBeInTheDocument();
    expect(await notices()).toHaveTextContent('Results stored before could not be read');
  });
});

describe('a key cleared in one tab', () => {
  test("deletes every tab's stored results, and a tab that stored its own before it heard does not get them back", async () => {
    const app = await searchFor('/search?query=tab+a');
    const mine = window.sessionStorage.getItem(TAB_ID)!;
    // Another tab's record of its own answers (the same search, its own id).
    const theirs = await get(`results:${mine}`, results);
    await set('results:tab-b', theirs, results);

    act(() => setApiKey(null));
    await app.persistence!.flush();
    await vi.waitFor(async () => expect(await storedText()).toBe('[]'));
    expect(Number(window.localStorage.getItem(CLEARED_AT))).toBeGreaterThan(0);
    app.unmount();

    // Tab B wrote its record again before it heard of the clearing, then reloads with its key.
    await set('results:tab-b', theirs, results);
    window.sessionStorage.setItem(TAB_ID, 'tab-b');
    renderApp('/search?query=tab+a', { ...persist, apiKey: DEMO_KEY });
    expect(await screen.findByRole('button', { name: 'Search · 20 credits' })).toBeEnabled();
    expect(screen.queryByRole('list', { name: 'Organic results' })).not.toBeInTheDocument();
  });

  test('the other tab is told, keeps its key and what it shows, and stores only what it fetches after', async () => {
    const app = await searchFor('/search?query=before+the+clear');
    // Another tab clears its key: the browser tells this one of the mark it wrote.
    act(() => {
      const text = String(Date.now());
      window.localStorage.setItem(CLEARED_AT, text);
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: CLEARED_AT,
          newValue: text,
          storageArea: window.localStorage,
        }),
      );
    });
    expect(await notices()).toHaveTextContent(
      'The API key was cleared in another tab, so the results stored in this browser were deleted: this tab keeps its key, but what it shows now will not survive a reload.',
    );
    expect(screen.getByRole('list', { name: 'Organic results' })).toHaveTextContent(
      /before the clear/i,
    );
    expect(screen.getByTestId('credits-pill')).toHaveTextContent(/credits left/);
    await app.persistence!.flush();
    await vi.waitFor(async () => expect(await storedText()).not.toContain('before the clear'));

    const field = screen.getByLabelText(/^Query/);
    await app.user.clear(field);
    await app.user.type(field, 'after the clear');
    await app.user.click(screen.getByRole('button', { name: 'Search · 20 credits' }));
    await screen.findByText('Fresh result · 20 credits');
    await app.persistence!.flush();
    expect(await storedText()).toContain('after the clear');
  });
});
