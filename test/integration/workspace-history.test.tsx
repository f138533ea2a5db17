import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { storeHistoryEntries } from '../stored-history.ts';
import { DEMO_KEY, renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

const searches = async () =>
  (await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/search');

type User = ReturnType<typeof renderApp>['user'];

async function search(user: User, query: string) {
  const field = await screen.findByLabelText(/^Query/, {}, { timeout: 5000 });
  await user.clear(field);
  await user.type(field, query);
  await user.click(screen.getByRole('button', { name: 'Search · 20 credits' }));
}

async function openHistory(user: User) {
  const nav = screen.getByRole('navigation', { name: 'Views' });
  await user.click(within(nav).getByRole('link', { name: 'History' }));
  return screen.findByRole('list', { name: 'Request history' }, { timeout: 5000 });
}

describe('request history', () => {
  test('every request is recorded with its outcome, cost and result count, never the key', async () => {
    const { user } = renderApp('/search');
    await search(user, 'green tea');
    await screen.findByText('Fresh result · 20 credits');
    await sandboxControl.fault({ kind: 'status', status: 503, endpoint: 'search' });
    await search(user, 'broken');
    await screen.findByRole('alert');

    const list = await openHistory(user);
    const [failed, ok] = within(list).getAllByRole('listitem');
    expect(ok).toHaveTextContent('Search “green tea”');
    expect(ok).toHaveTextContent(/OK.*20 credits.*\d+ results/);
    expect(failed).toHaveTextContent('Search “broken”');
    expect(failed).toHaveTextContent(/Failed · HTTP 503.*credits unknown/);
    expect(JSON.stringify({ ...window.localStorage })).not.toContain(DEMO_KEY);
  });

  test('the search box and the status filter narrow the list', async () => {
    const { user } = renderApp('/search');
    await search(user, 'espresso');
    await screen.findByText('Fresh result · 20 credits');
    await search(user, 'green tea');
    await screen.findByText('Fresh result · 20 credits');
    await sandboxControl.fault({ kind: 'status', status: 503, endpoint: 'search' });
    await search(user, 'espresso machine');
    await screen.findByRole('alert');

    const list = await openHistory(user);
    await user.type(screen.getByRole('searchbox', { name: 'Search parameters' }), 'espresso');
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Search “espresso machine”', 'Search “espresso”']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Failed');
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Search “espresso machine”']);
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 entries');
  });

  test('reopening an entry shows its cached result for 0 credits and sends nothing', async () => {
    const { user, router } = renderApp('/search');
    await search(user, 'reopen me');
    await screen.findByText('Fresh result · 20 credits');
    const list = await openHistory(user);
    const entry = within(list).getByRole('listitem');
    expect(entry).toHaveTextContent('result cached · opens for 0 credits');
    await user.click(within(entry).getByRole('link', { name: 'Search “reopen me”' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(await screen.findByRole('list', { name: 'Organic results' })).toHaveTextContent(
      /reopen me/i,
    );
    expect(screen.getByTestId('result-source')).toHaveTextContent('cached · 0 credits');
    expect(screen.getByLabelText(/^Query/)).toHaveValue('reopen me');
    expect(await searches()).toHaveLength(1);
  });

  test('an entry whose result is gone reopens its form and waits for Run', async () => {
    const { user, queryClient } = renderApp('/search');
    await search(user, 'forgotten');
    await screen.findByText('Fresh result · 20 credits');
    queryClient.clear();
    const list = await openHistory(user);
    expect(list).not.toHaveTextContent('result cached');
    await user.click(within(list).getByRole('link', { name: 'Search “forgotten”' }));

    expect(await screen.findByLabelText(/^Query/)).toHaveValue('forgotten');
    expect(screen.getByRole('button', { name: 'Search · 20 credits' })).toBeEnabled();
    expect(screen.queryByRole('list', { name: 'Organic results' })).not.toBeInTheDocument();
    expect(await searches()).toHaveLength(1);
  });

  test('entries can be starred, deleted one by one, or all at once after a confirmation', async () => {
    const { user } = renderApp('/search');
    await search(user, 'keep');
    await screen.findByText('Fresh result · 20 credits');
    await search(user, 'drop');
    await screen.findByText('Fresh result · 20 credits');
    const list = await openHistory(user);

    const star = screen.getByRole('button', { name: 'Star Search “keep”' });
    await user.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'Starred only' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', { name: 'Starred only' }));

    await user.click(screen.getByRole('button', { name: 'Delete Search “drop” from the history' }));
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Search “keep”']);

    await user.click(screen.getByRole('button', { name: 'Delete all…' }));
    await user.click(screen.getByRole('button', { name: 'Delete all 1 entries' }));
    expect(await screen.findByText(/No requests yet/)).toBeInTheDocument();
  });
});

test('a long history shows 50 entries, and 50 more per press; a filter starts again at 50', async () => {
  storeHistoryEntries(500);
  const { user } = renderApp('/history');
  const list = await screen.findByRole('list', { name: 'Request history' }, { timeout: 5000 });
  expect(within(list).getAllByRole('listitem')).toHaveLength(50);
  expect(screen.getByRole('status')).toHaveTextContent('500 of 500 entries');

  await user.click(screen.getByRole('button', { name: 'Show 50 more (450 not shown yet)' }));
  expect(within(list).getAllByRole('listitem')).toHaveLength(100);
  // The keyboard goes on from the first entry added, not from the button below them.
  expect(document.activeElement).toHaveTextContent('query 50');
  expect(document.activeElement?.tagName).toBe('A');
  await user.click(screen.getByRole('button', { name: 'Show 50 more (400 not shown yet)' }));
  // An entry past the first pages stars like any other, and the list stays as long.
  const star = screen.getByRole('button', { name: 'Star Search “query 149”' });
  await user.click(star);
  expect(star).toHaveAttribute('aria-pressed', 'true');
  expect(within(list).getAllByRole('listitem')).toHaveLength(150);

  await user.type(screen.getByRole('searchbox', { name: 'Search parameters' }), 'query 1');
  expect(within(list).getAllByRole('listitem')).toHaveLength(50);
  expect(screen.getByRole('status')).toHaveTextContent('176 of 500 entries');
});

describe('the history drawer in a view', () => {
  test("lists the view's recent requests and reopens one for free", async () => {
    const { user } = renderApp('/search');
    await search(user, 'first');
    await screen.findByText('Fresh result · 20 credits');
    await search(user, 'second');
    await screen.findByText('Fresh result · 20 credits');
    await user.click(screen.getByText('Recent Search requests (2)'));
    const drawer = await screen.findByRole('list', { name: 'Recent Search requests' });
    await user.click(within(drawer).getByRole('link', { name: 'Search “first”' }));
    expect(await screen.findByText('cached · 0 credits')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Query/)).toHaveValue('first');
    expect(await searches()).toHaveLength(2);
  });
});
