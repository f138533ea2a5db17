import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { readDemo, type DemoStep } from '../../src/workspace/demos/demo-file.ts';
import { createDemo } from '../../src/workspace/demos/demo-store.ts';
import { stepFromBatch } from '../../src/workspace/demos/demo-steps.ts';
import { renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

/*
 * "Check this script" (issue #36, point 5): every step is played in the page from its
 * recording, nothing is sent (the sandbox's ledger is the judge), and each step is reported as
 * rendering or with what is wrong.
 */

const calls = async () => (await sandboxControl.ledger()).calls.length;

/** The tour's steps of a view. */
async function tourStep(endpoint: string): Promise<DemoStep & { snapshot: object }> {
  const reading = await readDemo(await (await fetch('/api/_sandbox/tour')).text());
  if (!reading.ok) throw new Error(reading.error);
  const step = reading.script.steps.find((s) => s.snapshot?.request.endpoint === endpoint);
  return step as DemoStep & { snapshot: object };
}

test('Check this script plays every step, sends nothing, and says step by step what renders and what is wrong', async () => {
  const search = await tourStep('search');
  const { snapshot } = search;
  const steps: DemoStep[] = [
    { ...search, id: 'ok', title: 'Espresso' },
    {
      ...search,
      id: 'missing',
      title: 'Lost answer',
      snapshot: { ...snapshot, response: { status: 200, contentType: 'application/json' } },
    },
    {
      ...search,
      id: 'unknown',
      title: 'Gone view',
      snapshot: { ...snapshot, request: { endpoint: 'weather', params: {} } },
    },
    {
      ...search,
      id: 'shape',
      title: 'Wrong shape',
      snapshot: { ...snapshot, response: { ...snapshot.response, body: 'not an answer' } },
    },
  ];
  const script = createDemo('Rehearsal', steps);
  const { user } = renderApp(`/demos?script=${script.id}`);
  const editor = await screen.findByRole(
    'heading',
    { name: 'Editing “Rehearsal”' },
    { timeout: 5000 },
  );
  expect(editor).toBeInTheDocument();
  // The header's account read on open is the page's, not the check's: counted before it starts.
  await screen.findByRole('link', { name: /^[\d,]+ credits left$/ }, { timeout: 5000 });
  const before = await calls();

  await user.click(screen.getByRole('button', { name: 'Check this script' }));
  // The page is left for each step's view and comes back to the script with its report.
  const report = () => screen.getByRole('region', { name: 'Check of the script' });
  await waitFor(
    () =>
      expect(within(report()).getByRole('status')).toHaveTextContent('3 of 4 steps do not render.'),
    { timeout: 30_000 },
  );
  const lines = within(report())
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(lines[0]).toBe('Search · “Espresso”: renders');
  expect(lines[1]).toBe(
    'Search · “Lost answer”: does not render: its answer is missing from the recording',
  );
  expect(lines[2]).toMatch(/^weather · “Gone view”: does not render: its answer is for “weather”/);
  expect(lines[3]).toMatch(
    /^Search · “Wrong shape”: does not render: its answer.s response does not have the shape/,
  );
  // Back on the script, the demo over; nothing reached the sandbox.
  expect(screen.queryByRole('button', { name: /^Leave demo/ })).not.toBeInTheDocument();
  expect(await calls()).toBe(before);
}, 60_000);

test('a check whose last step is a batch comes back to the script once the batch view took its batch', async () => {
  const search = await tourStep('search');
  const batch = await stepFromBatch({
    endpoint: 'search',
    rows: [{ query: 'espresso', params: {} }],
    locales: [],
    cap: null,
    target: 'example.com',
  });
  const script = createDemo('Ends on a batch', [{ ...search, id: 'first' }, batch]);
  const { user, router } = renderApp(`/demos?script=${script.id}`);
  await screen.findByRole('heading', { name: 'Editing “Ends on a batch”' }, { timeout: 5000 });
  await user.click(screen.getByRole('button', { name: 'Check this script' }));
  const report = () => screen.getByRole('region', { name: 'Check of the script' });
  await waitFor(
    () => expect(within(report()).getByRole('status')).toHaveTextContent(/Every step renders/),
    { timeout: 30_000 },
  );
  // Back on the script, and it stays there: the batch view's own replace came before.
  expect(router.state.location.pathname).toBe('/demos');
  await act(() => new Promise((r) => requestAnimationFrame(r)));
  expect(router.state.location.pathname).toBe('/demos');
  expect(router.state.location.search).toBe(`?script=${script.id}`);
}, 60_000);
