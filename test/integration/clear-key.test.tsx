import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createStore, entries } from 'idb-keyval';
import { describe, expect, test } from 'vitest';
import { getApiKey } from '../../src/session/key-store.ts';
import { DATABASES } from '../../src/session/browser-databases.ts';
import { createDemo } from '../../src/workspace/demos/demo-store.ts';
import { trackerFromBatch } from '../../src/workspace/trackers/lib/tracker.ts';
import { saveTracker } from '../../src/workspace/trackers/tracker-storage.ts';
import { renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

// Issue 34, point 4: Clear key forgets everything stored, in every tab, whatever code the page
// had loaded; a tab running a batch when another clears the key stops before paying more.

const WAIT = { timeout: 15_000 };
const stored = (id: keyof typeof DATABASES) =>
  entries(createStore(DATABASES[id].name, DATABASES[id].store));

describe('Clear key', () => {
  test('on /account it forgets a stored tracker and a demo script, though this page never opened their views', async () => {
    await saveTracker(
      trackerFromBatch(
        {
          endpoint: 'search',
          rows: [{ query: 'coffee', params: {} }],
          locales: [{ country: 'us', language: 'en' }],
          cap: null,
          target: 'wikipedia.org',
          competitors: [],
        },
        { id: 'trk', name: 'Coffee', now: Date.now() },
      ),
    );
    createDemo('Pitch');
    await waitFor(async () => expect(await stored('demos')).toHaveLength(1));

    const { user, router } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: /Key ••••-key/ }, WAIT));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear key' }),
    );
    expect(getApiKey()).toBeNull();
    await waitFor(async () => {
      expect(await stored('trackers')).toEqual([]);
      expect(await stored('demos')).toEqual([]);
    });

    await act(() => router.navigate('/trackers'));
    expect(await screen.findByRole('heading', { name: 'Trackers' }, WAIT)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('Reading the stored trackers…')).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('table', { name: 'Your trackers' })).not.toBeInTheDocument();
    expect(screen.queryByText('Coffee')).not.toBeInTheDocument();
  });

  test('cleared in another tab while this one runs a batch: this tab stops before paying for more', async () => {
    const { user } = renderApp('/batch');
    await user.click(await screen.findByRole('textbox', { name: 'Queries' }, WAIT));
    await user.paste('keyword 1\nkeyword 2\nkeyword 3\nkeyword 4');
    await user.selectOptions(screen.getByRole('combobox', { name: 'At most at once' }), '1');
    const release = sandboxControl.hold('search');
    await user.click(screen.getByRole('button', { name: /^Run batch · 4 requests/ }));
    const cell = (query: string) =>
      within(screen.getByRole('region', { name: 'Batch cells' }))
        .getByRole('rowheader', { name: query })
        .closest('tr')!;
    await waitFor(() => expect(cell('keyword 1')).toHaveTextContent('running…'), WAIT);

    // Another tab clears its key: the time arrives here as a storage event.
    const key = 'web-data-dashboard.results-cleared-at';
    const text = String(Date.now());
    act(() => {
      window.localStorage.setItem(key, text);
      window.dispatchEvent(
        new StorageEvent('storage', { key, newValue: text, storageArea: window.localStorage }),
      );
    });
    release();
    await waitFor(() => expect(cell('keyword 1')).toHaveTextContent('answered · 20 credits'), WAIT);
    for (const query of ['keyword 2', 'keyword 3', 'keyword 4'])
      expect(cell(query)).toHaveTextContent('not checked — the key was cleared in another tab');
    // One request was paid, the one in flight; this tab keeps its own key and stored nothing more.
    const searches = (await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/search');
    expect(searches).toHaveLength(1);
    expect(getApiKey()).toBe('demo-key');
    await waitFor(async () => expect(await stored('batches')).toEqual([]));
  });
});
