import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { act, screen, within } from '@testing-library/react';
import { createStore, entries } from 'idb-keyval';
import { describe, expect, test, vi } from 'vitest';
import { loadResultPersistence } from '../../src/app/load-result-persistence.ts';
import { createResultPersistence, storedResultSize } from '../../src/app/result-persistence.ts';
import { routerReady } from '../../src/app/router.tsx';
import { setApiKey } from '../../src/session/key-store.ts';
import { DEMO_KEY, renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

// Answers are stored as Blobs, as a browser's IndexedDB keeps them. fake-indexeddb clones
// with Node's structuredClone, which takes Node's Blob but not jsdom's: this file uses Node's.
vi.stubGlobal('Blob', NodeBlob);

const searches = async () =>
  (await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/search');

/** Everything the results store holds, as text. */
const storedText = async () =>
  JSON.stringify(await entries(createStore('web-data-dashboard', 'results')));

async function searchFor(route: string, maxBytes?: number) {
  const app = renderApp(route, {
    persist: (client) => createResultPersistence(client, { maxBytes }),
  });
  await app.user.click(
    await screen.findByRole('button', { name: 'Search · 20 credits' }, { timeout: 5000 }),
  );
  await screen.findByText('Fresh result · 20 credits');
  await app.persistence!.flush();
  return app;
}

describe('results survive a reload', () => {
  test('after a reload the same search shows its earlier result as cached, with its time, for 0 credits', async () => {
    const first = await searchFor('/search?query=reload');
    first.unmount();

    // As the app does: the persistence code loads beside the first paint.
    renderApp('/search?query=reload', { persist: loadResultPersistence });
    expect(await screen.findByRole('list', { name: 'Organic results' })).toHaveTextContent(
      /reload/i,
    );
    const source = screen.getByTestId('result-source');
    expect(within(source).getByText('cached · 0 credits')).toBeInTheDocument();
    // With the time of the answer it stands for, from before the reload.
    expect(source).toHaveTextContent(/already ran at \w{3} \d{1,2}, \d{4}/);
    expect(await searches()).toHaveLength(1);
  });

  test('a tab that stored nothing paints at once, and visiting does not make it wait next time', async () => {
    const first = renderApp('/search?query=fresh', { persist: loadResultPersistence });
    // As soon as the view's code is here: nothing waits for IndexedDB or the persistence code.
    await act(() => routerReady(first.router));
    expect(screen.getByRole('navigation', { name: 'Views' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Search · 20 credits' });
    await first.persistence!.flush();
    first.unmount();

    const second = renderApp('/search?query=fresh', { persist: loadResultPersistence });
    expect(second.persistence!.hasStored).toBe(false);
    await act(() => routerReady(second.router));
    expect(screen.getByRole('navigation', { name: 'Views' })).toBeInTheDocument();
  });

  test('the stored results never contain the key', async () => {
    await searchFor('/search?query=secret+place');
    const stored = await storedText();
    expect(stored).toContain('secret place');
    expect(stored).not.toContain(DEMO_KEY);
  });

  test('a new key drops the stored results: after a reload the search must be run again', async () => {
    const first = await searchFor('/search?query=switch');
    setApiKey('another-key');
    setApiKey(DEMO_KEY);
    await first.persistence!.flush();
    first.unmount();
    expect(await storedText()).not.toContain('switch');

    renderApp('/search?query=switch', { persist: (client) => createResultPersistence(client) });
    expect(await screen.findByRole('button', { name: 'Search · 20 credits' })).toBeEnabled();
    expect(screen.queryByRole('list', { name: 'Organic results' })).not.toBeInTheDocument();
  });

  test('over the size cap the oldest result is dropped first', async () => {
    const first = await searchFor('/search?query=older');
    const size = storedResultSize(
      first.queryClient.getQueryData(['search', 'results', { query: 'older' }]),
    );
    first.unmount();
    // Room for one answer like it, not two.
    const second = await searchFor('/search?query=newer', size * 1.5);
    second.unmount();
    const stored = await storedText();
    expect(stored).toContain('newer');
    expect(stored).not.toContain('older');
  });
});
