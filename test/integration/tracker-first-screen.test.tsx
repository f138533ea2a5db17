import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { clearAllDatabases, DATABASES } from '../../src/session/browser-databases.ts';
import {
  firstScreenView,
  paintFirstScreen,
  readFirstScreen,
  unpackFirstScreen,
} from '../../src/workspace/trackers/first-screen-paint.ts';
import { runId, type TrackerRun } from '../../src/workspace/trackers/lib/run.ts';
import { trackerFromBatch, trackerMatrix } from '../../src/workspace/trackers/lib/tracker.ts';
import {
  keepLatestMovers,
  saveRun,
  saveTracker,
} from '../../src/workspace/trackers/tracker-storage.ts';
import { renderApp } from '../render.tsx';

const WAIT = { timeout: 20_000 };
const HOUR = 3_600_000;
const TARGET = 'example.org';
const LOCALES = [
  { country: 'us', language: 'en' },
  { country: 'de', language: 'de' },
];
// 60 cells: more than the table's first page (50), so "Show all" is drawn too.
const QUERIES = Array.from({ length: 30 }, (_, i) => `keyword ${i + 1}`);

const tracker = trackerFromBatch(
  {
    endpoint: 'search',
    rows: QUERIES.map((query) => ({ query, params: {} })),
    locales: LOCALES,
    cap: null,
    target: TARGET,
    competitors: ['rival.example'],
  },
  { id: 'trk', name: 'Keywords', now: Date.now() - 3 * HOUR },
);

/** A run where cell i ranks the target at `rankOf(i)` (null: not in its results). */
function run(startedAt: number, rankOf: (i: number) => number | null): TrackerRun {
  const cells: TrackerRun['cells'] = {};
  trackerMatrix(tracker).cells.forEach((cell, i) => {
    const rank = rankOf(i);
    cells[cell.id] =
      i === 7
        ? { state: 'not-checked' }
        : {
            state: 'answered',
            at: startedAt,
            results: rank === null ? [] : [{ rank, link: `https://${TARGET}/${i % 3}` }],
          };
  });
  return {
    id: runId(startedAt),
    trackerId: tracker.id,
    slot: null,
    startedAt,
    finishedAt: startedAt + 1_000,
    status: 'done',
    credits: 600,
    cells,
  };
}

/** The ids a page gives its labels, by where they point: React's and the boot paint's differ. */
const withoutIds = (html: string) => html.replace(/ (id|for|aria-labelledby)="[^"]*"/g, ' $1="…"');

/** The boot-painted nodes, each beside the app's node in the same place. */
function pairs(painted: Element, app: Element): [string, string][] {
  const out: [string, string][] = [];
  const parts = (root: Element) => {
    const movers = root.querySelector('section section')!;
    const table = movers.querySelector('[role=table]')!;
    return [
      root.querySelector('h2')!,
      root.querySelector('h2 + p')!,
      ...[...movers.children].slice(0, 3),
      movers.querySelector(':scope > .space-y-2 > div:first-child')!,
      ...[...table.children].slice(0, 3),
      ...[...movers.querySelectorAll(':scope > .space-y-2 > button, [role=status]')],
    ];
  };
  const mine = parts(painted);
  const theirs = parts(app);
  mine.forEach((node, i) =>
    out.push([withoutIds(node.outerHTML), withoutIds(theirs[i]!.outerHTML)]),
  );
  return out;
}

describe('a page opened on a tracker, painted from storage before the app (decision 126)', () => {
  test('with no tracker stored, nothing is painted and no database is made', async () => {
    expect(await readFirstScreen('trk', 0)).toBeNull();
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain(DATABASES.trackers.name);
  });

  test('the boot paint draws what the app draws in the same place; after Clear key, nothing', async () => {
    await saveTracker(tracker);
    const now = Date.now();
    const runs = [
      run(now - 2 * HOUR, (i) => (i % 4 === 0 ? null : 20 - (i % 9))),
      run(now - HOUR, (i) => (i % 5 === 0 ? null : 3 + (i % 11))),
    ];
    for (const r of runs) await saveRun(r);
    await keepLatestMovers(tracker.id, runs);

    const stored = await readFirstScreen(tracker.id, 0);
    const view = stored && firstScreenView(unpackFirstScreen(stored));
    expect(view?.rows).toHaveLength(60);
    const root = document.createElement('div');
    root.setAttribute('inert', '');
    root.innerHTML = '<p data-trackers-intro></p><p>Reading the stored trackers…</p>';
    expect(paintFirstScreen(root, view!)).toBe(true);
    const painted = root.querySelector('section')!;
    // The first frame's rows, and the height of the first page's others, as the app draws them.
    expect(painted.querySelectorAll('[role=rowgroup] + [role=rowgroup] [role=row]')).toHaveLength(
      12,
    );
    expect(painted.querySelector('[role=table] > [aria-hidden]')).toHaveStyle({ height: '1102px' });
    // What the static copy showed below would move down: hidden, the app draws it again.
    expect(root.lastElementChild).toHaveTextContent('Reading the stored trackers…');
    expect(root.lastElementChild).toHaveProperty('hidden', true);

    renderApp(`/trackers?tracker=${tracker.id}`);
    const detail = await screen.findByRole('region', { name: 'Keywords' }, WAIT);
    await waitFor(
      () => expect(within(detail).getAllByRole('row').length).toBeGreaterThan(50),
      WAIT,
    );
    // The app sits right after the page's introduction, as the paint does.
    expect(document.querySelector('[data-trackers-intro] + * h2')).toHaveTextContent('Keywords');
    for (const [mine, app] of pairs(painted, detail)) expect(mine).toBe(app);

    // A page already live is not painted over.
    root.removeAttribute('inert');
    expect(paintFirstScreen(root, view!)).toBe(false);
    // Stored before the last Clear key (in any tab), or cleared: nothing to paint.
    expect(await readFirstScreen(tracker.id, Date.now())).toBeNull();
    await clearAllDatabases();
    expect(await readFirstScreen(tracker.id, 0)).toBeNull();
  }, 30_000);
});
