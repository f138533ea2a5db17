import type { FieldProps } from '../../../components/param-field.tsx';

/** `dynamic` as a switch: always sent, as the text true or false (interface.md). */
export function DynamicSwitch({
  param,
  value,
  onChange,
  onBlur,
  id,
  describedBy,
  disabled,
}: FieldProps) {
  const on = value === 'true';
  return (
    <button
      type="button"
      role="switch"
      id={id}
      name={param.name}
      aria-checked={on}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onChange(on ? 'false' : 'true')}
      onBlur={onBlur}
      className="inline-flex items-center gap-2 rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-600"
    >
      <span
        aria-hidden="true"
        className={`inline-block h-4 w-8 rounded-full p-0.5 transition-colors ${on ? 'bg-teal-700' : 'bg-slate-400 dark:bg-slate-600'}`}
      >
        <span
          className={`block h-3 w-3 rounded-full bg-white transition-transform ${on ? 'translate-x-4' : ''}`}
        />
      </span>
      {on ? 'true' : 'false'}
    </button>
  );
}
