import { runId, type TrackerRun } from '../src/workspace/trackers/lib/run.ts';
import {
  trackerFromBatch,
  trackerMatrix,
  type Tracker,
} from '../src/workspace/trackers/lib/tracker.ts';

/**
 * What the tests of the trackers' boot paint (decision 126) share: a tracker of 60 cells, its
 * runs, and the node-by-node comparison of the painted first screen with the app's first commit.
 */
export const TARGET = 'example.org';
const HOUR = 3_600_000;
// 60 cells: more than the table's first page (50), so "Show all" is drawn too.
const QUERIES = Array.from({ length: 30 }, (_, i) => `keyword ${i + 1}`);

/** A tracker named "Keywords" of 30 queries × us/en and de/de, following TARGET. */
export const keywordsTracker = (id: string): Tracker =>
  trackerFromBatch(
    {
      endpoint: 'search',
      rows: QUERIES.map((query) => ({ query, params: {} })),
      locales: [
        { country: 'us', language: 'en' },
        { country: 'de', language: 'de' },
      ],
      cap: null,
      target: TARGET,
      competitors: ['rival.example'],
    },
    { id, name: 'Keywords', now: Date.now() - 5 * HOUR },
  );

/**
 * A run where cell i ranks the target at `rankOf(i)` (null: not in its results) under a rival
 * ranked first; cell 7 not checked.
 */
export function keywordsRun(
  tracker: Tracker,
  startedAt: number,
  rankOf: (i: number) => number | null,
  suspect?: string,
): TrackerRun {
  const cells: TrackerRun['cells'] = {};
  trackerMatrix(tracker).cells.forEach((cell, i) => {
    const rank = rankOf(i);
    cells[cell.id] =
      i === 7
        ? { state: 'not-checked' }
        : {
            state: 'answered',
            at: startedAt,
            results: [
              { rank: 1, link: 'https://rival.example/', title: 'Rival' },
              ...(rank === null ? [] : [{ rank, link: `https://${TARGET}/${i % 3}`, title: 'T' }]),
            ],
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
    ...(suspect ? { suspect } : {}),
  };
}

/** The ids a page gives its labels, by where they point: React's and the boot paint's differ. */
const withoutIds = (html: string) => html.replace(/ (id|for|aria-labelledby)="[^"]*"/g, ' $1="…"');

/** The boot-painted nodes' markup, each beside the app's node in the same place. */
export function paintedBesideApp(painted: Element, app: Element): [string, string][] {
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
  const theirs = parts(app);
  return parts(painted).map((node, i) => [
    withoutIds(node.outerHTML),
    withoutIds(theirs[i]!.outerHTML),
  ]);
}
