import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSetSearchParam } from '../../../components/use-set-search-param.ts';
import { ENDPOINTS, type EndpointSpec, type ParamSpec } from '../../../api/endpoints.ts';
import { pickParams, validateParams, type Params } from '../../../api/params.ts';
import { ParamForm } from '../../../components/param-form.tsx';
import { uniqueTo } from '../lib/locale-diff.ts';
import { rankSuggestions, type Suggestion } from '../lib/suggestions.ts';
import { useBatchRun } from '../use-batch-run.ts';
import { BatchControls } from './batch-controls.tsx';
import { MarkedValues } from './marked-values.tsx';

const spec = ENDPOINTS.autocomplete;
const countryParam = spec.params.find((p) => p.name === 'country')!;
const languageParam = spec.params.find((p) => p.name === 'language')!;

// The second pair is a small form of its own, checked by the catalogue's rules, under names
// of its own in the page URL.
const PAIR_FORM: EndpointSpec = {
  ...spec,
  params: [
    {
      ...countryParam,
      name: 'vs_country',
      label: 'Second country',
      required: true,
      help: 'Country to compare with, e.g. gb.',
      placeholder: 'gb',
    },
    {
      ...languageParam,
      name: 'vs_language',
      label: 'Second language',
      help: 'Empty: the same as above.',
    },
  ] satisfies ParamSpec[],
};

const localeOf = (p: Params) =>
  `${(p.country ?? countryParam.default ?? '').toUpperCase()} · ${p.language ?? languageParam.default ?? ''}`;

/** The same query for two country/language pairs side by side; what only one suggests is marked. */
export function LocaleCompare({ params }: { params: Params | null }) {
  const id = useId();
  const [searchParams] = useSearchParams();
  const setViewParam = useSetSearchParam();
  const [tried, setTried] = useState(false);
  const pairValues = {
    vs_country: searchParams.get('vs_country') ?? '',
    vs_language: searchParams.get('vs_language') ?? '',
  };
  const check = validateParams(PAIR_FORM, pairValues);
  const errors = tried && !check.ok ? check.errors : {};
  const list = useMemo(() => {
    if (!params || !check.ok) return null;
    const b = pickParams(spec, {
      ...params,
      country: pairValues.vs_country,
      language: pairValues.vs_language || (params.language ?? ''),
    });
    return localeOf(params) === localeOf(b) ? null : [params, b];
  }, [params, check.ok, pairValues.vs_country, pairValues.vs_language]);
  const batch = useBatchRun(list);
  const [a, b] = batch.runs.slots;
  const listA = a?.data ? rankSuggestions(a.data.data.suggestions) : null;
  const listB = b?.data ? rankSuggestions(b.data.data.suggestions) : null;

  const reason = !params
    ? 'Type a query above first.'
    : !check.ok
      ? null
      : list === null
        ? 'Choose a second pair that differs from the first.'
        : null;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded border border-slate-200 p-3 dark:border-slate-700"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        Locales side by side
      </h2>
      <form
        noValidate
        aria-label="Second locale"
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (list) batch.start();
        }}
        className="space-y-3"
      >
        <ParamForm
          spec={PAIR_FORM}
          values={pairValues}
          errors={errors}
          onChange={setViewParam}
          onBlur={() => setTried(true)}
        />
        <BatchControls batch={batch} action="Compare locales" disabledReason={reason} submit />
      </form>
      {a && b && (
        <div className="grid gap-4 sm:grid-cols-2">
          <LocaleColumn params={a.params} list={listA} other={listB} failed={a.error !== null} />
          <LocaleColumn params={b.params} list={listB} other={listA} failed={b.error !== null} />
        </div>
      )}
    </section>
  );
}

function LocaleColumn({
  params,
  list,
  other,
  failed,
}: {
  params: Params;
  list: Suggestion[] | null;
  other: Suggestion[] | null;
  failed: boolean;
}) {
  const unique = list && other ? uniqueTo(list, other) : new Set<string>();
  const title = `${params.query} · ${localeOf(params)}`;
  return (
    <div className="space-y-1">
      <h3 className="text-sm font-semibold">{title}</h3>
      {list ? (
        <MarkedValues
          label={`Suggestions for ${title}`}
          values={list.map((s) => s.value)}
          marked={unique}
          markText="only here"
        />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {failed ? 'failed' : 'waiting…'}
        </p>
      )}
    </div>
  );
}
