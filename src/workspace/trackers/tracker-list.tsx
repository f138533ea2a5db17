import { useId } from 'react';
import { formatNumber, pluralCredits } from '../../lib/format.ts';
import { countedCost, planBatch } from '../runs/lib/pricing.ts';
import { trackerMatrix, type Tracker } from './lib/tracker.ts';
import { HeaderRow } from './header-row.tsx';
import { runLabel } from './run-label.ts';
import type { RunSummary } from './tracker-storage.ts';

const LIST_COLUMNS = [
  'Tracker',
  'Requests a run',
  'Cadence',
  'Last run',
  'Its cost',
  'Next run’s cost (fresh answers)',
];

/**
 * A list of trackers, each with its last run, its cost and the next run's cost: this browser's,
 * or a runner's (the same table, fed from the runner's trackers file).
 */
export function TrackerList({
  trackers,
  lastRuns,
  openId,
  onOpen,
  caption = 'Your trackers',
  empty = 'No tracker yet.',
}: {
  trackers: readonly Tracker[];
  /** Each tracker's newest run, by tracker id. */
  lastRuns: ReadonlyMap<string, RunSummary>;
  openId: string | null;
  onOpen: (id: string) => void;
  caption?: string;
  empty?: string;
}) {
  const id = useId();
  if (trackers.length === 0) return <p>{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table aria-labelledby={`${id}-caption`} className="min-w-full text-sm">
        <caption id={`${id}-caption`} className="text-left font-semibold">
          {caption}
        </caption>
        <HeaderRow labels={LIST_COLUMNS} />
        <tbody>
          {trackers.map((t) => {
            const cells = trackerMatrix(t).cells.length;
            const plan = planBatch({
              requests: cells,
              cached: 0,
              unit: countedCost(t.endpoint),
              creditsLeft: undefined,
              cap: t.capPerRun,
            });
            const last = lastRuns.get(t.id);
            return (
              <tr
                key={t.id}
                className={`border-b border-slate-100 dark:border-slate-800 ${openId === t.id ? 'bg-teal-50 dark:bg-teal-950/40' : ''}`}
              >
                <td className="px-2 py-1">
                  <button
                    type="button"
                    className="text-teal-800 underline dark:text-teal-300"
                    onClick={() => onOpen(t.id)}
                    aria-current={openId === t.id ? 'true' : undefined}
                  >
                    {t.name}
                  </button>
                </td>
                <td className="px-2 py-1">{formatNumber(cells)}</td>
                <td className="px-2 py-1">{t.cadence === 'off' ? 'manual' : t.cadence}</td>
                <td className="px-2 py-1">
                  {last
                    ? `${runLabel(last)}${last.status === 'done' ? '' : ` (${last.status === 'running' ? 'running' : 'stopped early'})`}`
                    : 'never'}
                </td>
                <td className="px-2 py-1">{last ? pluralCredits(last.credits) : '—'}</td>
                <td className="px-2 py-1">
                  {plan.unit.basis === 'published' ? '' : '≈ '}
                  {pluralCredits(plan.withinCap * plan.unit.credits)}
                  {plan.withinCap < plan.toSend &&
                    ` (the cap stops it after ${formatNumber(plan.withinCap)})`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
