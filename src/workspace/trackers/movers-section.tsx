import { useId, useMemo, useState } from 'react';
import type { Locale } from '../runs/lib/locale.ts';
import type { BatchCell } from '../runs/lib/matrix.ts';
import { moversBetween, moversDigest, type Mover } from './lib/movers.ts';
import type { TrackerRun } from './lib/run.ts';
import { baselineBefore, runsThatRan } from './lib/latest-movers.ts';
import type { Tracker } from './lib/tracker.ts';
import { MoversTable } from './movers-table.tsx';
import { SELECT_CLASS } from './detail-parts.ts';
import { runLabel } from './run-label.ts';

/** The last pair's movers: the same pair read whole after its cut copy (101) is not read again. */
let lastPair: { key: string; cells: readonly BatchCell[]; movers: Mover[] } | null = null;

function moversOfPair(
  cells: readonly BatchCell[],
  from: TrackerRun,
  to: TrackerRun,
  target: string,
  topN: number,
): Mover[] {
  // A run is never changed under its id but by compaction (compactedTo), so the ids say it all.
  const key = [from.id, from.compactedTo, to.id, to.compactedTo, target, topN].join(' ');
  if (lastPair?.key !== key || lastPair.cells !== cells)
    lastPair = { key, cells, movers: moversBetween(cells, from, to, target, topN) };
  return lastPair.movers;
}

/** The runs that ran (not missed, not running), and the pair the movers compare. */
export function useComparedRuns(
  runs: readonly TrackerRun[],
  tracker: Tracker,
  cells: readonly BatchCell[],
) {
  const [toId, setToId] = useState('');
  const [fromId, setFromId] = useState('');
  // Read once per pair of runs (a thousand cells), not on every render of the view.
  const compared = useMemo(() => {
    const ran = runsThatRan(runs);
    const to = ran.find((r) => r.id === toId) ?? ran.at(-1);
    const from = ran.find((r) => r.id === fromId && r !== to) ?? (to && baselineBefore(ran, to));
    const movers = from && to ? moversOfPair(cells, from, to, tracker.target, tracker.topN) : null;
    return { ran, from, to, movers };
  }, [runs, cells, tracker.target, tracker.topN, fromId, toId]);
  return { ...compared, setFromId, setToId };
}

/** Movers between two runs the user picks (the newest two at first), and the keyword picked there. */
export function MoversSection({
  compared,
  locales,
  picked,
  onPick,
}: {
  compared: ReturnType<typeof useComparedRuns>;
  locales: readonly Locale[];
  picked: string | null;
  onPick: (cellId: string) => void;
}) {
  const id = useId();
  const { ran, from, to, movers, setFromId, setToId } = compared;
  return (
    <section aria-labelledby={`${id}-movers`} className="space-y-2">
      <h3 id={`${id}-movers`} className="font-semibold">
        Movers
      </h3>
      {!movers || !from || !to ? (
        <p className="text-sm">Movers need two runs.</p>
      ) : (
        <>
          <div className="flex flex-wrap gap-3 text-sm">
            <span className="flex items-center gap-2">
              <label htmlFor={`${id}-from`}>Since</label>
              <select
                id={`${id}-from`}
                value={from.id}
                onChange={(e) => setFromId(e.target.value)}
                className={SELECT_CLASS}
              >
                {ran
                  .filter((r) => r.startedAt < to.startedAt)
                  .map((r) => (
                    <option key={r.id} value={r.id}>
                      {runLabel(r)}
                    </option>
                  ))}
              </select>
            </span>
            <span className="flex items-center gap-2">
              <label htmlFor={`${id}-to`}>Up to</label>
              <select
                id={`${id}-to`}
                value={to.id}
                onChange={(e) => setToId(e.target.value)}
                className={SELECT_CLASS}
              >
                {ran.slice(1).map((r) => (
                  <option key={r.id} value={r.id}>
                    {runLabel(r)}
                  </option>
                ))}
              </select>
            </span>
          </div>
          <p className="font-medium" data-testid="movers-digest">
            {moversDigest(movers, from.startedAt)}
          </p>
          <MoversTable movers={movers} locales={locales} picked={picked} onPick={onPick} />
        </>
      )}
    </section>
  );
}
