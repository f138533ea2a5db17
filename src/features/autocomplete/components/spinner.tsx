/** A small spinner beside a loading query (decorative: the text says it is loading). */
export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block h-3.5 w-3.5 animate-spin rounded-full border-2 border-teal-700 border-t-transparent dark:border-teal-300 dark:border-t-transparent"
    />
  );
}
