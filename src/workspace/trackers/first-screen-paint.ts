import { isRecord } from '../../lib/is-record.ts';
import { DATABASES } from '../../session/browser-databases.ts';
import { localeKey, localeLabel } from '../runs/lib/locale.ts';
import {
  CELL_CLASS,
  HEADER_CLASS,
  KEYWORD_CLASS,
  MOVE_CLASS,
  MOVERS_CAPTION,
  moveText,
  MUTED_CLASS,
  PAGE,
  rankText,
  ROW_CLASS,
  ROW_PX,
  SCOPE_CLASS,
  SELECT_CLASS,
  STATUS_CLASS,
  trackerScope,
  URL_CHANGED_CLASS,
  COLUMNS,
  FIRST_FRAME,
} from './detail-parts.ts';
import {
  baselineBefore,
  currentPair,
  rankInCut,
  runsThatRan,
  type LatestMovers,
} from './lib/latest-movers.ts';
import { unpackMovers, type PackedMovers } from './lib/movers-record.ts';
import { moversBetween, moversDigest, sortMovers, type Mover } from './lib/movers.ts';
import type { TrackerRun } from './lib/run.ts';
import { TRACKERS_KIND, TRACKERS_VERSION } from './lib/tracker-file-write.ts';
import { trackerMatrix, type Tracker } from './lib/tracker.ts';
import { MOVERS_RECORD_SHAPE, TRACKER_RECORD_SHAPE } from './record-shapes.ts';
import { runLabel } from './run-label.ts';

/**
 * The boot paint of a page opened on a tracker (decision 126): a script of the Trackers view's
 * prerendered page reads the tracker and its latest movers record (101) from IndexedDB and
 * draws the detail's first screen (its heading, scope, the movers' controls and first rows)
 * into the page's static copy, before the app's code has arrived; the app's first commit then
 * draws the same screen in the same place (the view waits for the same reads, `ready` in
 * trackers-page.tsx). No React here: DOM calls, with the words and classes of detail-parts.ts.
 * Anything unexpected paints nothing, and the app shows the tracker as it always did.
 */

/** The records a first screen is drawn from, as stored: the movers record still packed (128). */
export interface StoredFirstScreen {
  tracker: Tracker;
  latest: PackedMovers;
}

/**
 * The records a first screen is drawn from: the tracker and its newest runs, oldest first, each
 * cut to the target's best result (`runForMovers`): this browser's latest movers record (101)
 * unpacked, or a runner's cut first page (107, 122).
 */
export interface FirstScreenRecords {
  tracker: Tracker;
  runs: readonly TrackerRun[];
}

const pairOf = (latest: LatestMovers) => (latest.from ? [latest.from, latest.to] : [latest.to]);

export const unpackFirstScreen = ({ tracker, latest }: StoredFirstScreen): FirstScreenRecords => ({
  tracker,
  runs: pairOf(unpackMovers(latest)),
});

const TRACKERS = DATABASES.trackers;

/** The trackers' database when it exists; never creates it (a page opened on a bad link). */
function openIfThere(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(TRACKERS.name);
    } catch {
      return resolve(null);
    }
    // Not there: going on would create it. An aborted first upgrade leaves no database behind.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
    request.onblocked = () => resolve(null);
  });
}

const answer = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
  });

/**
 * A tracker and its latest movers record, read in one transaction and checked as the view's own
 * reads check them: stamped by this version (095), stored after the last Clear key (042), the
 * record made for the tracker's target and its runs still stored. Null otherwise.
 */
export async function readFirstScreen(
  trackerId: string,
  clearedAt: number,
): Promise<StoredFirstScreen | null> {
  const db = await openIfThere();
  if (!db) return null;
  try {
    if (!db.objectStoreNames.contains(TRACKERS.store)) return null;
    const store = db.transaction(TRACKERS.store, 'readonly').objectStore(TRACKERS.store);
    const [tracker, latest, runKeys] = await Promise.all([
      answer<unknown>(store.get(['tracker', trackerId])),
      answer<unknown>(store.get(['movers', trackerId])),
      // ['run', id, runId] keys of this tracker: an array sorts after every string.
      answer(store.getAllKeys(IDBKeyRange.bound(['run', trackerId], ['run', trackerId, []]))),
    ]);
    return checked(tracker, latest, runKeys, clearedAt);
  } catch {
    return null;
  } finally {
    db.close();
  }
}

function checked(
  tracker: unknown,
  latest: unknown,
  runKeys: readonly IDBValidKey[],
  clearedAt: number,
): StoredFirstScreen | null {
  if (!isRecord(tracker) || tracker.shape !== TRACKER_RECORD_SHAPE) return null;
  if (!isRecord(latest) || latest.shape !== MOVERS_RECORD_SHAPE) return null;
  const { shape: _t, ...t } = tracker as unknown as Tracker & { shape: number };
  const { shape: _m, ...packed } = latest as unknown as PackedMovers & { shape: number };
  if ((t.storedAt ?? t.createdAt) <= clearedAt) return null;
  const stored = new Set(runKeys.map((k) => (Array.isArray(k) ? k[2] : undefined)));
  // Checked packed; unpacked by the caller, in a task of its own (unpackFirstScreen).
  return currentPair(packed, t.target, stored) ? { tracker: t, latest: packed } : null;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isTime = (value: unknown): value is number => typeof value === 'number';
const textsOr = (value: unknown): string[] | null =>
  value === undefined ? [] : Array.isArray(value) && value.every(isText) ? value : null;
const localeOf = (value: unknown) =>
  isRecord(value) && isText(value.country) && isText(value.language)
    ? { country: value.country, language: value.language }
    : null;

/**
 * A runner's tracker (from its `GET /runner/trackers?runs=none` answer, a trackers file: 066)
 * and its cut first page (`GET /runner/runs?…&cut=movers`, oldest first), read for its first
 * screen without the schemas (zod is not in the page's boot script): the runner wrote both from
 * records it checked (its import reads files through the same schemas), so the fields the
 * screen reads are taken as they are, each checked for its type. The app reads the same
 * answers through the schemas (runner-client.ts). Null when anything is not as the runner
 * writes it, or the tracker is not in the list.
 */
export function runnerFirstScreen(
  file: unknown,
  page: unknown,
  trackerId: string,
): FirstScreenRecords | null {
  if (!isRecord(file) || file.kind !== TRACKERS_KIND || file.version !== TRACKERS_VERSION)
    return null;
  if (!Array.isArray(file.trackers) || !isRecord(page) || !Array.isArray(page.runs)) return null;
  const entry: unknown = file.trackers.find((t) => isRecord(t) && t.id === trackerId);
  if (!isRecord(entry) || !isRecord(entry.definition)) return null;
  const { definition: d } = entry;
  const competitors = textsOr(d.competitors);
  if (!isText(entry.name) || !isTime(entry.topN) || !isText(d.endpoint) || !competitors)
    return null;
  if (d.target !== undefined && !isText(d.target)) return null;
  if (!Array.isArray(d.rows) || !Array.isArray(d.locales)) return null;
  const locales = d.locales.map(localeOf);
  const rows = d.rows.map((r: unknown) => {
    if (!isRecord(r) || !isText(r.query)) return null;
    const params = r.params ?? {};
    if (!isRecord(params) || !Object.values(params).every(isText)) return null;
    const row = { query: r.query.trim(), params: params as Record<string, string> };
    if (r.locale === undefined) return row;
    const locale = localeOf(r.locale);
    return locale && { ...row, locale };
  });
  if (rows.length === 0 || rows.includes(null) || locales.includes(null)) return null;
  const runs = page.runs as unknown[];
  const run = (r: unknown) =>
    isRecord(r) && isText(r.id) && isTime(r.startedAt) && isText(r.status) && isRecord(r.cells);
  if (!runs.every(run)) return null;
  // What the screen reads of a tracker (as tracker-schemas.ts `trackerOf` makes it); the rest
  // of it is the app's, read through the schema.
  const tracker = {
    id: trackerId,
    name: entry.name,
    endpoint: d.endpoint,
    rows,
    locales,
    target: d.target ?? '',
    competitors,
    topN: entry.topN,
  } as unknown as Tracker;
  return { tracker, runs: runs as TrackerRun[] };
}

/** What the first screen shows, computed as the detail computes it (movers-section.tsx). */
export interface FirstScreenView {
  name: string;
  scope: string;
  from: TrackerRun;
  to: TrackerRun;
  /** The runs each picker offers, as the detail lists them (movers-section.tsx). */
  fromChoices: TrackerRun[];
  toChoices: TrackerRun[];
  digest: string;
  locales: { key: string; label: string }[];
  /** Every row, sorted as the table sorts them first (by the size of the move). */
  rows: Mover[];
}

/** The first screen of these records; null when it has no movers (fewer than two runs). */
export function firstScreenView({ tracker, runs }: FirstScreenRecords): FirstScreenView | null {
  // The pair as the detail picks it from these runs (movers-section.tsx).
  const ran = runsThatRan(runs);
  const to = ran.at(-1);
  const from = to && baselineBefore(ran, to);
  if (!to || !from) return null;
  const matrix = trackerMatrix(tracker);
  // The runs are cut to the target's best result (101, 107): read as they are.
  const movers = moversBetween(matrix.cells, from, to, tracker.target, tracker.topN, rankInCut);
  return {
    name: tracker.name,
    scope: trackerScope(tracker, matrix),
    from,
    to,
    fromChoices: ran.filter((r) => r.startedAt < to.startedAt),
    toChoices: ran.slice(1),
    digest: moversDigest(movers, from.startedAt),
    locales: matrix.locales.map((l) => ({ key: localeKey(l), label: localeLabel(l) })),
    rows: sortMovers(movers, 'size'),
  };
}

type Child = Node | string;

/** The markup React writes for the same element: attributes as given, then the children. */
function element(
  doc: Document,
  tag: string,
  attributes: Record<string, string>,
  ...children: Child[]
): HTMLElement {
  const el = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.append(...children);
  return el;
}

/**
 * The detail's first screen as the app's first commit draws it (tracker-detail.tsx,
 * movers-section.tsx, movers-table.tsx): ids of its own, the rest the same.
 */
export function firstScreenElement(doc: Document, view: FirstScreenView): HTMLElement {
  const h = (tag: string, attributes: Record<string, string>, ...children: Child[]) =>
    element(doc, tag, attributes, ...children);
  const option = (value: string, label: string) => h('option', { value }, label);
  // The picked run is the select's value, as React sets it (a property, not markup).
  const picker = (id: string, label: string, choices: TrackerRun[], picked: TrackerRun) => {
    const select = h(
      'select',
      { id, class: SELECT_CLASS },
      ...choices.map((run) => option(run.id, runLabel(run))),
    ) as HTMLSelectElement;
    select.value = picked.id;
    return h('span', { class: 'flex items-center gap-2' }, h('label', { for: id }, label), select);
  };
  const header = (label: string, sort: string | null) =>
    sort === null
      ? h('div', { role: 'columnheader', class: HEADER_CLASS }, label)
      : h(
          'div',
          { role: 'columnheader', 'aria-sort': sort, class: HEADER_CLASS },
          h('button', { type: 'button', class: 'underline-offset-2 hover:underline' }, label),
        );
  const row = (m: Mover) =>
    h(
      'div',
      { role: 'row', class: ROW_CLASS },
      h(
        'div',
        { role: 'cell', class: `${CELL_CLASS} wrap-anywhere` },
        h(
          'button',
          { type: 'button', class: KEYWORD_CLASS, 'aria-pressed': 'false' },
          m.cell.query,
        ),
      ),
      h('div', { role: 'cell', class: CELL_CLASS }, localeLabel(m.cell.locale)),
      h('div', { role: 'cell', class: CELL_CLASS }, rankText(m.before)),
      h(
        'div',
        { role: 'cell', class: CELL_CLASS },
        rankText(m.after),
        ...(m.urlChanged ? [h('span', { class: URL_CHANGED_CLASS }, '(another URL)')] : []),
      ),
      h('div', { role: 'cell', class: `${CELL_CLASS} ${MOVE_CLASS[m.move]}` }, moveText(m)),
    );
  const first = view.rows.slice(0, FIRST_FRAME);
  const rows = h(
    'div',
    { role: 'rowgroup', class: '[content-visibility:auto]' },
    ...first.map(row),
  );
  rows.style.containIntrinsicSize = `auto ${first.length * ROW_PX}px`;
  // The rest of the first page's height, as the app keeps it until its next frame (RowsToCome).
  const toCome = Math.min(view.rows.length, PAGE) - first.length;
  const kept = h('div', { 'aria-hidden': 'true' });
  kept.style.height = `${toCome * ROW_PX}px`;
  const table = h(
    'div',
    { class: 'space-y-2' },
    h(
      'div',
      { class: 'flex flex-wrap items-center gap-2 text-sm' },
      h('label', { for: 'first-screen-locale' }, 'Locale'),
      h(
        'select',
        { id: 'first-screen-locale', class: SELECT_CLASS },
        option('', 'All locales'),
        ...view.locales.map((l) => option(l.key, l.label)),
      ),
      h('span', { class: MUTED_CLASS }, 'Sort by a column’s name.'),
    ),
    h(
      'div',
      { class: 'overflow-x-auto' },
      h(
        'div',
        {
          role: 'table',
          'aria-labelledby': 'first-screen-caption',
          'aria-busy': 'false',
          class: 'text-sm',
        },
        h('div', { id: 'first-screen-caption', class: 'sr-only' }, MOVERS_CAPTION),
        h(
          'div',
          { role: 'rowgroup', class: 'border-b border-slate-300 dark:border-slate-600' },
          h(
            'div',
            { role: 'row', class: COLUMNS },
            header('Keyword', 'none'),
            header('Locale', null),
            header('Before', 'none'),
            header('After', 'none'),
            header('Move', 'descending'),
          ),
        ),
        rows,
        ...(toCome > 0 ? [kept] : []),
      ),
    ),
    ...(view.rows.length > PAGE
      ? [
          h(
            'button',
            { type: 'button', class: 'text-sm underline' },
            `Show all ${view.rows.length} rows`,
          ),
        ]
      : []),
    h('p', { role: 'status', class: STATUS_CLASS }),
  );
  return h(
    'section',
    { 'aria-labelledby': 'first-screen-title', class: 'space-y-4' },
    h('h2', { id: 'first-screen-title', class: 'text-xl font-semibold' }, view.name),
    h('p', { class: SCOPE_CLASS }, view.scope),
    h(
      'section',
      { 'aria-labelledby': 'first-screen-movers', class: 'space-y-2' },
      h('h3', { id: 'first-screen-movers', class: 'font-semibold' }, 'Movers'),
      h(
        'div',
        { class: 'flex flex-wrap gap-3 text-sm' },
        picker('first-screen-from', 'Since', view.fromChoices, view.from),
        picker('first-screen-to', 'Up to', view.toChoices, view.to),
      ),
      h('p', { class: 'font-medium', 'data-testid': 'movers-digest' }, view.digest),
      table,
    ),
  );
}

/**
 * Draws the first screen into the view's static copy, where the app's detail will be (after the
 * page's introduction), unless the app has already replaced that copy (it is live: no `inert`).
 * Nothing drawn moves: the layout above it is the copy's own, and what was below is hidden.
 */
export function paintFirstScreen(root: Element, view: FirstScreenView): boolean {
  const intro = root.querySelector('[data-trackers-intro]');
  if (!root.hasAttribute('inert') || !intro) return false;
  // What the copy shows below (the list being read, the runner, import) would move down as the
  // screen goes in: hidden instead; the app draws it again below the tracker.
  for (let next = intro.nextElementSibling; next; next = next.nextElementSibling)
    if (next instanceof HTMLElement) next.hidden = true;
  intro.after(firstScreenElement(root.ownerDocument, view));
  return true;
}

/**
 * Paints the first screen into the page's root once the static copy is parsed (the boot
 * script is `async`: it may run before). False when it was not painted.
 */
export async function paintWhenParsed(view: FirstScreenView): Promise<boolean> {
  if (document.readyState === 'loading')
    await new Promise((parsed) => document.addEventListener('DOMContentLoaded', parsed));
  const root = document.getElementById('root');
  return root !== null && paintFirstScreen(root, view);
}
