import { useId, useMemo, useState, type ReactNode } from 'react';
import { formatNumber } from '../../lib/format.ts';
import { inputClass } from '../../components/labelled-field.tsx';
import { IntakeSummary } from '../runs/intake-summary.tsx';
import { localeField, type LocaleField } from '../runs/lib/locale.ts';
import { countedCostLabel } from '../runs/lib/pricing.ts';
import { MAX_COMPETITORS } from '../runs/lib/pivot.ts';
import { LocaleFields } from '../runs/locale-fields.tsx';
import { useCountedCost } from '../runs/use-run-plan.ts';
import {
  cellChange,
  checkScope,
  editTracker,
  scopeDraft,
  trackerMatrix,
  type ScopeDraft,
  type Tracker,
} from './lib/tracker.ts';

type Fields = Omit<ScopeDraft, 'locales'> & { locales: LocaleField[] };

const fieldsOf = (tracker: Tracker): Fields => ({
  ...scopeDraft(tracker),
  locales: tracker.locales.map((l) => localeField(l)),
});

const cells = (n: number) => `${formatNumber(n)} cell${n === 1 ? '' : 's'}`;

/** A field's label, its input, its help and, when it is wrong, why (read with the input). */
function Field({
  id,
  label,
  help,
  error,
  children,
}: {
  id: string;
  label: string;
  help: string;
  error: string | undefined;
  children: (describedBy: string) => ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {children(`${id}-help${error ? ` ${id}-error` : ''}`)}
      <p id={`${id}-help`} className="text-xs text-slate-600 dark:text-slate-400">
        {help}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

interface FormProps {
  tracker: Tracker;
  onSave: (t: Tracker) => void;
}

/**
 * What a tracker tracks: its target domain, competitors, queries and locales, saved apart from
 * its settings (decision 065). A kept query at a kept locale is the same cell, so its history
 * goes on; the line under the fields says what the next run will ask before anything is saved.
 * Its fields start again from the tracker when what it tracks changes (a save), not when its
 * settings or its schedule's anchor do, so what is typed in the other form stays.
 */
export function TrackerScope(props: FormProps) {
  const { target, competitors, rows, locales } = props.tracker;
  return <ScopeForm key={JSON.stringify([target, competitors, rows, locales])} {...props} />;
}

function ScopeForm({ tracker, onSave }: FormProps) {
  const id = useId();
  const [fields, setFields] = useState(() => fieldsOf(tracker));
  const [refused, setRefused] = useState(false);
  const set = (patch: Partial<Fields>) => {
    setRefused(false);
    setFields((f) => ({ ...f, ...patch }));
  };
  const { intake, errors, scope } = useMemo(() => checkScope(tracker, fields), [tracker, fields]);
  const next = scope ? editTracker(tracker, scope) : null;
  const text = (key: 'target' | 'competitors', label: string, help: string, hint: string) => (
    <Field id={`${id}-${key}`} label={label} help={help} error={errors[key]}>
      {(describedBy) => (
        <input
          id={`${id}-${key}`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder={hint}
          value={fields[key]}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => set({ [key]: e.target.value })}
          className={inputClass}
        />
      )}
    </Field>
  );
  return (
    <form
      aria-label="What it tracks"
      noValidate
      className="space-y-3 rounded border border-slate-200 p-3 text-sm dark:border-slate-700"
      onSubmit={(e) => {
        e.preventDefault();
        if (next) onSave(next);
        else setRefused(true);
      }}
    >
      <h3 className="font-semibold">What it tracks</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        {text('target', 'Target domain', 'Its subdomains count, www. does not.', 'example.com')}
        {text(
          'competitors',
          `Competitors (up to ${MAX_COMPETITORS})`,
          'Separated by commas; read from the same answers, at no cost.',
          'rival.com, other.org',
        )}
      </div>
      <Field
        id={`${id}-queries`}
        label="Queries"
        help="One query a line; blank lines and repeats (any case, any spacing) are dropped. A query kept keeps its history."
        error={errors.queries}
      >
        {(describedBy) => (
          <textarea
            id={`${id}-queries`}
            rows={6}
            value={fields.queries}
            spellCheck={false}
            aria-invalid={errors.queries ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => set({ queries: e.target.value })}
            className={`${inputClass} font-mono`}
          />
        )}
      </Field>
      <div aria-live="polite">
        <IntakeSummary intake={intake} />
      </div>
      <LocaleFields
        endpoint={tracker.endpoint}
        locales={fields.locales}
        errors={errors.localeFields}
        onChange={(locales) => set({ locales })}
      />
      {errors.locales && <p className="text-red-700 dark:text-red-400">{errors.locales}</p>}
      {tracker.rows.some((r) => r.locale) && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Queries from a CSV file that named their own locale stay at it.
        </p>
      )}
      <ScopeChange tracker={tracker} next={next} />
      <button type="submit" className="rounded border border-slate-400 px-3 py-1">
        Save what it tracks
      </button>
      {refused && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Nothing was saved: fix the fields marked above.
        </p>
      )}
    </form>
  );
}

/** What saving would change: the next run's cells and their price, and the history kept. */
function ScopeChange({ tracker, next }: { tracker: Tracker; next: Tracker | null }) {
  const unit = useCountedCost(tracker.endpoint);
  if (!next) return null;
  const { added, kept, removed } = cellChange(tracker, next);
  const requests = trackerMatrix(next).cells.length;
  return (
    <p data-testid="scope-change" aria-live="polite">
      {added === 0 && removed === 0
        ? `The same ${cells(requests)} as now.`
        : `Saved, the next run asks ${cells(requests)} (${countedCostLabel(unit, requests)}): ${[
            added > 0 ? `${formatNumber(added)} new` : null,
            kept > 0 ? `${formatNumber(kept)} kept, with their history` : null,
            removed > 0
              ? `${formatNumber(removed)} no longer asked (their history stays in the earlier runs)`
              : null,
          ]
            .filter((p) => p !== null)
            .join(', ')}.`}
    </p>
  );
}
