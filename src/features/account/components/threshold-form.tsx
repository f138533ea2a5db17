import { useId, useState } from 'react';
import { formatNumber } from '../../../lib/format.ts';
import {
  setLowCreditThreshold,
  useLowCreditThreshold,
} from '../../../workspace/costs/low-credit-threshold.ts';

/** The low-credit threshold: below it the header pill warns, the tab title shows the number and a banner says so once. */
export function ThresholdForm() {
  const threshold = useLowCreditThreshold();
  const [text, setText] = useState(threshold === null ? '' : String(threshold));
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const helpId = useId();
  return (
    <section aria-labelledby="threshold-heading" className="space-y-2">
      <h2 id="threshold-heading" className="text-lg font-semibold">
        Low-credit warning
      </h2>
      <form
        noValidate
        className="flex flex-wrap items-start gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const trimmed = text.trim().replace(/,/g, '');
          if (trimmed === '') {
            setError(null);
            setLowCreditThreshold(null);
            return;
          }
          const value = Number(trimmed);
          if (!Number.isInteger(value) || value < 1) {
            setError('Enter a whole number of credits, 1 or more (or leave it empty for none).');
            return;
          }
          setError(null);
          setLowCreditThreshold(value);
        }}
      >
        <div className="space-y-1">
          <label htmlFor={inputId} className="block text-sm font-medium">
            Warn below (credits)
          </label>
          <input
            id={inputId}
            inputMode="numeric"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${helpId}${error ? ` ${errorId}` : ''}`}
            className="w-40 rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          />
          <p id={helpId} className="text-xs text-slate-600 dark:text-slate-400">
            {threshold === null
              ? 'None set: the header warns below 10% of the plan.'
              : `Now: ${formatNumber(threshold)} credits. Kept in this browser.`}
          </p>
          {error && (
            <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="btn-secondary mt-6">
          Save threshold
        </button>
      </form>
    </section>
  );
}
