import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type ComponentType } from 'react';
import { ENDPOINTS, type ParamSpec } from '../../../api/endpoints.ts';
import { checkParam, pickParams } from '../../../api/params.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { ParamField, type FieldProps } from '../../../components/param-field.tsx';
import { RequestProgress } from '../../../components/request-progress.tsx';
import { costLabel } from '../../../lib/cost.ts';
import { getApiKey } from '../../../session/key-store.ts';
import { openKeyDialog } from '../../../session/key-dialog-store.ts';
import { comparisonFileName, comparisonToCsv, type SearchLabel } from '../lib/export.ts';
import { describeChange, diffRanks, type RankedLink } from '../lib/rank-diff.ts';
import { searchQueries } from '../queries.ts';
import { CountryPicker, LanguagePicker } from './locale-picker.tsx';

type Params = Record<string, string>;

const spec = ENDPOINTS.search;
const countryParam = spec.params.find((p) => p.name === 'country')!;
const languageParam = spec.params.find((p) => p.name === 'language')!;

export const labelOf = (p: Params): SearchLabel => ({
  query: p.query ?? '',
  country: (p.country ?? countryParam.default ?? '').toLowerCase(),
  language: p.language ?? languageParam.default ?? '',
});
// The second pair uses the catalogue's own rules, under names of its own in the page URL.
const VS_COUNTRY: ParamSpec = {
  ...countryParam,
  name: 'vs_country',
  label: 'Second country',
  required: true,
  help: 'Country to compare with.',
  placeholder: 'gb',
};
const VS_LANGUAGE: ParamSpec = {
  ...languageParam,
  name: 'vs_language',
  label: 'Second language',
  help: 'Empty: the same as above.',
};

function PairField({
  param,
  id,
  value,
  error,
  onChange,
  Picker,
}: {
  param: ParamSpec;
  id: string;
  value: string;
  error: string | undefined;
  onChange: (v: string) => void;
  Picker: ComponentType<FieldProps>;
}) {
  const props: FieldProps = {
    param,
    id,
    value,
    error,
    onChange,
    onBlur: () => {},
    describedBy: error ? `${id}-help ${id}-error` : `${id}-help`,
  };
  return (
    <div className="w-56">
      <ParamField {...props}>
        <Picker {...props} />
      </ParamField>
    </div>
  );
}

const pairText = (l: SearchLabel) => `${l.country.toUpperCase()} · ${l.language}`;

export interface ComparePanelProps {
  /** The search form's parameters, trimmed; null while the form is invalid. */
  primary: Params | null;
  vsCountry: string;
  vsLanguage: string;
  onChange: (name: 'vs_country' | 'vs_language', value: string) => void;
}

/** The same query for a second country/language pair, side by side, with rank changes by link. */
export function ComparePanel({ primary, vsCountry, vsLanguage, onChange }: ComparePanelProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [compared, setCompared] = useState<{ a: Params; b: Params } | null>(null);
  const [tried, setTried] = useState(false);

  const countryCheck = checkParam(VS_COUNTRY, vsCountry);
  const languageCheck = checkParam(VS_LANGUAGE, vsLanguage);
  const b = primary
    ? pickParams(spec, { ...primary, country: vsCountry, language: vsLanguage })
    : null;
  const samePair = primary && b && JSON.stringify(labelOf(primary)) === JSON.stringify(labelOf(b));
  const invalid = countryCheck.error !== undefined || languageCheck.error !== undefined;
  const uncached =
    primary && b
      ? [primary, b].filter(
          (p) => queryClient.getQueryData(searchQueries.results(p).queryKey) === undefined,
        ).length
      : 2;

  const qa = useQuery({ ...searchQueries.results(compared?.a ?? {}), enabled: compared !== null });
  const qb = useQuery({ ...searchQueries.results(compared?.b ?? {}), enabled: compared !== null });
  const running = qa.fetchStatus === 'fetching' || qb.fetchStatus === 'fetching';

  const run = () => {
    setTried(true);
    if (!primary || !b || invalid || samePair) return;
    if (!getApiKey()) return openKeyDialog();
    const same = compared && JSON.stringify(compared) === JSON.stringify({ a: primary, b });
    setCompared({ a: primary, b });
    // The same pair again after an error or a cancel: the observers will not refetch by themselves.
    if (same) {
      for (const p of [primary, b]) {
        const key = searchQueries.results(p).queryKey;
        if (queryClient.getQueryData(key) === undefined)
          void queryClient.refetchQueries({ queryKey: key, exact: true });
      }
    }
  };

  const cancel = () => {
    if (!compared) return;
    for (const p of [compared.a, compared.b])
      void queryClient.cancelQueries({ queryKey: searchQueries.results(p).queryKey, exact: true });
  };

  const diff = useMemo(
    () =>
      qa.data && qb.data
        ? diffRanks(qa.data.data.organic_results, qb.data.data.organic_results)
        : null,
    [qa.data, qb.data],
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
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
      >
        <PairField
          param={VS_COUNTRY}
          id={`${id}-country`}
          value={vsCountry}
          error={tried ? countryCheck.error : undefined}
          onChange={(v) => onChange('vs_country', v)}
          Picker={CountryPicker}
        />
        <PairField
          param={VS_LANGUAGE}
          id={`${id}-language`}
          value={vsLanguage}
          error={tried ? languageCheck.error : undefined}
          onChange={(v) => onChange('vs_language', v)}
          Picker={LanguagePicker}
        />
        <button type="submit" className="btn-primary" disabled={running}>
          Compare · {uncached === 0 ? '0 credits (cached)' : costLabel(spec.cost, uncached)}
        </button>
        {tried && !primary && (
          <p className="text-sm text-red-700 dark:text-red-400">Fix the search form above first.</p>
        )}
        {tried && primary && !invalid && samePair && (
          <p className="text-sm text-red-700 dark:text-red-400">
            Choose a country or language that differs from the search above.
          </p>
        )}
      </form>

      {running && <RequestProgress label="Comparison" onCancel={cancel} />}
      {compared && qa.error && <ErrorPanel error={qa.error} />}
      {compared && qb.error && <ErrorPanel error={qb.error} />}
      {compared && diff && (
        <CompareView diff={diff} a={labelOf(compared.a)} b={labelOf(compared.b)} />
      )}
    </section>
  );
}

const CHANGE_STYLE: Record<RankedLink['change'], string> = {
  up: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  down: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
  same: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  new: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  dropped: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
};

function ChangeBadge({ row }: { row: RankedLink }) {
  const text = {
    up: `↑ ${row.delta}`,
    down: `↓ ${-(row.delta ?? 0)}`,
    same: '=',
    new: 'new',
    dropped: 'dropped',
  }[row.change];
  return (
    <span
      className={`rounded px-1.5 text-xs font-semibold ${CHANGE_STYLE[row.change]}`}
      title={describeChange(row)}
    >
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{describeChange(row)}</span>
    </span>
  );
}

function Column({
  title,
  rows,
  rank,
}: {
  title: string;
  rows: RankedLink[];
  rank: (r: RankedLink) => string;
}) {
  return (
    <div className="min-w-0 space-y-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      <ol aria-label={title} className="space-y-1">
        {rows.map((r) => (
          <li key={r.key} className="flex items-start gap-2 text-sm">
            <span className="w-16 shrink-0 tabular-nums text-slate-600 dark:text-slate-400">
              {rank(r)}
            </span>
            <span className="min-w-0 flex-1">
              <ExternalLink
                href={r.link}
                className="block truncate text-blue-800 hover:underline dark:text-blue-300"
              >
                {r.title}
              </ExternalLink>
            </span>
            <ChangeBadge row={r} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function CompareView({
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
          {counts.common} in common · {counts.added} new in {pairText(b)} · {counts.dropped} not in{' '}
          {pairText(b)}
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
