import type { InputHTMLAttributes } from 'react';

export const inputClass =
  'w-full rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900';

/** A label above its input, with a line of help under it when there is one. */
export function LabelledField({
  id,
  label,
  help,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; help?: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        id={id}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={help ? `${id}-help` : undefined}
        className={input.type === 'file' ? undefined : inputClass}
        {...input}
      />
      {help && (
        <p id={`${id}-help`} className="text-xs text-slate-600 dark:text-slate-400">
          {help}
        </p>
      )}
    </div>
  );
}
