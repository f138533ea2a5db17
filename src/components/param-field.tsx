import type { ReactNode } from 'react';
import type { ParamSpec } from '../api/endpoints.ts';

export interface FieldProps {
  param: ParamSpec;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Id of the input, for the label and for custom pickers. */
  id: string;
  describedBy: string;
  /** The parameter does not apply to the other values (`onlyWhen`): shown, not editable, not sent. */
  disabled?: boolean;
}

const inputClass =
  'w-full rounded border border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 px-2 py-1.5 aria-[invalid=true]:border-red-600 disabled:cursor-not-allowed disabled:opacity-60';

function defaultHint(param: ParamSpec): string {
  // The interface does not say which value the service takes: say so, not just "default".
  if (param.default === undefined) return 'service default (not documented)';
  if (param.type === 'boolean')
    return `service default (${param.default === '1' || param.default === 'true' ? 'on' : 'off'})`;
  return `service default (${param.default})`;
}

/** The input for one catalogue parameter: text, number, URL, tri-state boolean or choice. */
export function ParamInput({
  param,
  value,
  error,
  onChange,
  onBlur,
  id,
  describedBy,
  disabled,
}: FieldProps) {
  const common = {
    id,
    name: param.name,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': param.required || undefined,
    onBlur,
    className: inputClass,
  } as const;
  if (param.type === 'boolean' || param.type === 'enum') {
    const options =
      param.type === 'boolean'
        ? [
            { value: 'true', label: 'on' },
            { value: 'false', label: 'off' },
          ]
        : param.options;
    return (
      <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{defaultHint(param)}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      {...common}
      type="text"
      inputMode={param.type === 'integer' ? 'numeric' : param.type === 'url' ? 'url' : undefined}
      autoComplete="off"
      spellCheck={param.type === 'string' && param.name === 'query' ? undefined : false}
      placeholder={param.placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** Label, input, help and inline error for one parameter. `children` replaces the default input. */
export function ParamField(props: FieldProps & { children?: ReactNode }) {
  const { param, error, id } = props;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {param.label}
        {param.required && (
          <span aria-hidden="true" className="text-red-700 dark:text-red-400">
            {' '}
            *
          </span>
        )}
        <span className="ml-2 font-mono text-xs text-slate-500 dark:text-slate-400">
          {param.name}
        </span>
      </label>
      {props.children ?? <ParamInput {...props} />}
      <p id={`${id}-help`} className="text-xs text-slate-600 dark:text-slate-400">
        {param.help}
        {param.default !== undefined &&
          param.type !== 'boolean' &&
          param.type !== 'enum' &&
          ` Default: ${param.default}.`}
        {props.disabled && param.onlyWhen && (
          <strong className="block font-medium">{param.onlyWhen.note}</strong>
        )}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
