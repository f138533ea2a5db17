import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ENDPOINTS } from '../../api/endpoints.ts';
import { metaQueries } from '../../api/meta-queries.ts';
import { pickParams } from '../../api/params.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { RequestPanel } from '../../workspace/request/request-panel.tsx';
import { ShowMoreButton } from '../../components/show-more-button.tsx';
import { useRenderLimit } from '../../components/use-render-limit.ts';
import { useSetSearchParam } from '../../components/use-set-search-param.ts';
import { useEndpointRun } from '../../workspace/request/use-endpoint-run.ts';
import { ComparePanel, labelOf } from './components/compare-panel.tsx';
import { DomainSpotlight } from './components/domain-spotlight.tsx';
import { SampleQueries } from './components/sample-queries.tsx';
import { CountryPicker, LanguagePicker } from '../../components/locale-picker.tsx';
import { ResultCard } from './components/result-card.tsx';
import { ResultsHeader } from './components/results-header.tsx';
import { linkOnDomain, normalizeDomain } from '../../lib/links.ts';
import { resultsFileName, resultsToCsv } from './lib/export.ts';
import { searchQueries } from './queries.ts';

const NO_RESULTS: never[] = [];
const PICKERS = { country: CountryPicker, language: LanguagePicker };

export default function SearchPage() {
  const request = useEndpointRun(ENDPOINTS.search, searchQueries.results);
  const { form, shown: answer } = request;
  const [searchParams] = useSearchParams();
  const { data: meta } = useQuery(metaQueries.current());
  const results = answer.data?.data.organic_results;
  const shown = useRenderLimit(results ?? NO_RESULTS);
  const spot = searchParams.get('spot') ?? '';
  const domain = normalizeDomain(spot);

  // View-only settings (spotlight, comparison pair) share the page URL with the form.
  const setViewParam = useSetSearchParam();

  const label = answer.params ? labelOf(answer.params) : null;
  // The same object while the form is unchanged: the comparison form is memoised, so a Run
  // or an answer does not re-render it.
  const { isValid, values } = form;
  const primary = useMemo(
    () => (isValid ? pickParams(ENDPOINTS.search, values) : null),
    [isValid, values],
  );
  const samples = meta?.examples?.searchQueries ?? [];

  return (
    <div className="space-y-4">
      {/* The sandbox's queries appear once the server said it is the sandbox, after a
          prerendered page has painted (decision 024): on the heading's line, one scrolling row
          no taller than the heading, they move nothing already on the page. */}
      <div className="flex items-center gap-4">
        <h1 className="text-2xl font-semibold">Search</h1>
        {samples.length > 0 && (
          <SampleQueries samples={samples} onPick={(q) => form.setValue('query', q)} />
        )}
      </div>
      <RequestPanel
        request={request}
        raw={answer.data?.raw}
        inputs={PICKERS}
        belowForm={<ComparePanel primary={primary} searched={request.run.submitted} />}
      >
        {results && answer.data && (
          <section aria-label="Search results" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <ResultsHeader
                count={results.length}
                meta={answer.data.meta}
                fromCache={answer.fromCache}
              />
              {label && (
                <ExportButtons
                  label="Export results"
                  files={[
                    {
                      label: 'Export CSV',
                      name: resultsFileName(label, 'csv'),
                      type: 'text/csv;charset=utf-8',
                      text: () => resultsToCsv(results),
                    },
                    {
                      label: 'Export JSON',
                      name: resultsFileName(label, 'json'),
                      type: 'application/json',
                      text: () => JSON.stringify(answer.data?.raw, null, 2),
                    },
                  ]}
                />
              )}
            </div>
            <DomainSpotlight
              value={spot}
              onChange={(v) => setViewParam('spot', v)}
              results={results}
            />
            {results.length === 0 ? (
              <p
                role="status"
                className="rounded border border-slate-200 p-3 dark:border-slate-700"
              >
                No organic results for this query. Try other words, or another country or language.
              </p>
            ) : (
              <>
                <ol aria-label="Organic results" className="space-y-3">
                  {shown.visible.map((r, i) => (
                    <ResultCard
                      key={`${r.link ?? ''}-${i}`}
                      result={r}
                      highlighted={domain !== '' && linkOnDomain(r.link, domain)}
                    />
                  ))}
                </ol>
                <ShowMoreButton hidden={shown.hidden} step={shown.step} onClick={shown.showMore} />
              </>
            )}
          </section>
        )}
      </RequestPanel>
    </div>
  );
}
