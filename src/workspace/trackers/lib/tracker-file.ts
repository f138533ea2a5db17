import { isRecord } from '../../../lib/is-record.ts';
import { maskEchoedKeysInText } from '../../../lib/mask-echoed-keys.ts';
import {
  DEFINITION_KIND,
  parseDefinition,
  serializeDefinition,
} from '../../runs/lib/definition.ts';
import type { KeptResult, RunCell, TrackerRun } from './run.ts';
import { CADENCES, trackerDefinition, type Cadence, type Tracker } from './tracker.ts';

/** What a trackers file says it is, so no other JSON file is read as one. */
export const TRACKERS_KIND = 'web-data-dashboard.trackers';
const VERSION = 1;

export interface TrackerWithRuns {
  tracker: Tracker;
  runs: TrackerRun[];
}

/**
 * Trackers with every run as one file. Every field is picked by name (the requests through the
 * batch file's own writer), so nothing else rides along: no key, no account.
 */
export function serializeTrackers(entries: readonly TrackerWithRuns[], now = new Date()): string {
  const file = {
    kind: TRACKERS_KIND,
    version: VERSION,
    savedAt: now.toISOString(),
    trackers: entries.map(({ tracker: t, runs }) => ({
      id: t.id,
      name: t.name,
      createdAt: t.createdAt,
      definition: JSON.parse(serializeDefinition(trackerDefinition(t))) as unknown,
      monthlyCap: t.monthlyCap,
      cadence: t.cadence,
      anchor: t.anchor,
      topN: t.topN,
      alerts: { ...t.alerts },
      runs: runs.map((r) => ({
        id: r.id,
        slot: r.slot,
        startedAt: r.startedAt,
        finishedAt: r.finishedAt,
        status: r.status,
        ...(r.missedReason ? { missedReason: r.missedReason } : {}),
        credits: r.credits,
        ...(r.compactedTo ? { compactedTo: r.compactedTo } : {}),
        cells: Object.fromEntries(Object.entries(r.cells).map(([id, c]) => [id, keptCell(c)])),
      })),
    })),
  };
  return `${JSON.stringify(file)}\n`;
}

const keptCell = (c: RunCell): RunCell =>
  c.state === 'answered'
    ? {
        state: 'answered',
        at: c.at,
        results: c.results.map((r) => ({
          rank: r.rank,
          link: r.link,
          ...(r.title === undefined ? {} : { title: r.title }),
        })),
      }
    : c.state === 'failed'
      ? { state: 'failed', status: c.status, charged: c.charged }
      : { state: 'not-checked' };

const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isTime = (v: unknown): v is number => isWhole(v) && v >= 0;
const isCount = (v: unknown): v is number | null => v === null || (isWhole(v) && v >= 0);

/**
 * Reads a trackers file back, checking all of it: each tracker's requests as a batch file
 * (the catalogue's checks), its settings, and every run and result as data of known shapes.
 * Links pass through the same masking as snapshots (an `api_key=` in one is hidden). Anything
 * wrong is listed, and nothing of a wrong file is used.
 */
export function parseTrackers(text: string): { entries: TrackerWithRuns[] } | { errors: string[] } {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return { errors: ['The file is not JSON.'] };
  }
  if (!isRecord(file) || file.kind !== TRACKERS_KIND)
    return { errors: ['The file is not a trackers file saved by this dashboard.'] };
  if (file.version !== VERSION)
    return {
      errors: [
        `The file is of version ${String(file.version)}; this dashboard reads version ${VERSION}.`,
      ],
    };
  if (!Array.isArray(file.trackers) || file.trackers.length === 0)
    return { errors: ['The file has no trackers.'] };
  const errors: string[] = [];
  const entries: TrackerWithRuns[] = [];
  (file.trackers as unknown[]).forEach((raw, i) => {
    const where = `Tracker ${i + 1}`;
    const entry = readTracker(raw, where, errors);
    if (entry) entries.push(entry);
  });
  return errors.length > 0 ? { errors } : { entries };
}

function readTracker(raw: unknown, where: string, errors: string[]): TrackerWithRuns | null {
  if (!isRecord(raw) || typeof raw.id !== 'string' || typeof raw.name !== 'string') {
    errors.push(`${where}: a tracker needs an id and a name.`);
    return null;
  }
  const before = errors.length;
  const parsed = parseDefinition(
    JSON.stringify({ ...(isRecord(raw.definition) ? raw.definition : {}), kind: DEFINITION_KIND }),
  );
  if ('errors' in parsed) errors.push(...parsed.errors.map((e) => `${where}: ${e}`));
  if (!isTime(raw.createdAt)) errors.push(`${where}: its creation time is not valid.`);
  if (!isCount(raw.monthlyCap))
    errors.push(`${where}: the monthly cap must be a whole number, or none.`);
  if (!CADENCES.includes(raw.cadence as Cadence))
    errors.push(`${where}: the cadence must be one of ${CADENCES.join(', ')}.`);
  if (!(raw.anchor === null || isTime(raw.anchor)))
    errors.push(`${where}: its schedule's anchor is not valid.`);
  if (!(isWhole(raw.topN) && raw.topN >= 1 && raw.topN <= 100))
    errors.push(`${where}: the top N must be from 1 to 100.`);
  const alerts = raw.alerts;
  if (
    !isRecord(alerts) ||
    !(alerts.moveBy === null || (isWhole(alerts.moveBy) && alerts.moveBy >= 1)) ||
    typeof alerts.leavesTop10 !== 'boolean' ||
    typeof alerts.competitorOvertakes !== 'boolean'
  )
    errors.push(`${where}: its alert rules are not valid.`);
  const runs = Array.isArray(raw.runs)
    ? (raw.runs as unknown[]).flatMap(
        (r, j) => readRun(r, raw.id as string, `${where}, run ${j + 1}`, errors) ?? [],
      )
    : (errors.push(`${where}: it has no list of runs.`), []);
  if (errors.length > before || 'errors' in parsed) return null;
  const d = parsed.definition;
  return {
    tracker: {
      id: raw.id,
      name: raw.name,
      createdAt: raw.createdAt as number,
      endpoint: d.endpoint,
      rows: d.rows,
      locales: d.locales,
      target: d.target ?? '',
      competitors: d.competitors ?? [],
      capPerRun: d.cap,
      monthlyCap: raw.monthlyCap as number | null,
      cadence: raw.cadence as Cadence,
      anchor: raw.anchor as number | null,
      topN: raw.topN as number,
      alerts: {
        moveBy: (alerts as Tracker['alerts']).moveBy,
        leavesTop10: (alerts as Tracker['alerts']).leavesTop10,
        competitorOvertakes: (alerts as Tracker['alerts']).competitorOvertakes,
      },
    },
    runs,
  };
}

const STATUSES: readonly TrackerRun['status'][] = ['done', 'stopped', 'missed'];
const CHARGED = ['yes', 'no', 'unknown'] as const;

function readRun(
  raw: unknown,
  trackerId: string,
  where: string,
  errors: string[],
): TrackerRun | null {
  if (
    !isRecord(raw) ||
    typeof raw.id !== 'string' ||
    !(raw.slot === null || isTime(raw.slot)) ||
    !isTime(raw.startedAt) ||
    !(raw.finishedAt === null || isTime(raw.finishedAt)) ||
    !STATUSES.includes(raw.status as TrackerRun['status']) ||
    !(
      raw.missedReason === undefined ||
      raw.missedReason === 'no-tab' ||
      raw.missedReason === 'monthly-cap'
    ) ||
    !isCount(raw.credits) ||
    raw.credits === null ||
    !(raw.compactedTo === undefined || (isWhole(raw.compactedTo) && raw.compactedTo >= 1)) ||
    !isRecord(raw.cells)
  ) {
    errors.push(`${where}: not a valid run.`);
    return null;
  }
  const cells: Record<string, RunCell> = {};
  for (const [id, c] of Object.entries(raw.cells)) {
    const cell = readCell(c);
    if (!cell) {
      errors.push(`${where}: the cell ${id} is not valid.`);
      return null;
    }
    cells[id] = cell;
  }
  return {
    id: raw.id,
    trackerId,
    slot: raw.slot,
    startedAt: raw.startedAt,
    finishedAt: raw.finishedAt,
    status: raw.status as TrackerRun['status'],
    ...(raw.missedReason ? { missedReason: raw.missedReason as TrackerRun['missedReason'] } : {}),
    credits: raw.credits,
    ...(raw.compactedTo ? { compactedTo: raw.compactedTo } : {}),
    cells,
  };
}

function readCell(raw: unknown): RunCell | null {
  if (!isRecord(raw)) return null;
  if (raw.state === 'not-checked') return { state: 'not-checked' };
  if (raw.state === 'failed')
    return CHARGED.includes(raw.charged as (typeof CHARGED)[number]) &&
      (raw.status === undefined || isWhole(raw.status))
      ? { state: 'failed', status: raw.status, charged: raw.charged as (typeof CHARGED)[number] }
      : null;
  if (raw.state !== 'answered' || !isTime(raw.at) || !Array.isArray(raw.results)) return null;
  const results: KeptResult[] = [];
  for (const r of raw.results as unknown[]) {
    if (
      !isRecord(r) ||
      !(isWhole(r.rank) && r.rank >= 1) ||
      typeof r.link !== 'string' ||
      !(r.title === undefined || typeof r.title === 'string')
    )
      return null;
    results.push({
      rank: r.rank,
      link: maskEchoedKeysInText(r.link),
      ...(r.title === undefined ? {} : { title: r.title }),
    });
  }
  return { state: 'answered', at: raw.at, results };
}
