import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useMemo } from 'react';
import { metaQueries } from '../../api/meta-queries.ts';
import { ENDPOINTS } from '../../api/endpoints.ts';
import { useStore } from '../../lib/store.ts';
import { formatNumber, plural } from '../../lib/format.ts';
import { AddToDemo } from '../demos/add-to-demo.tsx';
import { BatchExports } from './batch-exports.tsx';
import { BatchQueue } from './batch-queue.tsx';
import type { BatchSession, BatchState } from './batch-session.ts';
import { BatchTable } from './batch-table.tsx';
import { CellCounts } from './cell-badge.tsx';
import { countCells } from '../runs/lib/cells.ts';
import { normalizeDomain } from '../../lib/links.ts';
import { useCompetitorSuggestions } from './use-competitor-suggestions.ts';
import { usePivot } from './use-pivot.ts';
import { downloadPostmanCollection } from '../interop/downloads.ts';
import { batchRequests, type OpenBatch } from '../runs/cell-query.ts';
import { OpenPivotSettings } from './open-pivot-settings.tsx';
import { LocaleSummaries } from './pivot-settings.tsx';
import { SaveAsTracker } from './save-as-tracker.tsx';

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The open batch: its queue, the counts of each kind of cell, the table (a pivot for a target
 * domain on search), the per-locale summary and the exports.
 */
export function BatchResults({ session }: { session: BatchSession }) {
  const state = useStore(session.store);
  return state.batch && <OpenBatchResults state={state} batch={state.batch} session={session} />;
}

function OpenBatchResults({
  state,
  batch,
  session,
}: {
  state: BatchState;
  batch: OpenBatch;
  session: BatchSession;
}) {
  const id = useId();
  const { data: meta } = useQuery(metaQueries.current());
  const { definition, matrix } = batch;
  const isSearch = definition.endpoint === 'search';
  const runs = state.runs;
  const target = isSearch ? (definition.target ?? '') : '';
  const competitors = isSearch ? definition.competitors : undefined;
  // The pivot follows the settings typed a moment later, in a render a key can interrupt: a
  // key's own task shows the letter, and the table (rebuilt, repainted) follows once typing
  // leaves it a turn, not once per letter (issue 41: 60 ms of script and 45 ms of paint a key
  // at the reference phone).
  const pivot = usePivot({
    cells: matrix.cells,
    locales: matrix.locales,
    runs,
    answer: session.answer,
    target: useDeferredValue(target),
    expectedUrl: useDeferredValue(definition.expectedUrl),
    competitors: useDeferredValue(competitors),
  });
  // Each kind as the table shows it (ranked or not once there is a target).
  const counts = useMemo(
    () => countCells(pivot.rows.flatMap((r) => r.cells.flatMap((c) => (c.cell ? [c.view] : [])))),
    [pivot],
  );
  // Read once the run is over (they read every answer), not again for each letter of the target.
  const often = useCompetitorSuggestions(
    matrix.cells,
    runs,
    session.answer,
    isSearch && !state.live,
  );
  const own = normalizeDomain(target);
  const suggestions = own ? often.filter((d) => d !== own && !d.endsWith(`.${own}`)) : often;
  const queries = new Set(matrix.cells.map((c) => c.query)).size;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        This batch
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {formatNumber(matrix.cells.length)} {ENDPOINTS[definition.endpoint].title} requests:{' '}
        {plural(queries, 'query', 'queries')} × {plural(matrix.locales.length, 'locale')}, created{' '}
        {time.format(batch.createdAt)}. Each answer is kept in this tab and opens in its view for 0
        credits.
      </p>
      <BatchQueue state={state} session={session} />
      <SaveAsTracker batch={batch} running={(state.queue?.active ?? 0) > 0} />
      <CellCounts counts={counts} />
      {isSearch && (
        <OpenPivotSettings
          key={batch.id}
          definition={definition}
          suggestions={suggestions}
          onChange={(change) => session.update(change, batch.id)}
        />
      )}
      <BatchTable
        pivot={pivot}
        showSpread={isSearch && pivot.target !== ''}
        answer={pivot.target === '' ? session.answer : null}
      />
      {isSearch && pivot.target !== '' && <LocaleSummaries pivot={pivot} />}
      <BatchExports
        batch={batch}
        runs={runs}
        pivot={isSearch && pivot.target !== '' ? pivot : null}
        answer={session.answer}
      />
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <button
          type="button"
          className="btn-secondary"
          title="One request per cell, the key as {{api_key}}"
          onClick={() =>
            void downloadPostmanCollection(
              `Batch ${plural(queries, 'query', 'queries')} × ${plural(matrix.locales.length, 'locale')}`,
              batchRequests(definition),
              meta,
            )
          }
        >
          Postman collection
        </button>
        <AddToDemo batch={definition} />
      </p>
    </section>
  );
}
