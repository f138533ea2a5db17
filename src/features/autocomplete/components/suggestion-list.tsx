import { memo } from 'react';
import { Link } from 'react-router';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { useRenderLimit } from '../../../components/use-render-limit.ts';
import { formatNumber } from '../../../lib/format.ts';
import { searchViewHref } from '../lib/search-link.ts';
import { relevanceScale, splitSuggestion, type Suggestion } from '../lib/suggestions.ts';
import { RelevanceBar } from './relevance-bar.tsx';
import { Spinner } from './spinner.tsx';

export interface SuggestionListProps {
  suggestions: readonly Suggestion[];
  verbatim: number | null;
  /** The query (and locale) these suggestions answer. */
  params: { query?: string; country?: string; language?: string };
  /** A newer query whose suggestions are loading, while these earlier ones stay on screen. */
  loadingFor: string | null;
  /** Stops the loading request (live typing shows its progress here, not in a banner). */
  onCancel?: () => void;
  onUse: (value: string) => void;
}

/** The suggestions by descending relevance: bars, type badges, the typed part apart, links to Search. */
export const SuggestionList = memo(function SuggestionList({
  suggestions,
  verbatim,
  params,
  loadingFor,
  onCancel,
  onUse,
}: SuggestionListProps) {
  const scale = relevanceScale(suggestions, verbatim);
  const cut = useRenderLimit(suggestions);
  const query = params.query ?? '';
  return (
    <section aria-label="Suggestions" className="space-y-2" data-query={query}>
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h2 className="font-semibold">
          Suggestions for <q>{query}</q>
        </h2>
        {loadingFor !== null && (
          <span className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Spinner />
            Loading <q>{loadingFor}</q>…
            {onCancel && (
              <button type="button" className="underline" onClick={onCancel}>
                Cancel
              </button>
            )}
          </span>
        )}
        <span className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-0.5 bg-amber-600 dark:bg-amber-400"
          />
          Relevance of the query as typed:{' '}
          {verbatim === null ? 'not given' : formatNumber(verbatim)}
        </span>
      </div>
      {suggestions.length === 0 ? (
        <p>No suggestions for this query.</p>
      ) : (
        <ol className="space-y-1">
          {cut.visible.map((s) => {
            const parts = splitSuggestion(s.value, query);
            return (
              <li key={s.value} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <button
                  type="button"
                  className="w-72 truncate rounded px-1 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
                  onClick={() => onUse(s.value)}
                  aria-label={`Use ${s.value}`}
                >
                  <span className="text-slate-600 dark:text-slate-400">{parts.typed}</span>
                  <strong className="font-semibold">{parts.rest}</strong>
                </button>
                <RelevanceBar relevance={s.relevance} scale={scale} reference={verbatim} />
                <span className="w-14 text-right text-sm tabular-nums">
                  {s.relevance === null ? '–' : formatNumber(s.relevance)}
                </span>
                {s.type && (
                  <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                    {s.type}
                  </span>
                )}
                <Link
                  to={searchViewHref(s.value, params)}
                  className="text-sm underline"
                  aria-label={`Search for ${s.value}`}
                >
                  Search
                </Link>
              </li>
            );
          })}
        </ol>
      )}
      <ShowMoreButton hidden={cut.hidden} step={cut.step} onClick={cut.showMore} />
    </section>
  );
});
