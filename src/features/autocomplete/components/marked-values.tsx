/**
 * Suggestion values in rank order, some of them marked (new at this ladder step, or only in
 * this locale): by colour and by a word for screen readers.
 */
export function MarkedValues({
  label,
  values,
  marked,
  markText,
  inline = false,
}: {
  label: string;
  values: readonly string[];
  marked: ReadonlySet<string>;
  markText: string;
  /** Chips in a row rather than one per line. */
  inline?: boolean;
}) {
  return (
    <ol aria-label={label} className={inline ? 'flex flex-wrap gap-1' : 'space-y-0.5'}>
      {values.map((value) => (
        <li
          key={value}
          className={`rounded px-1.5 text-sm ${
            marked.has(value)
              ? 'bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50'
              : inline
                ? 'bg-slate-100 dark:bg-slate-800'
                : ''
          }`}
        >
          {value}
          {marked.has(value) && <span className="sr-only"> ({markText})</span>}
        </li>
      ))}
    </ol>
  );
}
