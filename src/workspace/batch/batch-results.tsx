import { useDeferredValue, useId, useMemo } from 'react';
import { ENDPOINTS } from '../../api/endpoints.ts';
import { formatNumber } from '../../lib/format.ts';
import { BatchExports } from './batch-exports.tsx';
import { BatchQueue } from './batch-queue.tsx';
import type { BatchSession, BatchState } from './batch-session.ts';
import { BatchTable } from './batch-table.tsx';
import { CellCounts } from './cell-badge.tsx';
import { cellView, countCells } from './lib/cells.ts';
import { buildPivot, suggestCompetitors } from './lib/pivot.ts';
import type { OpenBatch } from './open-batch.ts';
import { LocaleSummaries, PivotSettings } from './pivot-settings.tsx';

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The open batch: its queue, the counts of each kind of cell, the table (a pivot for a target
 * domain on search), the per-locale summary and the exports.
 */
export function BatchResults({
  state,
  batch,
  session,
}: {
  state: BatchState;
  batch: OpenBatch;
  session: BatchSession;
}) {
  const id = useId();
  const { definition, matrix } = batch;
  const isSearch = definition.endpoint === 'search';
  const runs = state.runs;
  // A new answer or a typed letter of the target waits for a free moment to redo the pivot.
  const deferredRuns = useDeferredValue(runs);
  const target = useDeferredValue(isSearch ? (definition.target ?? '') : '');
  const expectedUrl = useDeferredValue(definition.expectedUrl);
  const competitors = useDeferredValue(isSearch ? definition.competitors : undefined);
  const pivot = useMemo(
    () =>
      buildPivot({
        cells: matrix.cells,
        locales: matrix.locales,
        runs: deferredRuns,
        answer: session.answer,
        target,
        expectedUrl,
        competitors,
      }),
    [matrix, deferredRuns, session, target, expectedUrl, competitors],
  );
  const counts = useMemo(
    () => countCells(matrix.cells.map((c) => cellView(runs[c.id]))),
    [matrix, runs],
  );
  // Suggestions only once the run is over: they read every answer.
  const suggestions = useMemo(
    () =>
      isSearch && !state.live
        ? suggestCompetitors(matrix.cells, deferredRuns, session.answer, target)
        : [],
    [isSearch, state.live, matrix, deferredRuns, session, target],
  );
  const queries = new Set(matrix.cells.map((c) => c.query)).size;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        This batch
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {formatNumber(matrix.cells.length)} {ENDPOINTS[definition.endpoint].title} requests:{' '}
        {formatNumber(queries)} queries × {formatNumber(matrix.locales.length)} locales, created{' '}
        {time.format(batch.createdAt)}. Each answer is kept in this tab and opens in its view for 0
        credits.
      </p>
      <BatchQueue state={state} session={session} counts={counts} />
      <CellCounts counts={counts} />
      {isSearch && (
        <PivotSettings
          key={batch.id}
          definition={definition}
          suggestions={suggestions}
          onChange={(change) => session.update(change)}
        />
      )}
      <BatchTable pivot={pivot} showSpread={isSearch && pivot.target !== ''} />
      {isSearch && pivot.target !== '' && <LocaleSummaries pivot={pivot} />}
      <BatchExports
        batch={batch}
        runs={runs}
        pivot={isSearch && pivot.target !== '' ? pivot : null}
        answer={session.answer}
      />
    </section>
  );
}
