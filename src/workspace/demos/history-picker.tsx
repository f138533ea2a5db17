import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ENDPOINTS, type EndpointId } from '../../api/endpoints.ts';
import { requestLabel } from '../../api/request-link.ts';
import { storedBatchDefinition } from '../runs/batch-requests.ts';
import { useHistory, type HistoryEntry } from '../history/history-store.ts';
import type { DemoScript, DemoStep } from './demo-file.ts';
import { addSteps } from './demo-store.ts';
import { stepFromBatch, stepFromHistory, storedAnswer } from './demo-steps.ts';

/** How many of the newest history entries are offered. */
const SHOWN = 30;
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A batch's step: its form as this tab stores the batch (a day), else null. */
async function stepFromStoredBatch(queryClient: QueryClient, id: string): Promise<DemoStep | null> {
  const definition = await storedBatchDefinition(id);
  return definition && stepFromBatch(definition, queryClient);
}

const stepOf = (queryClient: QueryClient, entry: HistoryEntry) =>
  entry.batch
    ? stepFromStoredBatch(queryClient, entry.batch.id)
    : stepFromHistory(queryClient, entry);

/**
 * Recording from history: each entry whose answer this tab still holds (a reload keeps them
 * for a day) can be added as a step, for free; the others say why they cannot. A batch is
 * added as its form (its queries, locales and pivot), while this tab stores it.
 */
export function HistoryPicker({ script }: { script: DemoScript }) {
  const queryClient = useQueryClient();
  const entries = useHistory()
    .filter((e) => e.status === 'ok' && Object.hasOwn(ENDPOINTS, e.endpoint))
    .slice(0, SHOWN);
  const [adding, setAdding] = useState<string | null>(null);
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  return (
    <section aria-labelledby="from-history" className="space-y-2">
      <h3 id="from-history" className="font-semibold">
        Add from history
      </h3>
      {entries.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Nothing in history yet: run requests in the views, then add them here.
        </p>
      )}
      <ul aria-label="History entries to add" className="space-y-1 text-sm">
        {entries.map((entry) => {
          const label = entry.batch
            ? `Batch of ${entry.batch.cells} requests: ${entry.params.queries ?? ''}`
            : requestLabel(entry.endpoint as EndpointId, entry.params);
          const stored = entry.batch
            ? !gone.has(entry.id)
            : storedAnswer(queryClient, entry) !== null;
          return (
            <li key={entry.id} className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                className="btn-small"
                disabled={!stored || adding !== null}
                aria-label={`Add ${label}`}
                onClick={() => {
                  setAdding(entry.id);
                  void stepOf(queryClient, entry)
                    .then((step) =>
                      step ? addSteps(script.id, [step]) : setGone((g) => new Set(g).add(entry.id)),
                    )
                    .finally(() => setAdding(null));
                }}
              >
                Add
              </button>
              <span>{label}</span>
              <span className="text-slate-600 dark:text-slate-400">
                {when.format(entry.at)}
                {!stored &&
                  (entry.batch
                    ? ' · this batch is no longer stored in this tab'
                    : ' · its answer is no longer stored in this tab: run it again to add it')}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
