import { useId } from 'react';
import { ENDPOINTS, type ParamSpec } from '../../api/endpoints.ts';
import {
  CountryPicker,
  LanguagePicker,
  SharedLocaleLists,
  sharedListId,
} from '../../components/locale-picker.tsx';
import type { BatchEndpointId } from './lib/endpoints.ts';
import { localeField, type LocaleField } from './lib/locale.ts';

const paramOf = (endpoint: BatchEndpointId, name: string): ParamSpec =>
  ENDPOINTS[endpoint].params.find((p) => p.name === name)!;

/**
 * A batch's or a tracker's locales: one or more country and language pairs, with the search view's pickers.
 * Each is checked as the endpoint's form checks it; an empty part is the service's default.
 */
export function LocaleFields({
  endpoint,
  locales,
  errors,
  onChange,
}: {
  endpoint: BatchEndpointId;
  locales: readonly LocaleField[];
  errors: readonly string[][];
  onChange: (locales: LocaleField[]) => void;
}) {
  const id = useId();
  const set = (key: number, patch: Partial<LocaleField>) =>
    onChange(locales.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Locales</legend>
      <p id={`${id}-help`} className="text-xs text-slate-600 dark:text-slate-400">
        Each query is asked once in each locale. Empty parts are the service&apos;s default (us,
        en).
      </p>
      <ul className="space-y-2">
        {locales.map((l, i) => {
          const fieldId = `${id}-${l.key}`;
          const problems = errors[i] ?? [];
          const describedBy = `${id}-help${problems.length > 0 ? ` ${fieldId}-error` : ''}`;
          const label = locales.length > 1 ? `(locale ${i + 1})` : '';
          return (
            <li key={l.key} className="flex flex-wrap items-end gap-2">
              {(['country', 'language'] as const).map((name) => {
                const Picker = name === 'country' ? CountryPicker : LanguagePicker;
                const param = paramOf(endpoint, name);
                return (
                  <div key={name} className="min-w-[12rem] flex-1 space-y-1">
                    <label htmlFor={`${fieldId}-${name}`} className="block text-sm">
                      {param.label} <span className="sr-only">{label}</span>
                    </label>
                    <Picker
                      id={`${fieldId}-${name}`}
                      param={param}
                      value={l[name]}
                      error={problems.length > 0 ? problems.join(' ') : undefined}
                      describedBy={describedBy}
                      listId={sharedListId(id, name)}
                      onChange={(value) => set(l.key, { [name]: value })}
                      onBlur={() => {}}
                    />
                  </div>
                );
              })}
              {locales.length > 1 && (
                <button
                  type="button"
                  className="btn-secondary"
                  aria-label={`Remove locale ${i + 1}`}
                  onClick={() => onChange(locales.filter((x) => x.key !== l.key))}
                >
                  Remove
                </button>
              )}
              {problems.length > 0 && (
                <p
                  id={`${fieldId}-error`}
                  className="basis-full text-sm text-red-700 dark:text-red-400"
                >
                  {problems.join(' ')}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {/* One list of codes of each kind, whatever the number of locales (every picker reads it). */}
      <SharedLocaleLists id={id} />
      <button
        type="button"
        className="btn-secondary"
        onClick={() => onChange([...locales, localeField()])}
      >
        Add a locale
      </button>
    </fieldset>
  );
}
