import { checkDomain } from '../../../lib/links.ts';
import { matrixOf, type BatchDefinition } from '../../runs/lib/definition.ts';
import type { BatchEndpointId } from '../../runs/lib/endpoints.ts';
import { parseQueryLines, queryIdentity, type Intake } from '../../runs/lib/intake.ts';
import { checkLocaleFields, type Locale } from '../../runs/lib/locale.ts';
import type { Matrix } from '../../runs/lib/matrix.ts';
import { competitorsOf, MAX_COMPETITORS, pivotCompetitors } from '../../runs/lib/pivot.ts';
import type { TrackerRun } from './run.ts';

/** How often a tracker runs by itself while a dashboard tab is open. */
export type Cadence = 'off' | 'daily' | 'weekly';

export const CADENCES: readonly Cadence[] = ['off', 'daily', 'weekly'];

/** What is checked after each run (decision 054). */
export interface AlertRules {
  /** The target moves by at least this many places (up or down), or null. */
  moveBy: number | null;
  /** The target leaves the top 10. */
  leavesTop10: boolean;
  /** The target enters the top 10 (absent in files of older versions: off). */
  entersTop10?: boolean;
  /** A competitor ranks above the target where it did not before. */
  competitorOvertakes: boolean;
  /** The target enters or leaves the top 3 (absent in files of older versions: off). */
  top3?: boolean;
}

export const DEFAULT_ALERTS: AlertRules = {
  moveBy: 3,
  leavesTop10: true,
  competitorOvertakes: false,
};

/**
 * A batch kept to be run again and again: its requests (a batch's rows and locales), the domain
 * whose ranks it follows and its competitors, what a run may spend, and its cadence.
 */
export interface Tracker {
  id: string;
  name: string;
  createdAt: number;
  /**
   * When this browser last stored it (an import is stored now, whenever it was made): one stored
   * before a key was cleared is never read again. Absent in records of older versions.
   */
  storedAt?: number;
  endpoint: BatchEndpointId;
  rows: BatchDefinition['rows'];
  locales: Locale[];
  target: string;
  competitors: string[];
  /** Credits one run may spend (the queue stops it there), or null. */
  capPerRun: number | null;
  /** Credits all runs of a calendar month may spend, or null. */
  monthlyCap: number | null;
  cadence: Cadence;
  /**
   * When the first run started: scheduled runs fall at anchor + k periods, whenever the ones
   * before actually ran, so the schedule never drifts. Null until the first run.
   */
  anchor: number | null;
  /** The top of the results that movers and alerts count ("new in the top 10"). */
  topN: number;
  alerts: AlertRules;
}

export const DEFAULT_TOP_N = 10;

/** A batch's definition as a tracker: its requests, target and competitors, and its cap per run. */
export function trackerFromBatch(
  definition: BatchDefinition,
  init: { id: string; name: string; now: number },
): Tracker {
  const target = definition.target?.trim() ?? '';
  return {
    id: init.id,
    name: init.name.trim() || (target ? `${target} tracker` : 'Tracker'),
    createdAt: init.now,
    endpoint: definition.endpoint,
    rows: definition.rows.map((r) => ({ ...r, params: { ...r.params } })),
    locales: definition.locales.map((l) => ({ ...l })),
    target,
    competitors: pivotCompetitors(target, definition.competitors ?? []),
    capPerRun: definition.cap,
    monthlyCap: null,
    cadence: 'off',
    anchor: null,
    topN: DEFAULT_TOP_N,
    alerts: { ...DEFAULT_ALERTS },
  };
}

/** The batch a tracker runs: its definition as the batch model reads it (cap per run). */
export function trackerDefinition(tracker: Tracker): BatchDefinition {
  return {
    endpoint: tracker.endpoint,
    rows: tracker.rows,
    locales: tracker.locales,
    cap: tracker.capPerRun,
    target: tracker.target,
    competitors: tracker.competitors,
  };
}

const matrices = new WeakMap<Tracker, Matrix>();

/** A tracker's cells (keyword × locale), the batch model's, worked out once per tracker value. */
export function trackerMatrix(tracker: Tracker): Matrix {
  let matrix = matrices.get(tracker);
  if (!matrix) {
    matrix = matrixOf(tracker);
    matrices.set(tracker, matrix);
  }
  return matrix;
}

/** What a tracker asks and reads: the part of it that makes its cells and its ranks. */
export type TrackerScope = Pick<Tracker, 'target' | 'competitors' | 'rows' | 'locales'>;

/** What it tracks as typed in its form: the competitors one field, the queries one a line. */
export interface ScopeDraft {
  target: string;
  competitors: string;
  queries: string;
  locales: readonly Partial<Locale>[];
}

/** Per field, why it cannot be saved (absent when it can); `localeFields` per locale field. */
export interface ScopeErrors {
  target?: string;
  competitors?: string;
  queries?: string;
  locales?: string;
  localeFields: string[][];
}

export interface ScopeCheck {
  /** The Queries field read as the batch reads it: blanks and repeats counted, lines refused. */
  intake: Intake;
  errors: ScopeErrors;
  /** What the tracker would track, or null while a field is wrong (nothing is saved then). */
  scope: TrackerScope | null;
}

/** A tracker's queries, one a line: each query once, as first spelt (its rows share a line). */
export function queryLines(rows: Tracker['rows']): string {
  const lines = new Map<string, string>();
  for (const row of rows) {
    const identity = queryIdentity(row.query);
    if (!lines.has(identity)) lines.set(identity, row.query);
  }
  return [...lines.values()].join('\n');
}

/** The form's fields as a tracker fills them. */
export const scopeDraft = (tracker: Tracker): ScopeDraft => ({
  target: tracker.target,
  competitors: tracker.competitors.join(', '),
  queries: queryLines(tracker.rows),
  locales: tracker.locales.map((l) => ({ ...l })),
});

/**
 * The rows the Queries field now asks for. A line that was already there keeps its rows as they
 * are (its spelling, a CSV row's own parameters and locale), so its cells keep their ids and
 * their history; a new line is a plain row, crossed with the locales.
 */
function rowsOf(current: Tracker['rows'], intake: Intake): Tracker['rows'] {
  const kept = new Map<string, Tracker['rows']>();
  for (const row of current) {
    const identity = queryIdentity(row.query);
    kept.set(identity, [...(kept.get(identity) ?? []), row]);
  }
  return intake.rows.flatMap(
    ({ query }) => kept.get(queryIdentity(query)) ?? [{ query, params: {} }],
  );
}

function checkCompetitors(text: string, target: string): { domains: string[] } | { error: string } {
  const typed = competitorsOf(text);
  const checked = typed.map(checkDomain);
  const bad = typed.filter((_, i) => 'error' in checked[i]!);
  if (bad.length > 0)
    return {
      error: `Not ${bad.length === 1 ? 'a domain' : 'domains'}: ${bad.map((d) => `“${d}”`).join(', ')}. Write each like rival.com, with commas between them.`,
    };
  const domains = checked.flatMap((c) => ('domain' in c ? [c.domain] : []));
  const distinct = new Set(domains.filter((d) => d !== target));
  if (distinct.size > MAX_COMPETITORS)
    return {
      error: `At most ${MAX_COMPETITORS} competitors (the pivot’s columns): ${distinct.size} given.`,
    };
  return { domains: pivotCompetitors(target, domains) };
}

/**
 * The form's fields checked as the batch checks its own (the catalogue's query rules, the
 * locales' pickers, domains as the pivot reads them): a tracker needs a target domain, a query
 * and a locale; a refused line or a wrong field saves nothing.
 */
export function checkScope(tracker: Tracker, draft: ScopeDraft): ScopeCheck {
  const errors: ScopeErrors = { localeFields: [] };
  const target = draft.target.trim()
    ? checkDomain(draft.target)
    : { error: 'Type the domain whose ranks this tracker follows, like example.com.' };
  if ('error' in target) errors.target = target.error;
  const competitors = checkCompetitors(draft.competitors, 'domain' in target ? target.domain : '');
  if ('error' in competitors) errors.competitors = competitors.error;

  const intake = parseQueryLines(draft.queries, tracker.endpoint);
  if (intake.refused.length > 0)
    errors.queries = `Fix or remove the refused line${intake.refused.length === 1 ? '' : 's'} below.`;
  else if (intake.rows.length === 0) errors.queries = 'A tracker needs at least one query.';

  const locales = checkLocaleFields(tracker.endpoint, draft.locales);
  errors.localeFields = locales.errors;
  if (locales.locales.length === 0 && locales.errors.every((e) => e.length === 0))
    errors.locales = 'A tracker needs at least one locale.';

  const wrong =
    Object.entries(errors).some(([k, v]) => k !== 'localeFields' && v !== undefined) ||
    locales.errors.some((e) => e.length > 0);
  if (wrong || !('domain' in target) || !('domains' in competitors))
    return { intake, errors, scope: null };
  return {
    intake,
    errors,
    scope: {
      target: target.domain,
      competitors: competitors.domains,
      rows: rowsOf(tracker.rows, intake),
      locales: locales.locales,
    },
  };
}

/**
 * The tracker tracking `scope`: its cells are the new rows × locales (a kept query at a kept
 * locale is the same cell, the same id, so its history goes on). Its schedule, caps and runs
 * are untouched; the next run asks the new cells and is priced by them.
 */
export function editTracker(tracker: Tracker, scope: TrackerScope): Tracker {
  return {
    ...tracker,
    target: scope.target.trim(),
    competitors: pivotCompetitors(scope.target, scope.competitors),
    rows: scope.rows.map((r) => ({ ...r, params: { ...r.params } })),
    locales: scope.locales.map((l) => ({ ...l })),
  };
}

/** How an edit changes the cells: new ones, kept ones (their history goes on), no longer asked. */
export interface CellChange {
  added: number;
  kept: number;
  removed: number;
}

export function cellChange(before: Tracker, after: Tracker): CellChange {
  const old = new Set(trackerMatrix(before).cells.map((c) => c.id));
  const now = trackerMatrix(after).cells.map((c) => c.id);
  const kept = now.filter((id) => old.has(id)).length;
  return { added: now.length - kept, kept, removed: old.size - kept };
}

/**
 * How many cells a run was to ask, for "answered N of M". A run that ended here recorded every
 * cell it was to ask (those never sent as not checked), whatever the tracker asks today; a run
 * going on, or one cut short by a closed tab (it recorded only what it sent), the tracker's.
 */
export function cellsToAsk(run: TrackerRun, cellsNow: number): number {
  const recorded = Object.values(run.cells);
  const whole =
    run.status === 'done' || run.fromBatch || recorded.some((c) => c.state === 'not-checked');
  return whole && recorded.length > 0 ? recorded.length : Math.max(recorded.length, cellsNow);
}
