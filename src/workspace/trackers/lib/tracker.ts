import { matrixOf, type BatchDefinition } from '../../runs/lib/definition.ts';
import type { BatchEndpointId } from '../../runs/lib/endpoints.ts';
import type { Locale } from '../../runs/lib/locale.ts';
import type { Matrix } from '../../runs/lib/matrix.ts';
import { pivotCompetitors } from '../../runs/lib/pivot.ts';

/** How often a tracker runs by itself while a dashboard tab is open. */
export type Cadence = 'off' | 'daily' | 'weekly';

export const CADENCES: readonly Cadence[] = ['off', 'daily', 'weekly'];

/** What is checked after each run (decision 054). */
export interface AlertRules {
  /** The target moves by at least this many places (up or down), or null. */
  moveBy: number | null;
  /** The target leaves the top 10. */
  leavesTop10: boolean;
  /** A competitor ranks above the target where it did not before. */
  competitorOvertakes: boolean;
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
