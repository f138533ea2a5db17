import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { captureDownloads } from '../downloads.ts';
import { DEMO_KEY, renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

const searches = async () =>
  (await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/search');

const organicText = () => screen.getByRole('list', { name: 'Organic results' }).textContent;

async function saveSearchSnapshot(query: string) {
  const downloads = captureDownloads();
  const first = renderApp(`/search?query=${encodeURIComponent(query)}`);
  await first.user.click(
    await screen.findByRole('button', { name: 'Search · 20 credits' }, { timeout: 5000 }),
  );
  await screen.findByText('Fresh result · 20 credits');
  const rendered = organicText();
  await first.user.click(screen.getByRole('button', { name: 'Save snapshot' }));
  await waitFor(() => expect(downloads).toHaveLength(1));
  const file = downloads[0]!;
  first.unmount();
  return { file, rendered, text: await file.text() };
}

async function openFile(user: ReturnType<typeof renderApp>['user'], name: string, text: string) {
  await user.upload(
    await screen.findByLabelText('Open snapshot', {}, { timeout: 5000 }),
    new File([text], name, { type: 'application/json' }),
  );
}

describe('snapshots', () => {
  test('a saved snapshot opens in its view read-only, renders the same, and spends nothing', async () => {
    const { file, rendered, text } = await saveSearchSnapshot('snapshot demo');
    expect(file.filename).toMatch(/^search-snapshot-demo-\d{4}-\d\d-\d\d\.snapshot\.json$/);
    expect(text).not.toContain(DEMO_KEY);

    // Another session: nothing cached, and no request may be sent.
    const { user, router } = renderApp('/history');
    await openFile(user, file.filename, text);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    const banner = (await screen.findByText(/Snapshot from/, {}, { timeout: 5000 })).closest(
      '[role="status"]',
    );
    expect(banner).toHaveTextContent(/nothing was sent and no credits were spent/);
    expect(organicText()).toBe(rendered);
    expect(screen.getByLabelText(/^Query/)).toHaveValue('snapshot demo');
    expect(await searches()).toHaveLength(1);
  });

  test('closing the snapshot leaves the form, which waits for Run', async () => {
    const { file, text } = await saveSearchSnapshot('closing');
    const { user } = renderApp('/history');
    await openFile(user, file.filename, text);
    await user.click(await screen.findByRole('button', { name: 'Close snapshot' }));
    expect(screen.queryByRole('list', { name: 'Organic results' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Query/)).toHaveValue('closing');
    expect(await searches()).toHaveLength(1);
  });

  test.each([
    ['not JSON', 'this is { not json', /not valid JSON/],
    ['another JSON file', '{"organic_results": []}', /not a dashboard snapshot/],
    [
      'an unknown endpoint',
      JSON.stringify({
        format: 'web-data-dashboard.snapshot',
        version: 1,
        savedAt: '2026-11-23T10:00:00Z',
        request: { endpoint: 'payments', params: {} },
        response: { status: 200, contentType: 'application/json', body: {} },
      }),
      /“payments”, which has no view/,
    ],
  ])('a file that is %s is refused with a clear message', async (_what, text, message) => {
    const { user, router } = renderApp('/history');
    await openFile(user, 'broken.json', text);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/history');
  });

  test("a snapshot's links are treated like upstream data: only http(s) links are made", async () => {
    const { text } = await saveSearchSnapshot('hostile');
    const file = JSON.parse(text) as {
      response: { body: { organic_results: { link: string }[] } };
    };
    file.response.body.organic_results[0]!.link = 'javascript:alert(1)';
    const { user } = renderApp('/history');
    await openFile(user, 'hostile.snapshot.json', JSON.stringify(file));
    const list = await screen.findByRole('list', { name: 'Organic results' }, { timeout: 5000 });
    for (const link of within(list).getAllByRole('link'))
      expect(link.getAttribute('href')).toMatch(/^https?:/);
  });
});
