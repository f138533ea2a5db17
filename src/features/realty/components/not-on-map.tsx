import { useId, useState } from 'react';
import { UNMAPPED_LABEL } from '../lib/coordinates.ts';
import type { Home } from '../lib/home.ts';

const FIRST = 25;

/** Listings without usable coordinates: never dropped, listed here with the reason. */
export function NotOnMap({
  homes,
  onSelect,
}: {
  homes: readonly Home[];
  onSelect: (key: string) => void;
}) {
  const headingId = useId();
  const [all, setAll] = useState(false);
  if (homes.length === 0) return null;
  const shown = all ? homes : homes.slice(0, FIRST);
  return (
    <section
      aria-labelledby={headingId}
      // At the foot of the results: styled and painted once it scrolls near (issue 41).
      className="rounded border border-amber-200 p-3 [contain-intrinsic-size:auto_30rem] [content-visibility:auto] dark:border-amber-800"
    >
      <h2 id={headingId} className="font-semibold">
        Not on the map ({homes.length.toLocaleString('en-US')})
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        These listings have no usable coordinates. They are still in the list, the stats and the
        exports.
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {shown.map((h) => (
          <li key={h.key}>
            <button type="button" className="btn-link text-left" onClick={() => onSelect(h.key)}>
              {h.address}
            </button>{' '}
            <span className="text-slate-600 dark:text-slate-400">
              · {h.priceLabel} · {h.unmapped ? UNMAPPED_LABEL[h.unmapped] : ''}
            </span>
          </li>
        ))}
      </ul>
      {homes.length > shown.length && (
        <button type="button" className="btn-small mt-2" onClick={() => setAll(true)}>
          Show all {homes.length.toLocaleString('en-US')}
        </button>
      )}
    </section>
  );
}
