import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { writeFileSync } from 'node:fs';
import { afterAll, expect, test } from 'vitest';
import { storeHistoryEntries } from '../stored-history.ts';
import { renderApp } from '../render.tsx';
import { mountedComponents, renderCounter, type RenderCounter } from '../render-count.ts';

// The bench's deterministic part (issue #28), run in CI with the other tests: how many
// components render per keystroke in a form, counted in React's own tree at each commit
// (test/render-count.ts), with results on screen. A count is the same on any machine and
// under any load; a change that makes a keystroke re-render the results, or the whole view,
// multiplies it. Each ceiling is today's count with some room (a field or two more is
// fine); `npm run bench -- --only renders` prints the counts into docs/benchmarks.md.
export const CEILINGS = {
  'search, query typed with 10 results on screen': 70,
  'history, search typed over 500 entries': 20,
};

const measured: Record<string, { perKeystroke: number; mounted: number; ceiling: number }> = {};

afterAll(() => {
  const out = process.env.RENDER_COUNTS_OUT;
  if (out) writeFileSync(out, JSON.stringify(measured, null, 2));
});

/**
 * Waits for what the layout loads after the first paint (app/first-view.tsx): once mounted,
 * its BackgroundRequests renders on each key too, so the count must not depend on whether
 * that chunk was here before the typing began.
 */
const startupLoaded = () =>
  waitFor(() => expect(mountedComponents()).toContain('BackgroundRequests'));

/**
 * The components rendered per key typed: those of the median key over `text` (a timer's
 * stray commit in one key's time is not the key's), by name.
 */
async function perKeystroke(user: UserEvent, counter: RenderCounter, text: string) {
  const keys: string[][] = [];
  for (const key of text) {
    counter.reset();
    await user.keyboard(key);
    keys.push(counter.commits().flat());
  }
  keys.sort((a, b) => a.length - b.length);
  return keys[Math.floor(keys.length / 2)]!;
}

function record(what: keyof typeof CEILINGS, rendered: string[]) {
  measured[what] = {
    perKeystroke: rendered.length,
    mounted: mountedComponents().length,
    ceiling: CEILINGS[what],
  };
  // The names say which component started rendering on each key.
  expect(rendered.length, `${what}, per keystroke: ${rendered.join(' ')}`).toBeLessThanOrEqual(
    CEILINGS[what],
  );
}

test('typing in the search form with results on screen renders the form, not the results', async () => {
  const counter = renderCounter();
  const { user } = renderApp('/search?query=coffee', { onRender: counter.onRender });
  await user.click(await screen.findByRole('button', { name: /Search · 20 credits/ }));
  await screen.findByRole('list', { name: 'Organic results' });
  await startupLoaded();
  await user.click(screen.getByLabelText(/^Query/));
  const renders = await perKeystroke(user, counter, ' beans');
  expect(screen.getByLabelText(/^Query/)).toHaveValue('coffee beans');
  record('search, query typed with 10 results on screen', renders);
});

test('typing in the history search over 500 entries renders the filter and the list once', async () => {
  storeHistoryEntries(500);
  const counter = renderCounter();
  const { user } = renderApp('/history', { onRender: counter.onRender });
  await screen.findByRole('list', { name: 'Request history' });
  await startupLoaded();
  await user.click(screen.getByRole('searchbox', { name: 'Search parameters' }));
  const renders = await perKeystroke(user, counter, 'query 4');
  expect(screen.getByRole('searchbox', { name: 'Search parameters' })).toHaveValue('query 4');
  record('history, search typed over 500 entries', renders);
});
