import { useQueryClient } from '@tanstack/react-query';
import { memo, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ENDPOINTS } from '../../../api/endpoints.ts';
import { useBestKnownCost } from '../../../workspace/costs/measured-costs.ts';
import type { Params } from '../../../api/params.ts';
import { secondLocaleForm, secondLocaleParams } from '../../../api/second-locale.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { ParamForm } from '../../../components/param-form.tsx';
import { RequestProgress } from '../../../components/request-progress.tsx';
import { useCacheStates } from '../../../components/use-cache-states.ts';
import { useEndpointRuns } from '../../../components/use-endpoint-runs.ts';
import { useParamForm } from '../../../components/use-param-form.ts';
import { useSetSearchParam } from '../../../components/use-set-search-param.ts';
import { useShowOnReturn } from '../../../workspace/request/shown-result.ts';
import { costLabel } from '../../../lib/cost.ts';
import { comparisonFileName, comparisonToCsv, type SearchLabel } from '../lib/export.ts';
import { diffRanks } from '../../../lib/rank-diff.ts';
import { RankDiffColumn as Column } from '../../../components/rank-diff-column.tsx';
import { searchQueries } from '../queries.ts';
import { CountryPicker, LanguagePicker } from '../../../components/locale-picker.tsx';

const spec = ENDPOINTS.search;
const countryParam = spec.params.find((p) => p.name === 'country')!;
const languageParam = spec.params.find((p) => p.name === 'language')!;

export const labelOf = (p: Params): SearchLabel => ({
  query: p.query ?? '',
  country: (p.country ?? countryParam.default ?? '').toLowerCase(),
  language: p.language ?? languageParam.default ?? '',
});
const sameLabel = (a: SearchLabel, b: SearchLabel) =>
  a.query === b.query && a.country === b.country && a.language === b.language;

// The second pair is a small form of its own in the page URL; the shared form renders it.
const PAIR_FORM = secondLocaleForm(spec);
const PAIR_PICKERS = { vs_country: CountryPicker, vs_language: LanguagePicker };

const pairText = (l: SearchLabel) => `${l.country.toUpperCase()} · ${l.language}`;
// In a sentence whose parts a "·" already separates: "3 only in DE (de)", not "3 new in DE · de".
const pairInWords = (l: SearchLabel) => `${l.country.toUpperCase()} (${l.language})`;

/**
 * The comparison was made for another search than the one on screen, and the form does not
 * ask for its search either: a Compare for a newly typed query (the search below not yet run
 * again) is not stale, a Search for a new query is.
 */
function isStale(compared: Params, searched: Params | null, form: Params | null): boolean {
  const label = labelOf(compared);
  if (searched === null || sameLabel(labelOf(searched), label)) return false;
  return form === null || !sameLabel(labelOf(form), label);
}

/**
 * Whether the comparison is on screen is the page URL's (`compare=1`, beside the pair's
 * `vs_country` and `vs_language`): a link, Back/Forward and a demo step (whose recording brings
 * the second answer, decision 081) show it again, from the session cache, sending nothing.
 * `pair`: the two requests to show, when the URL says so and both answers are cached.
 */
function useComparedInUrl(primary: Params | null, b: Params | null) {
  const [searchParams] = useSearchParams();
  const setViewParam = useSetSearchParam();
  const queryClient = useQueryClient();
  const cached = (p: Params) =>
    queryClient.getQueryData(searchQueries.results(p).queryKey) !== undefined;
  const shown = searchParams.get('compare') === '1' && primary && b;
  return {
    pair: shown && cached(primary) && cached(b) ? [primary, b] : null,
    /** The URL says no comparison (one still running or not cached yet stays on screen). */
    off: searchParams.get('compare') !== '1',
    mark: () => setViewParam('compare', '1'),
  };
}

export interface ComparePanelProps {
  /** The search form's parameters, trimmed; null while the form is invalid. */
  primary: Params | null;
  /** The parameters of the search on screen (answered, running or failed); null before one. */
  searched: Params | null;
}

/** The same query for a second country/language pair, side by side, with rank changes by link. */
export const ComparePanel = memo(function ComparePanel({ primary, searched }: ComparePanelProps) {
  const id = useId();
  const pair = useParamForm(PAIR_FORM);
  const b = primary ? secondLocaleParams(spec, primary, pair.values) : null;
  const shownPair = useComparedInUrl(primary, b);
  const runs = useEndpointRuns(spec, searchQueries.results, shownPair.pair);
  useShowOnReturn(true, () => {
    if (shownPair.pair) runs.show(shownPair.pair);
    else if (shownPair.off) runs.show([]);
  });
  const cost = useBestKnownCost(spec.id);
  const [tried, setTried] = useState(false);
  const samePair = primary !== null && b !== null && sameLabel(labelOf(primary), labelOf(b));
  const states = useCacheStates(
    primary && b ? [primary, b].map((p) => searchQueries.results(p).queryKey) : [],
  );
  const toSend = primary && b ? states.filter((s) => s === 'absent').length : 2;
  // No price before there is a second pair: with none (or the search's own) it would offer
  // "0 credits (cached)" for the search against itself.
  const priced = (pair.values.vs_country ?? '').trim() !== '' && !samePair;

  const run = () => {
    setTried(true);
    const pairValid = pair.attemptSubmit();
    if (!primary || !b || !pairValid || samePair || runs.isRunning) return;
    shownPair.mark();
    runs.run([primary, b]);
  };
  const [qa, qb] = runs.slots;
  const missing = runs.slots.filter((s) => s.data === undefined).length;
  const retry = () => runs.run(runs.slots.map((s) => s.params));

  const dataA = qa?.data;
  const dataB = qb?.data;
  const diff = useMemo(
    () =>
      dataA && dataB ? diffRanks(dataA.data.organic_results, dataB.data.organic_results) : null,
    [dataA, dataB],
  );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded border border-slate-200 p-3 dark:border-slate-700"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        Compare with another country or language
      </h2>
      <form
        noValidate
        aria-label="Comparison pair"
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
      >
        <ParamForm
          spec={PAIR_FORM}
          values={pair.values}
          errors={pair.errors}
          onChange={(name, value) => pair.setValue(name, value, { replace: true })}
          onBlur={pair.markTouched}
          inputs={PAIR_PICKERS}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={runs.isRunning}>
            {priced
              ? `Compare · ${toSend === 0 ? 'cached · 0 credits' : costLabel(cost, toSend)}`
              : 'Compare'}
          </button>
          {tried && !primary && (
            <p className="text-sm text-red-700 dark:text-red-400">
              Fix the search form above first.
            </p>
          )}
          {tried && primary && pair.isValid && samePair && (
            <p className="text-sm text-red-700 dark:text-red-400">
              Choose a country or language that differs from the search above.
            </p>
          )}
        </div>
      </form>

      {runs.isRunning && <RequestProgress label="Comparison" onCancel={runs.cancel} />}
      {runs.cancelled && (
        <p role="status" className="text-sm">
          You cancelled the comparison. The service may still finish and charge what was sent.
        </p>
      )}
      {runs.slots.map(
        (slot) =>
          slot.error && (
            <ErrorPanel
              key={`${slot.params.country ?? ''}-${slot.params.language ?? ''}`}
              error={slot.error}
              onRetry={retry}
              retryLabel={`Try again · ${costLabel(cost, missing)}`}
              retryDisabled={runs.isRunning}
            />
          ),
      )}
      {qa && qb && diff && (
        <CompareView
          diff={diff}
          a={labelOf(qa.params)}
          b={labelOf(qb.params)}
          stale={isStale(qa.params, searched, primary)}
        />
      )}
    </section>
  );
});

/**
 * A comparison made for another search than the one now on screen is folded away with a line
 * that says so: a screen-tall table of old results between the search and its new answer read
 * as if it belonged to it (issue 40.1).
 */
function CompareView(props: {
  diff: ReturnType<typeof diffRanks>;
  a: SearchLabel;
  b: SearchLabel;
  stale: boolean;
}) {
  const { a, b, stale } = props;
  if (!stale) return <CompareTable {...props} />;
  return (
    <div className="space-y-2">
      <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
        This comparison is for “{a.query}” ({pairInWords(a)} against {pairInWords(b)}), not the
        search now on screen. Compare again to update it.
      </p>
      <details>
        <summary className="cursor-pointer text-sm">Show the earlier comparison</summary>
        <div className="mt-2">
          <CompareTable {...props} />
        </div>
      </details>
    </div>
  );
}

function CompareTable({
  diff,
  a,
  b,
}: {
  diff: ReturnType<typeof diffRanks>;
  a: SearchLabel;
  b: SearchLabel;
}) {
  const counts = {
    common: diff.common.length,
    added: diff.b.filter((r) => r.change === 'new').length,
    dropped: diff.a.filter((r) => r.change === 'dropped').length,
  };
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm" data-testid="compare-summary">
          {counts.common} in common · {counts.added} only in {pairInWords(b)} · {counts.dropped}{' '}
          only in {pairInWords(a)}
        </p>
        <ExportButtons
          label="Export comparison"
          files={[
            {
              label: 'Export CSV',
              name: comparisonFileName(a, b, 'csv'),
              type: 'text/csv;charset=utf-8',
              text: () =>
                comparisonToCsv(diff, `${a.country}_${a.language}`, `${b.country}_${b.language}`),
            },
            {
              label: 'Export JSON',
              name: comparisonFileName(a, b, 'json'),
              type: 'application/json',
              text: () =>
                JSON.stringify(
                  { pairA: a, pairB: b, resultsA: diff.a, resultsB: diff.b, common: diff.common },
                  null,
                  2,
                ),
            },
          ]}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Column title={`${pairText(a)} results`} rows={diff.a} rank={(r) => `#${r.rankA}`} />
        <Column title={`${pairText(b)} results`} rows={diff.b} rank={(r) => `#${r.rankB}`} />
        <Column title="In both" rows={diff.common} rank={(r) => `#${r.rankA} → #${r.rankB}`} />
      </div>
    </div>
  );
}
