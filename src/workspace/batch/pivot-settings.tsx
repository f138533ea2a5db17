import { useId, useState } from 'react';
import { formatNumber } from '../../lib/format.ts';
import { inputClass, LabelledField } from '../../components/labelled-field.tsx';
import type { PivotFields } from '../runs/lib/definition.ts';
import { localeLabel } from '../runs/lib/locale.ts';
import { competitorsOf, MAX_COMPETITORS, type Pivot } from '../runs/lib/pivot.ts';

/**
 * What the pivot reads from the answers: a target domain (subdomains count, `www.` does not),
 * the URL expected to rank, and up to five competitors, all from the same answers (free).
 * Keyed by its batch: its fields start from the batch's settings. Also in the next batch's form
 * when it arrives with them (a demo's batch step: decision 087).
 */
export function PivotSettings({
  definition,
  suggestions,
  onChange,
}: {
  definition: PivotFields;
  /** Domains that rank most often, for a competitor a click away. */
  suggestions: readonly string[];
  /** `picked`: a suggestion was clicked (typing may go on after a `typed` change). */
  onChange: (change: Partial<PivotFields>, how: 'typed' | 'picked') => void;
}) {
  const id = useId();
  const competitors = definition.competitors ?? [];
  // The field keeps what is typed (a trailing comma, a half-typed domain); the pivot reads domains.
  const [typed, setTyped] = useState(() => competitors.join(', '));
  const type = (text: string, how: 'typed' | 'picked' = 'typed') => {
    setTyped(text);
    // The file keeps at most five (a longer list would not load again).
    onChange({ competitors: competitorsOf(text).slice(0, MAX_COMPETITORS) }, how);
  };
  const tooMany = competitorsOf(typed).length > MAX_COMPETITORS;
  const free = suggestions.filter((d) => !competitors.includes(d));
  return (
    <fieldset className="grid gap-3 text-sm sm:grid-cols-3">
      <legend className="sr-only">Pivot</legend>
      <LabelledField
        id={`${id}-target`}
        label="Target domain"
        placeholder="example.com"
        value={definition.target ?? ''}
        onChange={(e) => onChange({ target: e.target.value }, 'typed')}
      />
      <LabelledField
        id={`${id}-expected`}
        label="Expected URL (optional)"
        placeholder="example.com/page"
        value={definition.expectedUrl ?? ''}
        onChange={(e) => onChange({ expectedUrl: e.target.value }, 'typed')}
      />
      <div className="space-y-1">
        <label htmlFor={`${id}-competitors`} className="block font-medium">
          Competitors (up to {MAX_COMPETITORS})
        </label>
        <input
          id={`${id}-competitors`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="rival.com, other.org"
          value={typed}
          aria-invalid={tooMany ? true : undefined}
          aria-describedby={`${id}-competitors-help`}
          onChange={(e) => type(e.target.value)}
          className={inputClass}
        />
        <p id={`${id}-competitors-help`} className="text-xs text-slate-600 dark:text-slate-400">
          {tooMany
            ? `Only the first ${MAX_COMPETITORS} are shown.`
            : 'Separated by commas; read from the same answers, at no cost.'}
        </p>
        {free.length > 0 && competitors.length < MAX_COMPETITORS && (
          <p className="flex flex-wrap items-center gap-1 text-xs">
            <span>Often ranking:</span>
            {free.slice(0, MAX_COMPETITORS).map((d) => (
              <button
                key={d}
                type="button"
                className="btn-chip"
                aria-label={`Add ${d} as a competitor`}
                onClick={() => type([...competitors, d].join(', '), 'picked')}
              >
                {d}
              </button>
            ))}
          </p>
        )}
      </div>
    </fieldset>
  );
}

const SUMMARY_COLUMNS = ['Locale', 'Answered', 'Ranked', 'Average rank', 'Top 3', 'Top 10'];

const percent = (n: number | null) => (n === null ? '—' : `${Math.round(n * 100)} %`);

/** Per locale: the target's average rank and the share of answered keywords in the top 3 and 10. */
export function LocaleSummaries({ pivot }: { pivot: Pivot }) {
  return (
    <table className="text-left text-sm">
      <caption className="text-left font-medium">
        {pivot.target} by locale (keywords with an answer only)
      </caption>
      <thead>
        <tr>
          {SUMMARY_COLUMNS.map((c) => (
            <th key={c} scope="col" className="px-2 py-1">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {pivot.summaries.map((s) => (
          <tr
            key={localeLabel(s.locale)}
            className="border-t border-slate-200 dark:border-slate-700"
          >
            <th scope="row" className="px-2 py-1 font-normal">
              {localeLabel(s.locale)}
            </th>
            <td className="px-2 py-1 tabular-nums">{formatNumber(s.answered)}</td>
            <td className="px-2 py-1 tabular-nums">{formatNumber(s.ranked)}</td>
            <td className="px-2 py-1 tabular-nums">
              {s.averageRank === null ? '—' : s.averageRank.toFixed(1)}
            </td>
            <td className="px-2 py-1 tabular-nums">{percent(s.top3)}</td>
            <td className="px-2 py-1 tabular-nums">{percent(s.top10)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
