import {
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';
import { useSetSearchParam } from '../../components/use-set-search-param.ts';
import { ENDPOINTS } from '../../api/endpoints.ts';
import { pickParams, sameParams, type Params } from '../../api/params.ts';
import { useValueAfterPause } from '../../components/use-value-after-pause.ts';
import { RequestPanel } from '../../workspace/request/request-panel.tsx';
import { useEndpointRun } from '../../workspace/request/use-endpoint-run.ts';
import { costLabel } from '../../lib/cost.ts';
import { formatNumber } from '../../lib/format.ts';
import { KeywordExpansion } from './components/keyword-expansion.tsx';
import { LiveSwitch } from './components/live-switch.tsx';
import { LocaleCompare } from './components/locale-compare.tsx';
import { PrefixLadder } from './components/prefix-ladder.tsx';
import { SuggestBox } from './components/suggest-box.tsx';
import { SuggestBoxContext, type SuggestBoxState } from './components/suggest-box-context.ts';
import { Spinner } from './components/spinner.tsx';
import { SuggestionList } from './components/suggestion-list.tsx';
import { liveTypingByDefault } from './lib/cost.ts';
import { completesWord } from './lib/live-typing.ts';
import { rankSuggestions } from './lib/suggestions.ts';
import { autocompleteQueries } from './queries.ts';
import { useAutocompleteCost } from './use-autocomplete-cost.ts';
import { useRequestCount } from './use-request-count.ts';

const spec = ENDPOINTS.autocomplete;
/** A pause this long after the last key sends the request: one per pause, not one per key. */
export const LIVE_TYPING_DEBOUNCE_MS = 250;

const INPUTS = { query: SuggestBox };
// Later than the request's pause: the URL landing renders the page, which would restart it.
const URL_AFTER_PAUSE = { urlAfterPauseMs: 2 * LIVE_TYPING_DEBOUNCE_MS };

const sameFormParams = (a: Params | null, b: Params | null) =>
  a === b || (a !== null && b !== null && sameParams(a, b));

export default function AutocompletePage() {
  // Typing reaches the URL once per pause (decision 099).
  const request = useEndpointRun(spec, autocompleteQueries.results, URL_AFTER_PAUSE);
  const { form, run, shown } = request;
  const [searchParams] = useSearchParams();
  const setViewParam = useSetSearchParam();
  const cost = useAutocompleteCost();
  const liveParam = searchParams.get('live');
  const live = liveParam === null ? liveTypingByDefault(cost) : liveParam === '1';
  const requestCount = useRequestCount();

  // Live typing: every edit restarts the pause; when it ends, or a word is completed, the
  // form as it is then runs (cancelling a request for older text). Opening a link sends
  // nothing: only typing does. The run waits for the render that holds the edit.
  const [typing, setTyping] = useState<'pause' | 'now' | null>(null);
  const { startLatest } = run;
  const { setValue: setFormValue } = form;
  useEffect(() => {
    if (!live || typing === null) return;
    const timer = setTimeout(
      () => {
        setTyping(null);
        startLatest();
      },
      typing === 'now' ? 0 : LIVE_TYPING_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [live, typing, startLatest]);
  const typedQuery = form.values.query ?? '';
  const setValue = useCallback(
    (name: string, value: string) => {
      setFormValue(name, value);
      // With live typing off, edits wait for Enter or the button; turning it on later
      // sends nothing by itself.
      if (live) setTyping(name === 'query' && completesWord(typedQuery, value) ? 'now' : 'pause');
    },
    [setFormValue, live, typedQuery],
  );
  const setLive = (on: boolean) => setViewParam('live', on ? '1' : '0');
  // setValue changes with each key (it compares with the text before); the list's "use this
  // suggestion" stays one function, so the memoised list does not render on a key.
  const latestSetValue = useRef(setValue);
  useLayoutEffect(() => {
    latestSetValue.current = setValue;
  });
  const pickSuggestion = useCallback((value: string) => latestSetValue.current('query', value), []);

  const data = shown.data?.data;
  const suggestions = useMemo(() => rankSuggestions(data?.suggestions ?? []), [data]);
  // An answer arrives through React Query's store, which React renders at once, in one task: the
  // list (a row, a bar and a link per suggestion) follows in a render it can slice (issue 41).
  const answer = useMemo(
    () => ({ suggestions, data, params: shown.params }),
    [suggestions, data, shown.params],
  );
  const listed = useDeferredValue(answer);
  const shownQuery = shown.params?.query ?? null;
  const loadingFor = run.isRunning ? (run.submitted?.query ?? null) : null;
  const box = useMemo<SuggestBoxState>(
    () => ({ suggestions, forQuery: shownQuery, loading: run.isRunning }),
    [suggestions, shownQuery, run.isRunning],
  );
  // The sections below work on the form as it is (trimmed), once it is valid. They follow
  // the field once typing pauses (decision 099): each of them reads the cache state of every
  // request it would send (26 for the expansion) and re-reads it on every cache event, which
  // per key was a long task at the reference phone; a key renders the field alone (039, 059).
  const formParams = useMemo(
    () => (form.isValid ? pickParams(spec, form.values) : null),
    [form.isValid, form.values],
  );
  const sectionParams = useValueAfterPause(formParams, LIVE_TYPING_DEBOUNCE_MS, sameFormParams);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">Autocomplete</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="request-count">
          {formatNumber(requestCount)} {requestCount === 1 ? 'request' : 'requests'} sent this
          session · {costLabel(cost)} each
        </p>
      </div>
      <SuggestBoxContext value={box}>
        <RequestPanel
          request={{ ...request, form: { ...form, setValue } }}
          raw={shown.data?.raw}
          inputs={INPUTS}
          actions={<LiveSwitch on={live} cost={cost} onChange={setLive} />}
          inlineProgress={live}
        >
          {/* Goes in the render that shows the list (deferred): no gap, no shift between them. */}
          {live && loadingFor !== null && !listed.data && (
            <p className="flex items-center gap-2 text-sm">
              <Spinner />
              Loading suggestions for <q>{loadingFor}</q>…
              <button type="button" className="underline" onClick={run.cancel}>
                Cancel
              </button>
            </p>
          )}
          <p role="status" className="sr-only">
            {shownQuery !== null &&
              !run.isRunning &&
              `${suggestions.length} suggestions for ${shownQuery}`}
          </p>
          {listed.data && listed.params && (
            <SuggestionList
              suggestions={listed.suggestions}
              verbatim={listed.data.verbatim_relevance ?? null}
              params={listed.params}
              loadingFor={loadingFor}
              onCancel={live ? run.cancel : undefined}
              onUse={pickSuggestion}
            />
          )}
        </RequestPanel>
      </SuggestBoxContext>
      <PrefixLadder params={sectionParams} />
      <KeywordExpansion params={sectionParams} />
      <LocaleCompare params={sectionParams} />
    </div>
  );
}
