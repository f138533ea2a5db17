import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createStore, entries } from 'idb-keyval';
import { describe, expect, test, vi } from 'vitest';
import { abortAllRequests } from '../../src/api/in-flight.ts';
import { createResultPersistence } from '../../src/app/result-persistence.ts';
import { flushBatchStorage } from '../../src/workspace/runs/batch-store.ts';
import { batchSession } from '../../src/workspace/batch/batch-session.ts';
import { setApiKey } from '../../src/session/key-store.ts';
import { renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

// Large answers are stored as Blobs, as a browser's IndexedDB keeps them (see workspace-persistence).
vi.stubGlobal('Blob', NodeBlob);

const BATCH = { timeout: 20_000 };
const persist = { persist: createResultPersistence };

const searches = async () =>
  (await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/search');

const cell = (query: string) =>
  within(screen.getByRole('region', { name: 'Batch cells' }))
    .getByRole('rowheader', { name: query })
    .closest('tr')!;

/**
 * What a reload does to a running batch: the page stops (nothing more is sent or stored), its
 * requests in flight die with it; what was stored is all the next page has.
 */
async function reload(app: ReturnType<typeof renderApp>) {
  batchSession(app.queryClient).stop();
  abortAllRequests();
  await flushBatchStorage();
  await app.persistence!.flush();
  const route = `/batch${app.router.state.location.search}`;
  app.unmount();
  return renderApp(route, persist);
}

describe('a batch across a reload', () => {
  test('reopens with its answers, the request in flight interrupted, and Resume sends only the cells never sent', async () => {
    const first = renderApp('/batch', persist);
    const { user } = first;
    await user.click(await screen.findByRole('textbox', { name: 'Queries' }, BATCH));
    await user.paste('keyword 1\nkeyword 2\nkeyword 3\nkeyword 4');
    await user.selectOptions(screen.getByRole('combobox', { name: 'At most at once' }), '1');

    // One at a time: the first is answered while the run is paused, the second is in flight
    // (held at the sandbox's door) when the page goes away.
    let release = sandboxControl.hold('search');
    await user.click(screen.getByRole('button', { name: /^Run batch · 4 requests/ }));
    await waitFor(() => expect(cell('keyword 1')).toHaveTextContent('running…'));
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    release();
    await waitFor(() => expect(cell('keyword 1')).toHaveTextContent('answered · 20 credits'));
    release = sandboxControl.hold('search');
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(cell('keyword 2')).toHaveTextContent('running…'));
    await user.click(screen.getByRole('button', { name: 'Pause' }));

    const second = await reload(first);
    await waitFor(
      () => expect(cell('keyword 1')).toHaveTextContent('answered · 20 credits'),
      BATCH,
    );
    expect(cell('keyword 2')).toHaveTextContent('interrupted — may have been charged');
    expect(cell('keyword 3')).toHaveTextContent('not checked — never sent');
    expect(cell('keyword 4')).toHaveTextContent('not checked — never sent');
    // The answer came back with the workspace's stored results: it opens for nothing.
    expect(
      within(cell('keyword 1')).getByRole('link', { name: /^Open “keyword 1”/ }),
    ).toBeInTheDocument();
    expect(await searches()).toHaveLength(1);

    await second.user.click(
      screen.getByRole('button', { name: 'Resume · 2 requests never sent · 2 × 20 = 40 credits' }),
    );
    await waitFor(() => expect(cell('keyword 4')).toHaveTextContent('answered'), BATCH);
    expect(cell('keyword 2')).toHaveTextContent('interrupted — may have been charged');
    // The interrupted request never reached the sandbox in this test (its hold is dropped):
    // keyword 1, 3 and 4 are each paid once.
    expect(await searches()).toHaveLength(3);

    // Sending an interrupted cell again is the user's call, after seeing its cost.
    await second.user.click(
      screen.getByRole('checkbox', { name: /^Also retry the 1 interrupted/ }),
    );
    await second.user.click(
      screen.getByRole('button', { name: 'Retry failed · 1 request · 20 credits' }),
    );
    await waitFor(() => expect(cell('keyword 2')).toHaveTextContent('answered'), BATCH);
    expect(await searches()).toHaveLength(4);
    release();
  });

  test('a new batch after a reload takes the stored answers for free', async () => {
    const first = renderApp('/batch', persist);
    await first.user.click(await screen.findByRole('textbox', { name: 'Queries' }, BATCH));
    await first.user.paste('coffee\ntea');
    await first.user.click(screen.getByRole('button', { name: /^Run batch · 2 requests/ }));
    await waitFor(
      () => expect(screen.getByTestId('batch-progress')).toHaveTextContent(/^2 done/),
      BATCH,
    );
    const second = await reload(first);
    await second.user.click(await screen.findByRole('textbox', { name: 'Queries' }, BATCH));
    await second.user.paste('coffee\ntea\nmilk');
    // The reopened batch puts its stored answers back in the cache, one at a time.
    await waitFor(() =>
      expect(screen.getByTestId('batch-plan')).toHaveTextContent(
        'Already answered in this tab (free): 2',
      ),
    );
    await second.user.click(
      screen.getByRole('button', { name: /^Run batch · 1 request · 20 credits/ }),
    );
    await waitFor(() => expect(cell('milk')).toHaveTextContent('answered'), BATCH);
    expect(cell('coffee')).toHaveTextContent('cached · 0 credits');
    expect(await searches()).toHaveLength(3);
  });

  test('a cleared key deletes every stored batch and its answers (decision 042)', async () => {
    const first = renderApp('/batch', persist);
    await first.user.click(await screen.findByRole('textbox', { name: 'Queries' }, BATCH));
    await first.user.paste('coffee');
    await first.user.click(screen.getByRole('button', { name: /^Run batch · 1 request/ }));
    await waitFor(
      () => expect(screen.getByTestId('batch-progress')).toHaveTextContent(/^1 done/),
      BATCH,
    );
    await flushBatchStorage();
    const batches = createStore('web-data-dashboard-batches', 'batches');
    expect((await entries(batches)).length).toBeGreaterThan(0);
    act(() => setApiKey(null));
    await waitFor(async () => expect(await entries(batches)).toEqual([]));
    const route = `/batch${first.router.state.location.search}`;
    first.unmount();
    renderApp(route, persist);
    expect(await screen.findByRole('status', {}, BATCH)).toHaveTextContent(
      'That batch is not stored in this tab any more',
    );
  });
});
