import 'fake-indexeddb/auto';
import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { META_URL } from '../../src/api/meta-queries.ts';
import { askRunnerAhead } from '../../src/prerender/runner-ahead.ts';
import { paintFromRunner } from '../../src/prerender/tracker-first-screen.ts';
import { RUNNER_TOKEN_KEY } from '../../src/session/browser-databases.ts';
import {
  firstScreenView,
  runnerFirstScreen,
} from '../../src/workspace/trackers/first-screen-paint.ts';
import { runForMovers } from '../../src/workspace/trackers/lib/latest-movers.ts';
import { serializeTrackers } from '../../src/workspace/trackers/lib/tracker-file.ts';
import { disconnectRunner } from '../../src/workspace/trackers/runner-connection.ts';
import { keywordsRun, keywordsTracker, paintedBesideApp, TARGET } from '../first-screen-kit.ts';
import { renderApp } from '../render.tsx';

const WAIT = { timeout: 20_000 };
const HOUR = 3_600_000;
const TOKEN = 'runner-door-token-126';
const tracker = keywordsTracker('t-Keywords');
const run = (startedAt: number, rankOf: (i: number) => number | null, suspect?: string) =>
  keywordsRun(tracker, startedAt, rankOf, suspect);

const now = Date.now();
// The newest run, and back to its baseline past a suspect run (decision 091): three runs, so
// each picker offers two.
const runs = [
  run(now - 3 * HOUR, (i) => (i % 4 === 0 ? null : 20 - (i % 9))),
  run(now - 2 * HOUR, (i) => 2 + (i % 7), 'half the answers were empty'),
  run(now - HOUR, (i) => (i % 5 === 0 ? null : 3 + (i % 11))),
];
const CUT_PAGE = `runs?${new URLSearchParams({ tracker: tracker.id, limit: '2', cut: 'movers' })}`;

/**
 * The runner's door (src/runner/http-api.ts) as the page reaches it under /runner/: the
 * token checked, each answer written as the door writes it (the trackers file of
 * `?runs=none`, the cut first page as `loadCutFirstPage` stores it).
 */
function door(path: string, token: string | null): Response {
  const json = (body: unknown) =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  if (token !== TOKEN)
    return new Response('A runner token is needed.', {
      status: 401,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  if (path === 'trackers?runs=none') return json(serializeTrackers([{ tracker, runs: [] }]));
  if (path === CUT_PAGE)
    return json({ runs: runs.map((r) => runForMovers(r, TARGET)), older: 4, cursor: runs[0]!.id });
  if (path.startsWith('runs?')) return json({ runs, older: 4, cursor: runs[0]!.id });
  if (path === 'last-runs')
    return json({ [tracker.id]: { startedAt: runs[2]!.startedAt, status: 'done', credits: 600 } });
  if (path === 'alerts') return json([]);
  if (path === 'schedules')
    return json([{ id: tracker.id, nextDue: null, cron: null, timeZone: null }]);
  return new Response('Not a runner path.', { status: 404 });
}

/** Every path the page asked the runner for, in order. */
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  delete window.__runnerAhead;
  const toSandbox = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    // The dev server's meta, as it answers with RUNNER_URL set (src/server/vite-plugin.ts).
    if (url === META_URL)
      return toSandbox(input, init).then(async (res) =>
        Response.json({ ...((await res.json()) as object), runner: true }),
      );
    if (!url.startsWith('/runner/')) return toSandbox(input, init);
    const path = url.slice('/runner/'.length);
    asked.push(path);
    const token = new Headers(init?.headers).get('x-runner-token');
    return Promise.resolve(door(path, token));
  });
});

afterEach(() => {
  disconnectRunner();
  document.getElementById('root')?.remove();
});

/** The Trackers page's static copy, as prerendered: inert until the app's first commit. */
function staticCopy(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute('inert', '');
  root.innerHTML =
    '<h1>Trackers</h1><p data-trackers-intro></p><p>Reading the stored trackers…</p>';
  document.body.append(root);
  return root;
}

const picked = (root: Element) => [...root.querySelectorAll('select')].map((s) => s.value);

describe('a page opened on a runner’s tracker, painted from the runner’s answers before the app (decision 126)', () => {
  test('the boot paint draws what the app draws in the same place, and the app takes each answer once', async () => {
    window.sessionStorage.setItem(RUNNER_TOKEN_KEY, TOKEN);
    const root = staticCopy();
    askRunnerAhead(tracker.id);
    const painting = paintFromRunner(tracker.id);
    // The five reads, asked at once, the runs first (decision 120).
    expect(asked).toEqual([CUT_PAGE, 'trackers?runs=none', 'last-runs', 'alerts', 'schedules']);
    await painting;
    const painted = root.querySelector('[data-trackers-intro] + section')!;
    expect(painted).not.toBeNull();
    expect(painted.querySelector('h2')).toHaveTextContent('Keywords');
    // The first frame's rows, and the height of the first page's others, as the app draws them.
    expect(painted.querySelectorAll('[role=rowgroup] + [role=rowgroup] [role=row]')).toHaveLength(
      12,
    );
    expect(root.lastElementChild).toHaveProperty('hidden', true);
    // The pickers offer the runs the detail offers (the suspect run too), the pair picked.
    expect(painted.querySelectorAll('select')[0]!.options).toHaveLength(2);
    expect(picked(painted).slice(0, 2)).toEqual([runs[0]!.id, runs[2]!.id]);

    const { container } = renderApp(`/trackers?runner=${tracker.id}`);
    const detail = await within(container).findByRole('region', { name: 'Keywords' }, WAIT);
    await waitFor(
      () => expect(within(detail).getAllByRole('row').length).toBeGreaterThan(50),
      WAIT,
    );
    // The app's detail sits right after the page's introduction, as the paint does.
    expect(container.querySelector('[data-trackers-intro] + * h2')).toHaveTextContent('Keywords');
    for (const [mine, app] of paintedBesideApp(painted, detail)) expect(mine).toBe(app);
    expect(picked(painted)).toEqual(picked(detail));
    // The app read the answers the page's head asked (their bodies whole), not the runner again.
    expect(asked.filter((p) => p === CUT_PAGE)).toHaveLength(1);
    expect(asked.filter((p) => p === 'trackers?runs=none')).toHaveLength(1);
  }, 60_000);

  test('without a token nothing is asked or drawn; on a 401 nothing is drawn and the app says so', async () => {
    const root = staticCopy();
    const copy = root.innerHTML;
    askRunnerAhead(tracker.id);
    expect(asked).toEqual([]);
    expect(window.__runnerAhead).toBeUndefined();

    window.sessionStorage.setItem(RUNNER_TOKEN_KEY, 'not-the-token');
    askRunnerAhead(tracker.id);
    await paintFromRunner(tracker.id);
    expect(asked).toHaveLength(5);
    expect(root.innerHTML).toBe(copy);
    // The app takes the refused answer and reads it as it always did.
    const { container } = renderApp(`/trackers?runner=${tracker.id}`);
    expect(
      await within(container).findByText(/The runner refused this token/, undefined, WAIT),
    ).toBeInTheDocument();
    expect(asked.filter((p) => p === CUT_PAGE)).toHaveLength(1);
  }, 60_000);

  test('the painter, in when the reads are not asked yet (two async scripts), draws once they are', async () => {
    window.sessionStorage.setItem(RUNNER_TOKEN_KEY, TOKEN);
    const root = staticCopy();
    const painting = paintFromRunner(tracker.id);
    askRunnerAhead(tracker.id);
    await painting;
    expect(root.querySelector('[data-trackers-intro] + section h2')).toHaveTextContent('Keywords');
    expect(asked).toHaveLength(5);
  });

  test('an answer the screen cannot be drawn from draws nothing', () => {
    const file = JSON.parse(serializeTrackers([{ tracker, runs: [] }])) as unknown;
    const page = { runs: runs.map((r) => runForMovers(r, TARGET)), older: 0, cursor: null };
    expect(firstScreenView(runnerFirstScreen(file, page, tracker.id)!)?.rows).toHaveLength(60);
    // One run: no movers (the app says "Movers need two runs.").
    const one = runnerFirstScreen(file, { ...page, runs: page.runs.slice(2) }, tracker.id);
    expect(firstScreenView(one!)).toBeNull();
    // Not on the runner, not its file, not its page.
    expect(runnerFirstScreen(file, page, 't-other')).toBeNull();
    expect(runnerFirstScreen({ ...(file as object), kind: 'other' }, page, tracker.id)).toBeNull();
    expect(runnerFirstScreen(file, { runs: [{ id: 1 }] }, tracker.id)).toBeNull();
    expect(runnerFirstScreen(file, '<!doctype html>', tracker.id)).toBeNull();
  });
});
