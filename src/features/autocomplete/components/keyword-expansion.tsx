import { memo, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSetSearchParam } from '../../../components/use-set-search-param.ts';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { fileDate, fileSlug } from '../../../lib/download.ts';
import {
  expansionLetters,
  expansionQuery,
  keywordsToCsv,
  keywordsToJson,
  mergeKeywords,
  sortKeywords,
  keywordSortOf,
  type KeywordSort,
} from '../lib/expansion.ts';
import { rankSuggestions } from '../lib/suggestions.ts';
import { useBatchRunInUrl } from '../use-batch-in-url.ts';
import { BatchControls } from './batch-controls.tsx';
import { KeywordTable } from './keyword-table.tsx';
import { SendToBatchLink } from '../../../workspace/runs/send-to-batch-link.tsx';
import { localesOf } from '../../../workspace/runs/send-to-batch.ts';
import type { Params } from '../../../api/params.ts';

/** "query a" … "query z" (and 0–9): the suggestions of every letter merged into one keyword table. */
export const KeywordExpansion = memo(function KeywordExpansion({
  params,
}: {
  params: Params | null;
}) {
  const id = useId();
  const [searchParams] = useSearchParams();
  const setViewParam = useSetSearchParam();
  const withDigits = searchParams.get('digits') === '1';
  // The table's order is the page URL's (`kwsort`), like the view's other settings: a link,
  // Back/Forward and a demo step keep it.
  const sort = keywordSortOf(searchParams.get('kwsort'));
  const setSort = (by: KeywordSort) => setViewParam('kwsort', by === 'relevance' ? null : by);
  const query = params?.query ?? '';
  const list = useMemo(
    () =>
      params
        ? expansionLetters(withDigits).map((l) => ({ ...params, query: expansionQuery(query, l) }))
        : null,
    [params, query, withDigits],
  );
  // On screen as the URL says (`expand`): decision 090.
  const batch = useBatchRunInUrl('expand', list);
  const slots = batch.runs.slots;
  const expandedQuery = slots[0]?.params.query?.replace(/ \S$/, '') ?? '';
  const rows = useMemo(
    () =>
      sortKeywords(
        mergeKeywords(
          slots.flatMap((slot) =>
            slot.data
              ? [
                  {
                    letter: slot.params.query?.slice(-1) ?? '',
                    suggestions: rankSuggestions(slot.data.data.suggestions),
                  },
                ]
              : [],
          ),
        ),
        sort,
      ),
    [slots, sort],
  );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded border border-slate-200 p-3 dark:border-slate-700"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        Keyword expansion
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Asks for <q>{query || '…'} a</q> to <q>{query || '…'} z</q>
        {withDigits && ' and 0–9'}, then merges the suggestions into one table of unique keywords.
      </p>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={withDigits}
          onChange={(e) => setViewParam('digits', e.target.checked ? '1' : null)}
        />
        Also 0–9
      </label>
      <BatchControls
        batch={batch}
        action="Expand"
        disabledReason={params ? null : 'Type a query above first.'}
      />
      {rows.length === 0 && slots.length > 0 && !batch.busy && batch.failed < slots.length && (
        <p className="text-sm">
          No suggestions under any letter for <q>{expandedQuery}</q>.
        </p>
      )}
      {rows.length > 0 && (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm">
              {rows.length} unique keywords for <q>{expandedQuery}</q>
            </p>
            <SendToBatchLink
              label={`Send ${rows.length} keywords to batch`}
              handoff={{
                endpoint: 'search',
                queries: rows.map((r) => r.keyword),
                locales: localesOf(params ? [params] : []),
                from: `autocomplete's expansion of “${expandedQuery}”`,
              }}
            />
            <ExportButtons
              label="Export keywords"
              files={[
                {
                  label: 'Export CSV',
                  name: `keywords-${fileSlug(expandedQuery)}-${fileDate()}.csv`,
                  type: 'text/csv;charset=utf-8',
                  text: () => keywordsToCsv(rows),
                },
                {
                  label: 'Export JSON',
                  name: `keywords-${fileSlug(expandedQuery)}-${fileDate()}.json`,
                  type: 'application/json',
                  text: () => keywordsToJson(expandedQuery, rows),
                },
              ]}
            />
          </div>
          <KeywordTable rows={rows} sort={sort} onSort={setSort} />
        </div>
      )}
    </section>
  );
});
