import { memo } from 'react';
import type { FieldProps } from './param-field.tsx';
import {
  COUNTRIES,
  countryName,
  LANGUAGES,
  languageNameOf,
  type LocaleOption,
} from '../lib/locales.ts';

const inputClass =
  'w-full rounded border border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 px-2 py-1.5 aria-[invalid=true]:border-red-600';

/**
 * The few hundred codes and names of a picker, rendered once: the form re-renders on every
 * keystroke and on Run, and reconciling four such lists each time (search and comparison) was
 * most of that work.
 */
const LocaleOptions = memo(function LocaleOptions({
  id,
  options,
}: {
  id: string;
  options: readonly LocaleOption[];
}) {
  return (
    <datalist id={id}>
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {o.name}
        </option>
      ))}
    </datalist>
  );
});

/**
 * The country and the language codes once for every picker of a form that has several (a
 * tracker's three locales): each picker given `listId` reads these instead of rendering its own
 * list, which made a thousand options for three locales (the tracker's "What it tracks").
 */
export function SharedLocaleLists({ id }: { id: string }) {
  return (
    <>
      <LocaleOptions id={sharedListId(id, 'country')} options={COUNTRIES} />
      <LocaleOptions id={sharedListId(id, 'language')} options={LANGUAGES} />
    </>
  );
}

export const sharedListId = (id: string, kind: 'country' | 'language') => `${id}-${kind}-options`;

/** What a picker takes: a field's props, and the id of a shared list of codes if the form has one. */
type PickerProps = FieldProps & { listId?: string };

/** A text input with a searchable list of codes and their names (type "fr" or "France"). */
function LocalePicker({
  options,
  nameOf,
  listId: shared,
  ...props
}: PickerProps & { options: readonly LocaleOption[]; nameOf: (code: string) => string }) {
  const listId = shared ?? `${props.id}-options`;
  const name = nameOf(props.value.trim());
  return (
    <div className="flex items-center gap-2">
      <input
        id={props.id}
        name={props.param.name}
        type="text"
        list={listId}
        autoComplete="off"
        spellCheck={false}
        placeholder={props.param.placeholder}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
        className={inputClass}
      />
      {!shared && <LocaleOptions id={listId} options={options} />}
      {name && (
        <span
          className="shrink-0 text-sm text-slate-600 dark:text-slate-400"
          data-testid={`${props.param.name}-name`}
        >
          {name}
        </span>
      )}
    </div>
  );
}

export function CountryPicker(props: PickerProps) {
  return <LocalePicker {...props} options={COUNTRIES} nameOf={countryName} />;
}

export function LanguagePicker(props: PickerProps) {
  return <LocalePicker {...props} options={LANGUAGES} nameOf={languageNameOf} />;
}
