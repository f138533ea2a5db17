import { use, useState, type KeyboardEvent } from 'react';
import type { FieldProps } from '../../../components/param-field.tsx';
import { splitSuggestion } from '../lib/suggestions.ts';
import { SuggestBoxContext } from './suggest-box-context.ts';

const inputClass =
  'w-full rounded border border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 px-2 py-1.5 aria-[invalid=true]:border-red-600';

/**
 * The query field as a search box: an ARIA combobox (editable, list autocomplete) whose popup
 * lists the suggestions on screen. Arrow keys move through them, Enter puts the chosen one in
 * the field (with none chosen, Enter submits the form), Escape closes the popup, then clears.
 */
const POPUP_SIZE = 10;

export function SuggestBox(props: FieldProps) {
  const { suggestions, forQuery, loading } = use(SuggestBoxContext);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // A new list starts with nothing chosen.
  const [seen, setSeen] = useState(suggestions);
  if (seen !== suggestions) {
    setSeen(suggestions);
    setActive(-1);
  }
  const listId = `${props.id}-suggestions`;
  // Like a real search box: the top few, whatever the answer holds (the list below has them all).
  const shown = suggestions.length > POPUP_SIZE ? suggestions.slice(0, POPUP_SIZE) : suggestions;
  const count = shown.length;
  // Only the suggestions of the text in the field, and none while a request runs: an earlier
  // prefix's list read as this one's, and an open list covered the button and the error below
  // it (issue 40.3).
  const current = forQuery !== null && forQuery.trim() === props.value.trim();
  const expanded = open && count > 0 && current && !loading;

  const pick = (value: string) => {
    props.onChange(value);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (count === 0 || !current || loading) return;
      e.preventDefault();
      const down = e.key === 'ArrowDown';
      if (!expanded) {
        setOpen(true);
        setActive(down ? 0 : count - 1);
      } else {
        setActive((a) => (down ? (a + 1) % count : a <= 0 ? count - 1 : a - 1));
      }
    } else if (e.key === 'Enter' && expanded && active >= 0) {
      e.preventDefault();
      pick(shown[active]!.value);
    } else if (e.key === 'Enter') {
      // Enter with nothing chosen submits the form: the list closes until the next key.
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (expanded) {
        setOpen(false);
        setActive(-1);
      } else if (props.value) {
        props.onChange('');
      }
    }
  };

  return (
    <div className="relative">
      <input
        id={props.id}
        name={props.param.name}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.describedBy}
        aria-required={props.param.required || undefined}
        aria-busy={loading || undefined}
        autoComplete="off"
        placeholder={props.param.placeholder}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => {
          props.onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          props.onBlur();
        }}
        className={inputClass}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={forQuery ? `Suggestions for ${forQuery}` : 'Suggestions'}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-80 w-full overflow-auto rounded border border-slate-300 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-900"
      >
        {/* Hidden, it holds no options: while typing (the list answers older text) a key would
            otherwise re-split and re-render every option it cannot show (issue 41). */}
        {expanded &&
          shown.map((s, i) => {
            const parts = splitSuggestion(s.value, props.value);
            return (
              // Keys reach the options through the field (aria-activedescendant), not the options.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={s.value}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                // Keeps focus in the field, so choosing with the mouse works like Enter.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(s.value)}
                className="cursor-pointer px-2 py-1 aria-selected:bg-teal-100 dark:aria-selected:bg-teal-900"
              >
                {parts.typed}
                <strong className="font-semibold">{parts.rest}</strong>
              </li>
            );
          })}
      </ul>
    </div>
  );
}
