/** A relevance bar scaled to the largest on screen, with the typed text's relevance as a line. */
export function RelevanceBar({
  relevance,
  scale,
  reference,
}: {
  relevance: number | null;
  scale: number;
  /** The relevance of the query as typed (`verbatim_relevance`), drawn as a thin line. */
  reference: number | null;
}) {
  const pct = (n: number) => `${Math.min(100, Math.max(0, (n / scale) * 100))}%`;
  return (
    <span
      aria-hidden="true"
      className="relative inline-block h-2.5 w-40 shrink-0 rounded bg-slate-200 dark:bg-slate-700"
    >
      {relevance !== null && (
        <span
          className="absolute inset-y-0 left-0 rounded bg-teal-600 dark:bg-teal-400"
          style={{ width: pct(relevance) }}
        />
      )}
      {reference !== null && (
        <span
          className="absolute -inset-y-1 w-0.5 bg-amber-600 dark:bg-amber-400"
          style={{ left: pct(reference) }}
        />
      )}
    </span>
  );
}
