import { useId } from 'react';
import { costLabel, type CostEstimate } from '../../../lib/cost.ts';

/** Live typing on or off, saying what each pause spends. */
export function LiveSwitch({
  on,
  cost,
  onChange,
}: {
  on: boolean;
  cost: CostEstimate;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <span className="flex items-center gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={on}
        aria-describedby={`${id}-cost`}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-4 accent-teal-700"
      />
      <label htmlFor={id} className="font-medium">
        Live typing
      </label>
      <span id={`${id}-cost`} className="text-slate-600 dark:text-slate-400">
        one request per word or pause · {costLabel(cost)}
      </span>
    </span>
  );
}
