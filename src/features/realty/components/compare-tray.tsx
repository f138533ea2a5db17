import { useState } from 'react';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { formatArea, formatPerArea, lotUnitLabel, unitLabel, type AreaUnit } from '../lib/area.ts';
import { MAX_PINS, toggle, unpinAll } from '../lib/compare-pins.ts';
import { exportFileName, homesToCsv } from '../lib/export.ts';
import { humanizeEnum } from '../lib/filters.ts';
import type { Home } from '../lib/home.ts';
import { gapToMedian, gapWords, type SelectionMedians } from '../lib/stats.ts';
import { ListingThumb } from './listing-thumb.tsx';

export interface CompareTrayProps {
  /** The pinned keys, in the order they were pinned. */
  pins: readonly string[];
  byKey: ReadonlyMap<string, Home>;
  unit: AreaUnit;
  /** The selection's medians: each listing's gap is to its kind's. */
  medians: SelectionMedians;
  pageUrl: string | undefined;
  onOpen: (key: string) => void;
}

type Row = readonly [label: string, value: (h: Home) => string | undefined];

function rowsFor(unit: AreaUnit, medians: SelectionMedians): readonly Row[] {
  return [
    ['Price', (h) => h.priceLabel],
    [
      `Price per ${unitLabel(unit)}`,
      (h) =>
        h.pricePerArea === undefined
          ? undefined
          : formatPerArea(h.pricePerArea, unit, { monthly: h.isRental, symbol: h.symbol }),
    ],
    [
      'Against the median',
      (h) => {
        const gap = gapToMedian(h, medians);
        return gap === undefined ? undefined : `${gapWords(gap)} median`;
      },
    ],
    ['Beds', (h) => (h.beds === 0 ? 'Studio' : h.beds?.toString())],
    ['Baths', (h) => h.baths?.toString()],
    [
      'Living area',
      (h) => (h.livingArea === undefined ? undefined : formatArea(h.livingArea, unit)),
    ],
    [
      'Lot',
      (h) =>
        h.lotArea === undefined
          ? undefined
          : `${h.lotArea.toLocaleString('en-US')}${h.lotAreaUnit ? ` ${lotUnitLabel(h.lotAreaUnit)}` : ''}`,
    ],
    ['Home type', (h) => (h.homeType ? humanizeEnum(h.homeType) : undefined)],
    ['Status', (h) => h.statusText],
    ['Days on market', (h) => h.daysOnMarket?.toString()],
  ];
}

/**
 * The pinned listings side by side (up to four), with their gap to the selection's median, as
 * CSV too. A pin whose listing is not in this answer (another page was fetched since) says so.
 */
export function CompareTray({ pins, byKey, unit, medians, pageUrl, onOpen }: CompareTrayProps) {
  const [open, setOpen] = useState(true);
  if (pins.length === 0) return null;
  const pinned = pins.map((key) => ({ key, home: byKey.get(key) }));
  const found = pinned.flatMap((p) => (p.home ? [p.home] : []));
  const rows = rowsFor(unit, medians);
  return (
    // A tray: it stays at the foot of the screen while the map and the list scroll above it
    // (issue 40.5), folds to its title bar, and is never taller than half the screen.
    <section
      aria-labelledby="compare-heading"
      className="sticky bottom-0 z-20 max-h-[50vh] space-y-2 overflow-y-auto rounded-t border border-slate-300 bg-white p-3 shadow-[0_-4px_12px_rgba(0,0,0,0.15)] dark:border-slate-600 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="compare-heading" className="font-semibold">
          Compare ({pins.length} of {MAX_PINS})
        </h2>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            aria-expanded={open}
            aria-controls="compare-table-box"
            onClick={() => setOpen(!open)}
          >
            {open ? 'Fold' : 'Unfold'}
          </button>
          <ExportButtons
            label="Export the comparison"
            disabled={found.length === 0}
            files={[
              {
                label: 'Download the comparison as CSV',
                name: exportFileName(pageUrl, 'csv', new Date()).replace(
                  /^realty-/,
                  'realty-compare-',
                ),
                type: 'text/csv;charset=utf-8',
                text: () => homesToCsv(found, medians),
              },
            ]}
          />
          <button type="button" className="btn-secondary" onClick={unpinAll}>
            Unpin all
          </button>
        </div>
      </div>
      <div id="compare-table-box" hidden={!open} className="overflow-x-auto">
        <table className="w-full min-w-[36rem] table-fixed text-sm" data-testid="compare-table">
          <caption className="sr-only">Pinned listings side by side</caption>
          <thead>
            <tr>
              <td className="w-36" />
              {pinned.map(({ key, home }) => (
                <th key={key} scope="col" className="p-1 text-left align-top font-normal">
                  {home ? (
                    <>
                      <ListingThumb
                        home={home}
                        width={160}
                        height={120}
                        className="h-[90px] w-full max-w-[160px] rounded"
                      />
                      <button
                        type="button"
                        className="btn-link mt-1 block text-left font-semibold"
                        onClick={() => onOpen(key)}
                      >
                        {home.address}
                      </button>
                    </>
                  ) : (
                    <p className="text-slate-700 dark:text-slate-300">
                      Listing {key}: not in these listings
                    </p>
                  )}
                  <button
                    type="button"
                    className="btn-secondary mt-1 text-xs"
                    onClick={() => toggle(key)}
                    aria-label={`Unpin ${home?.address ?? `listing ${key}`}`}
                  >
                    Unpin
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label} className="border-t border-slate-100 dark:border-slate-800">
                <th
                  scope="row"
                  className="p-1 text-left font-medium text-slate-700 dark:text-slate-300"
                >
                  {label}
                </th>
                {pinned.map(({ key, home }) => (
                  <td key={key} className="p-1">
                    {(home && value(home)) ?? '—'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
