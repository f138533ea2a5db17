import { memo, useId, useMemo } from 'react';
import { prefixesOf } from '../../../lib/prefixes.ts';
import { newAtStep } from '../lib/ladder.ts';
import { rankSuggestions } from '../lib/suggestions.ts';
import { useBatchRunInUrl } from '../use-batch-in-url.ts';
import { BatchControls } from './batch-controls.tsx';
import { MarkedValues } from './marked-values.tsx';
import type { Params } from '../../../api/params.ts';

const TOP = 5;

/** How suggestions evolve as the query is typed: one request per prefix ("c", "co", "cof", …). */
export const PrefixLadder = memo(function PrefixLadder({ params }: { params: Params | null }) {
  const id = useId();
  const query = params?.query ?? '';
  const list = useMemo(
    () => (params ? prefixesOf(query).map((prefix) => ({ ...params, query: prefix })) : null),
    [params, query],
  );
  const batch = useBatchRunInUrl('ladder', list);
  const steps = batch.runs.slots.map((slot) => ({
    prefix: slot.params.query ?? '',
    suggestions: slot.data ? rankSuggestions(slot.data.data.suggestions).slice(0, TOP) : null,
    error: slot.error,
  }));

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded border border-slate-200 p-3 dark:border-slate-700"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        Prefix ladder
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        How the top {TOP} suggestions change as <q>{query || '…'}</q> is typed, one prefix at a
        time. New entries at each step are marked.
      </p>
      <BatchControls
        batch={batch}
        action="Run ladder"
        disabledReason={params ? null : 'Type a query above first.'}
      />
      {steps.length > 0 && (
        <ol aria-label="Prefix ladder" className="space-y-1">
          {steps.map((step, i) => {
            const fresh = step.suggestions
              ? newAtStep(step.suggestions, steps[i - 1]?.suggestions ?? undefined)
              : new Set<string>();
            return (
              <li key={step.prefix} className="flex flex-wrap items-baseline gap-2">
                <span className="w-32 shrink-0 font-mono text-sm">{step.prefix}</span>
                {step.suggestions ? (
                  <MarkedValues
                    label={`Top suggestions for ${step.prefix}`}
                    values={step.suggestions.map((s) => s.value)}
                    marked={fresh}
                    markText="new"
                    inline
                  />
                ) : (
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    {step.error ? 'failed' : 'waiting…'}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
});
