import { localeLabel } from '../../runs/lib/locale.ts';
import type { BatchCell } from '../../runs/lib/matrix.ts';
import { rankIn, type TrackerRun } from './run.ts';
import type { AlertRules } from './tracker.ts';

export const ALERT_KINDS = [
  'moved',
  'entered-top-10',
  'left-top-10',
  'entered-top-3',
  'left-top-3',
  'overtaken',
] as const;

export type AlertKind = (typeof ALERT_KINDS)[number];

export interface TrackerAlert {
  /** The same alert has the same id, so one run's alerts are stored once. */
  id: string;
  trackerId: string;
  runId: string;
  at: number;
  cellId: string;
  kind: AlertKind;
  text: string;
}

const place = (rank: number | null) => (rank === null ? 'not in the results' : `#${rank}`);

/**
 * The alerts one run raises against the run before it, by the tracker's rules. Cells without
 * an answer in either run raise nothing (a failure is not a move).
 */
export function evaluateAlerts(input: {
  trackerId: string;
  rules: AlertRules;
  cells: readonly BatchCell[];
  previous: TrackerRun;
  current: TrackerRun;
  target: string;
  competitors: readonly string[];
}): TrackerAlert[] {
  const { rules, previous, current, target } = input;
  const alerts: TrackerAlert[] = [];
  for (const cell of input.cells) {
    const a = rankIn(previous.cells[cell.id], target);
    const b = rankIn(current.cells[cell.id], target);
    if (a === undefined || b === undefined) continue;
    const before = a?.rank ?? null;
    const after = b?.rank ?? null;
    const where = `“${cell.query}” (${localeLabel(cell.locale)})`;
    const raise = (kind: AlertKind, text: string) =>
      alerts.push({
        id: `${current.id}|${cell.id}|${kind}`,
        trackerId: input.trackerId,
        runId: current.id,
        at: current.startedAt,
        cellId: cell.id,
        kind,
        text: `${where}: ${text}`,
      });
    if (rules.moveBy !== null && before !== null && after !== null) {
      const size = before - after;
      if (Math.abs(size) >= rules.moveBy)
        raise(
          'moved',
          `${size > 0 ? 'up' : 'down'} ${Math.abs(size)} (${place(before)} → ${place(after)})`,
        );
    }
    const moved = `(${place(before)} → ${place(after)})`;
    // Entering and leaving the top 10 are two rules: leaving is on by default (decision 054),
    // entering came later and is off in older files.
    const top10 = crossed(before, after, 10);
    if (top10 && (top10 === 'left' ? rules.leavesTop10 : rules.entersTop10))
      raise(`${top10}-top-10`, `${top10} the top 10 ${moved}`);
    const top3 = rules.top3 ? crossed(before, after, 3) : null;
    if (top3) raise(`${top3}-top-3`, `${top3} the top 3 ${moved}`);
    if (rules.competitorOvertakes)
      for (const competitor of input.competitors) {
        const c0 = rankIn(previous.cells[cell.id], competitor)?.rank ?? null;
        const c1 = rankIn(current.cells[cell.id], competitor)?.rank ?? null;
        const wasBehind = c0 === null || (before !== null && c0 > before);
        const isAhead = c1 !== null && (after === null || c1 < after);
        if (wasBehind && isAhead)
          raise('overtaken', `${competitor} overtook it (${place(c1)} vs ${place(after)})`);
      }
  }
  return alerts;
}

/** Whether a rank crossed the edge of the top `n` between two runs (null: not ranked). */
export function crossed(before: number | null, after: number | null, n: number) {
  const inBefore = before !== null && before <= n;
  const inAfter = after !== null && after <= n;
  return inBefore === inAfter ? null : inAfter ? ('entered' as const) : ('left' as const);
}

/**
 * The body every delivery carries, one builder for both senders: the runner's channels (webhook,
 * ntfy, email: src/runner/alerts-out.ts) and the dashboard's post to the sandbox's inbox. `kind`
 * is wider than the rules' own: the runner adds alerts about the run itself.
 */
export function alertPayload(
  tracker: { name: string },
  alerts: readonly (Pick<TrackerAlert, 'text' | 'at' | 'runId'> & { kind: string })[],
) {
  return {
    kind: 'tracker-alerts',
    tracker: tracker.name,
    alerts: alerts.map((a) => ({
      kind: a.kind,
      text: a.text,
      at: new Date(a.at).toISOString(),
      run: a.runId,
    })),
  };
}
