import { memo, useId, useMemo } from 'react';
import { ENDPOINTS } from '../../../api/endpoints.ts';
import type { Params } from '../../../api/params.ts';
import { secondLocaleForm, secondLocaleParams } from '../../../api/second-locale.ts';
import { ParamForm } from '../../../components/param-form.tsx';
import { useParamForm } from '../../../components/use-param-form.ts';
import { uniqueTo } from '../lib/locale-diff.ts';
import { rankSuggestions, type Suggestion } from '../lib/suggestions.ts';
import { useBatchRun } from '../use-batch-run.ts';
import { BatchControls } from './batch-controls.tsx';
import { MarkedValues } from './marked-values.tsx';

const spec = ENDPOINTS.autocomplete;
const countryParam = spec.params.find((p) => p.name === 'country')!;
const languageParam = spec.params.find((p) => p.name === 'language')!;

// The second pair is a small form of its own in the page URL.
const PAIR_FORM = secondLocaleForm(spec);

const localeOf = (p: Params) =>
  `${(p.country ?? countryParam.default ?? '').toUpperCase()} · ${p.language ?? languageParam.default ?? ''}`;

/** The same query for two country/language pairs side by side; what only one suggests is marked. */
export const LocaleCompare = memo(function LocaleCompare({ params }: { params: Params | null }) {
  const id = useId();
  const pair = useParamForm(PAIR_FORM);
  const { isValid, values } = pair;
  const list = useMemo(() => {
    if (!params || !isValid) return null;
    const b = secondLocaleParams(spec, params, values);
    return localeOf(params) === localeOf(b) ? null : [params, b];
  }, [params, isValid, values]);
  const batch = useBatchRun(list);
  const [a, b] = batch.runs.slots;
  const listA = a?.data ? rankSuggestions(a.data.data.suggestions) : null;
  const listB = b?.data ? rankSuggestions(b.data.data.suggestions) : null;

  const reason = !params
    ? 'Type a query above first.'
    : !isValid
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
          if (pair.attemptSubmit() && list) batch.start();
        }}
        className="space-y-3"
      >
        <ParamForm
          spec={PAIR_FORM}
          values={values}
          errors={pair.errors}
          onChange={(name, value) => pair.setValue(name, value, { replace: true })}
          onBlur={pair.markTouched}
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
});

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
