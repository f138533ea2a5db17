/** Says that the answer was cut off: it holds fewer listings than the search matched. */
export function CutOffNote({ carried, total }: { carried: number; total: number }) {
  const n = (v: number) => v.toLocaleString('en-US');
  return (
    <p
      className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="cut-off"
    >
      <strong>This page was cut off:</strong> the answer holds {n(carried)} of the {n(total)}{' '}
      listings that match the search. Everything here (the map, the stats, the exports) is about
      those {n(carried)}. To see the others, narrow the search on the listing site (zoom its map in,
      or add a price or a home type) and fetch the narrower page&apos;s URL, one part of the area at
      a time.
    </p>
  );
}
