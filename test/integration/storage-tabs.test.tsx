import { act, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { rememberJobs } from '../../src/features/webhook/lib/jobs-store.ts';
import { renderApp } from '../render.tsx';

const HISTORY = 'web-data-dashboard.history';
const JOBS = 'web-data-dashboard.webhook-jobs';
type User = ReturnType<typeof renderApp>['user'];

const entry = (id: string, query: string, at: number, starred = false) => ({
  id,
  endpoint: 'search',
  params: { query },
  at,
  durationMs: 100,
  status: 'ok',
  credits: 20,
  results: 10,
  starred,
  ...(starred ? { starredAt: at + 1 } : {}),
});

/**
 * Another tab's write, as the browser delivers it: that tab wrote the list it knew, without this
 * tab's latest write (both in the same few milliseconds); localStorage keeps the last write,
 * and this tab hears of it.
 */
function writtenByAnotherTab(key: string, list: object[]) {
  const text = JSON.stringify(list);
  act(() => {
    window.localStorage.setItem(key, text);
    window.dispatchEvent(
      new StorageEvent('storage', { key, newValue: text, storageArea: window.localStorage }),
    );
  });
}

async function search(user: User, query: string) {
  const field = await screen.findByLabelText(/^Query/, {}, { timeout: 5000 });
  await user.clear(field);
  await user.type(field, query);
  await user.click(screen.getByRole('button', { name: 'Search · 20 credits' }));
  await screen.findByText('Fresh result · 20 credits');
}

async function historyLinks(user: User) {
  const nav = screen.getByRole('navigation', { name: 'Views' });
  await user.click(within(nav).getByRole('link', { name: 'History' }));
  const list = await screen.findByRole('list', { name: 'Request history' }, { timeout: 5000 });
  return within(list)
    .getAllByRole('link')
    .map((l) => l.textContent);
}

describe('two tabs write at once', () => {
  test("both tabs' entries are kept, here and for every tab", async () => {
    const { user } = renderApp('/search');
    await search(user, 'mine');
    writtenByAnotherTab(HISTORY, [entry('theirs', 'theirs', Date.now() + 1)]);
    expect(await historyLinks(user)).toEqual(['Search “theirs”', 'Search “mine”']);
    expect(window.localStorage.getItem(HISTORY)).toContain('"mine"');
  });

  test("another tab's delete and star stand, and this tab's new entry stays", async () => {
    const before = Date.now() - 60_000;
    window.localStorage.setItem(
      HISTORY,
      JSON.stringify([entry('two', 'old two', before + 1), entry('one', 'old one', before)]),
    );
    const { user } = renderApp('/search');
    await search(user, 'mine');
    writtenByAnotherTab(HISTORY, [
      entry('two', 'old two', before + 1, true),
      { removed: 'one', at: Date.now() },
    ]);
    expect(await historyLinks(user)).toEqual(['Search “mine”', 'Search “old two”']);
    expect(screen.getByRole('button', { name: 'Star Search “old two”' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

test('webhook jobs two tabs submit at once are both remembered', () => {
  const job = (sid: string, submittedAt: number) => ({
    sid,
    webhookId: 'w1',
    url: 'https://example.com/',
    dynamic: false,
    submittedAt,
  });
  rememberJobs([job('mine', 1)]);
  writtenByAnotherTab(JOBS, [job('theirs', 2)]);
  const stored = JSON.parse(window.localStorage.getItem(JOBS) ?? '[]') as { sid: string }[];
  expect(stored.map((j) => j.sid)).toEqual(['theirs', 'mine']);
});

describe('the history when storage fails', () => {
  test('a history that cannot be read is started afresh, with a notice, and records again', async () => {
    window.localStorage.setItem(HISTORY, '{"entries": [cut off');
    const { user } = renderApp('/search');
    const notices = await screen.findByRole('list', { name: 'Notices' });
    expect(notices).toHaveTextContent(
      'The dashboard could not read the request history stored in this browser',
    );
    await search(user, 'afresh');
    expect(await historyLinks(user)).toEqual(['Search “afresh”']);
    await user.click(within(notices).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('list', { name: 'Notices' })).not.toBeInTheDocument();
  });

  test('a full storage keeps the history for the page, and says it will not survive a reload', async () => {
    // Nearly full: jsdom's localStorage holds 5,000,000 characters per origin, as browsers about do.
    window.localStorage.setItem('filler', 'x'.repeat(4_999_900));
    const { user } = renderApp('/search');
    await search(user, 'unsaved');
    expect(await screen.findByRole('list', { name: 'Notices' })).toHaveTextContent(
      "The browser's storage for this site is full: the request history is kept for this page only and will not survive a reload.",
    );
    expect(await historyLinks(user)).toEqual(['Search “unsaved”']);
  });
});
