import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, test } from 'vitest';
import type { EndpointId } from '../../src/api/endpoints.ts';
import type { Params } from '../../src/api/params.ts';
import type { JsonResult } from '../../src/api/requests.ts';
import { stepFromResult } from '../../src/workspace/demos/demo-steps.ts';
import { createDemo } from '../../src/workspace/demos/demo-store.ts';
import { playDemo, stopDemo } from '../../src/workspace/demos/play-demo.ts';
import { renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

/*
 * Two steps of one view in a row (issue #36, point 1): the view stays mounted, and the second
 * step's URL state (a comparison, a ladder) shows as recorded, and goes when a step has none.
 */

afterEach(stopDemo);

const press = (key: string) => fireEvent.keyDown(document.body, { key });
const player = () => screen.getByRole('region', { name: 'Demo player' });

/** The answer this tab holds for a request of `endpoint` that `pick` chooses. */
function cachedAnswer(
  queryClient: QueryClient,
  endpoint: EndpointId,
  pick: (p: Params) => boolean,
) {
  const query = queryClient
    .getQueryCache()
    .findAll({ queryKey: [endpoint, 'results'] })
    .find((q) => pick(q.queryKey[2] as Params))!;
  return { params: query.queryKey[2] as Params, answer: query.state.data as JsonResult<unknown> };
}

/**
 * Two steps of the request `pick` chooses, as the recording tab holds it: one as a plain link
 * (`plainSearch`) shows it, one in the view's state now (its URL, its other answers).
 */
async function plainAndAsShown(
  recording: ReturnType<typeof renderApp>,
  endpoint: EndpointId,
  pick: (p: Params) => boolean,
  plainSearch: string,
) {
  const { params, answer } = cachedAnswer(recording.queryClient, endpoint, pick);
  const plain = await stepFromResult(endpoint, params, answer, plainSearch);
  const shown = await stepFromResult(
    endpoint,
    params,
    answer,
    recording.router.state.location.search,
    recording.queryClient,
  );
  return { plain, shown };
}

/** Plays a script in a fresh tab with no key, at its first step. */
async function playFresh(steps: Awaited<ReturnType<typeof stepFromResult>>[]) {
  const script = createDemo('Same view twice', steps);
  const played = renderApp('/demos', { apiKey: null });
  await screen.findByRole('heading', { name: 'Demo scripts' }, { timeout: 5000 });
  act(() => playDemo(script.id));
  await waitFor(() => expect(player()).toHaveTextContent('step 1 of 2'), { timeout: 10_000 });
  return played;
}

test('a search step with its comparison after one without shows the comparison, and Back to the first hides it, sending nothing', async () => {
  const recording = renderApp('/search?query=climate+change&vs_country=gb');
  await recording.user.click(await screen.findByRole('button', { name: /^Compare · / }));
  await screen.findByRole('list', { name: 'GB · en results' }, { timeout: 10_000 });
  const { params, answer } = cachedAnswer(recording.queryClient, 'search', (p) => !p.country);
  const plain = await stepFromResult('search', params, answer, '?query=climate+change');
  const compared = await stepFromResult(
    'search',
    params,
    answer,
    '?query=climate+change&vs_country=gb&compare=1',
    recording.queryClient,
  );
  expect(compared.also).toHaveLength(1);
  recording.unmount();
  const before = (await sandboxControl.ledger()).calls.length;

  await playFresh([plain, compared]);
  await screen.findByText(/^Snapshot from/);
  expect(screen.queryByRole('list', { name: 'GB · en results' })).toBeNull();

  press('ArrowRight');
  await waitFor(() => expect(player()).toHaveTextContent('step 2 of 2'));
  expect(
    await screen.findByRole('list', { name: 'GB · en results' }, { timeout: 5000 }),
  ).toBeInTheDocument();

  press('ArrowLeft');
  await waitFor(() => expect(player()).toHaveTextContent('step 1 of 2'));
  await waitFor(() => expect(screen.queryByRole('list', { name: 'GB · en results' })).toBeNull(), {
    timeout: 5000,
  });
  const sent = (await sandboxControl.ledger()).calls.slice(before);
  expect(sent.filter((c) => c.endpoint !== '/account')).toEqual([]);
}, 30_000);

test('an autocomplete step with its ladder after one without shows the ladder', async () => {
  const recording = renderApp('/autocomplete?query=pizza');
  await recording.user.click(
    await screen.findByRole('button', { name: /^Run ladder · 5 requests/ }),
  );
  await waitFor(
    () => expect(screen.getAllByRole('list', { name: /^Top suggestions for / })).toHaveLength(5),
    { timeout: 10_000 },
  );
  const { params, answer } = cachedAnswer(
    recording.queryClient,
    'autocomplete',
    (p) => p.query === 'pizza',
  );
  const plain = await stepFromResult('autocomplete', params, answer, '?query=pizza');
  const laddered = await stepFromResult(
    'autocomplete',
    params,
    answer,
    '?query=pizza&ladder=1',
    recording.queryClient,
  );
  recording.unmount();

  await playFresh([plain, laddered]);
  expect(screen.queryByRole('list', { name: 'Prefix ladder' })).toBeNull();
  press('ArrowRight');
  await waitFor(() => expect(player()).toHaveTextContent('step 2 of 2'));
  await waitFor(
    () => expect(screen.getAllByRole('list', { name: /^Top suggestions for / })).toHaveLength(5),
    { timeout: 10_000 },
  );
}, 30_000);

test('an autocomplete step with its keyword expansion keeps every letter’s answer and plays the table back with no key', async () => {
  const recording = renderApp('/autocomplete?query=coffee');
  await recording.user.click(
    await screen.findByRole('button', { name: /^Suggest · / }, { timeout: 10_000 }),
  );
  await screen.findByRole('region', { name: 'Suggestions' }, { timeout: 10_000 });
  const section = await screen.findByRole(
    'region',
    { name: 'Keyword expansion' },
    { timeout: 10_000 },
  );
  await recording.user.click(
    within(section).getByRole('button', { name: /^Expand · 26 requests/ }),
  );
  await waitFor(() => expect(within(section).queryByRole('progressbar')).toBeNull(), {
    timeout: 20_000,
  });
  expect(new URLSearchParams(recording.router.state.location.search).get('expand')).toBe('1');
  const rows = within(within(section).getByRole('table')).getAllByRole('row').length;
  const { plain, shown: expanded } = await plainAndAsShown(
    recording,
    'autocomplete',
    (p) => p.query === 'coffee',
    '?query=coffee',
  );
  expect(expanded.also).toHaveLength(26);
  recording.unmount();

  await playFresh([plain, expanded]);
  const played = () => screen.getByRole('region', { name: 'Keyword expansion' });
  expect(within(played()).queryByRole('table')).toBeNull();
  press('ArrowRight');
  await waitFor(() => expect(player()).toHaveTextContent('step 2 of 2'));
  await waitFor(
    () =>
      expect(within(within(played()).getByRole('table')).getAllByRole('row')).toHaveLength(rows),
    { timeout: 10_000 },
  );
}, 60_000);

test('a shorts step keeps the pages "Load more" appended and plays them back, sending nothing', async () => {
  const recording = renderApp('/shorts?query=cats');
  await recording.user.click(
    await screen.findByRole('button', { name: /^Search shorts ·/ }, { timeout: 5000 }),
  );
  const more = async () =>
    recording.user.click(await screen.findByRole('button', { name: /^Load more ·/ }));
  const summary = () => screen.getByRole('region', { name: 'Short video results' });
  await more();
  await waitFor(() => expect(summary()).toHaveTextContent('loaded from 2 pages'), {
    timeout: 10_000,
  });
  await more();
  await waitFor(() => expect(summary()).toHaveTextContent('28 videos loaded from 3 pages'), {
    timeout: 10_000,
  });
  expect(new URLSearchParams(recording.router.state.location.search).get('more')).toBe('2');
  const { plain, shown: loaded } = await plainAndAsShown(
    recording,
    'shorts',
    (p) => !p.start,
    '?query=cats',
  );
  expect(loaded.also).toHaveLength(2);
  recording.unmount();
  const before = (await sandboxControl.ledger()).calls.length;

  await playFresh([plain, loaded]);
  await waitFor(() => expect(summary()).toHaveTextContent('10 videos loaded from 1 page'), {
    timeout: 10_000,
  });
  press('ArrowRight');
  await waitFor(() => expect(player()).toHaveTextContent('step 2 of 2'));
  await waitFor(() => expect(summary()).toHaveTextContent('28 videos loaded from 3 pages'), {
    timeout: 10_000,
  });
  expect((await sandboxControl.ledger()).calls.length).toBe(before);
}, 60_000);
