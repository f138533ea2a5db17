import { useId, useMemo, useState } from 'react';
import { RankDiffColumn } from '../../components/rank-diff-column.tsx';
import { diffRanks } from '../../lib/rank-diff.ts';
import type { TrackerRun } from './lib/run.ts';
import { runLabel } from './run-label.ts';

/**
 * One cell's whole result list in two runs side by side, with each result's move, entries and
 * exits: the search compare's rank diff, between days instead of locales.
 */
export function SerpDiff({
  runs,
  cellId,
  title,
}: {
  runs: readonly TrackerRun[];
  cellId: string;
  title: string;
}) {
  const id = useId();
  const answered = runs.filter((r) => r.cells[cellId]?.state === 'answered');
  const [a, setA] = useState(() => answered.at(-2)?.id ?? '');
  const [b, setB] = useState(() => answered.at(-1)?.id ?? '');
  const runA = answered.find((r) => r.id === a);
  const runB = answered.find((r) => r.id === b);
  const diff = useMemo(() => {
    const ca = runA?.cells[cellId];
    const cb = runB?.cells[cellId];
    return ca?.state === 'answered' && cb?.state === 'answered'
      ? diffRanks(ca.results, cb.results)
      : null;
  }, [runA, runB, cellId]);
  if (answered.length < 2)
    return <p className="text-sm">The SERP diff needs two runs that answered “{title}”.</p>;
  const picker = (label: string, value: string, set: (v: string) => void) => (
    <span className="flex items-center gap-2">
      <label htmlFor={`${id}-${label}`}>{label}</label>
      <select
        id={`${id}-${label}`}
        value={value}
        onChange={(e) => set(e.target.value)}
        className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
      >
        {answered.map((r) => (
          <option key={r.id} value={r.id}>
            {runLabel(r)}
          </option>
        ))}
      </select>
    </span>
  );
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h3 id={`${id}-title`} className="font-semibold">
        SERP diff: {title}
      </h3>
      <div className="flex flex-wrap gap-3 text-sm">
        {picker('Earlier run', a, setA)}
        {picker('Later run', b, setB)}
      </div>
      {diff && runA && runB && (
        <div className="grid gap-4 lg:grid-cols-3">
          <RankDiffColumn title={`${runLabel(runA)}`} rows={diff.a} rank={(r) => `#${r.rankA}`} />
          <RankDiffColumn title={`${runLabel(runB)}`} rows={diff.b} rank={(r) => `#${r.rankB}`} />
          <RankDiffColumn
            title="In both"
            rows={diff.common}
            rank={(r) => `#${r.rankA} → #${r.rankB}`}
          />
        </div>
      )}
    </section>
  );
}
