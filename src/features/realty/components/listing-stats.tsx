import { useAfterPaint } from '../../../components/use-after-paint.ts';
import { formatPerArea, unitLabel, type AreaUnit } from '../lib/area.ts';
import { compactPrice, formatPrice } from '../lib/price.ts';
import type { DataQuality, PriceStats, SelectionMedians } from '../lib/stats.ts';
import { MediansTable } from './medians-table.tsx';

function Histogram({ stats }: { stats: PriceStats }) {
  const monthly = stats.basis === 'rent';
  const short = (n: number) => compactPrice(n, { monthly });
  const peak = Math.max(1, ...stats.bins.map((b) => b.count));
  const description = stats.bins
    .map((b) => `${short(b.from)} to ${short(b.to)}: ${b.count}`)
    .join('; ');
  return (
    <figure className="min-w-0">
      <div aria-hidden="true" className="flex h-12 items-end gap-px" data-testid="price-histogram">
        {stats.bins.map((b, i) => (
          <div
            key={i}
            title={`${short(b.from)}–${short(b.to)}: ${b.count}`}
            className="flex-1 rounded-t-sm bg-teal-600 dark:bg-teal-500"
            style={{ height: `${Math.max(b.count > 0 ? 4 : 0, (b.count / peak) * 100)}%` }}
          />
        ))}
      </div>
      <figcaption className="sr-only">
        Price histogram, listings per price band: {description}.
      </figcaption>
      {stats.bins.length > 0 && (
        <div
          aria-hidden="true"
          className="flex justify-between text-[11px] text-slate-600 dark:text-slate-400"
        >
          <span>{short(stats.bins[0]?.from ?? 0)}</span>
          <span>{short(stats.bins.at(-1)?.to ?? 0)}</span>
        </div>
      )}
    </figure>
  );
}

/**
 * Count, median, range and distribution of the filtered listings' prices (of the kind most of
 * them have), and the medians of both kinds apart.
 */
export function ListingStats({
  shown,
  total,
  stats,
  medians,
  unit,
  scope,
}: {
  shown: number;
  total: number;
  stats: PriceStats;
  medians: SelectionMedians;
  unit: AreaUnit;
  /** What the medians are of ("the area", "the listings shown"). */
  scope: string;
}) {
  const monthly = stats.basis === 'rent';
  const money = (n: number | undefined) => (n === undefined ? '—' : formatPrice(n, { monthly }));
  const perArea = medians[stats.basis].perArea;
  // Its figures come in the fourth frame after the results (the results, the list's rows, the
  // map, then these with the first markers): near enough below the results to be drawn in their
  // first frame, which was one long task on a phone (issue 41). Meanwhile the box keeps the
  // height its figures will have on a phone (on a wider screen it is below the fold).
  const figuresNow = useAfterPaint(3);
  if (!figuresNow)
    return (
      <section
        aria-label="Price statistics"
        aria-busy="true"
        className="h-[26rem] rounded border border-slate-200 dark:border-slate-700"
      />
    );
  return (
    // Below the map and the list: off-screen when the listings arrive (a phone), so it waits to
    // be styled, laid out and painted until it scrolls near (issue 41; its height remembered).
    <section
      aria-label="Price statistics"
      className="rounded border border-slate-200 p-3 [contain-intrinsic-size:auto_26rem] [content-visibility:auto] dark:border-slate-700"
    >
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Listings</dt>
          <dd className="text-lg font-semibold" data-testid="stat-count">
            {shown === total
              ? shown.toLocaleString('en-US')
              : `${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">
            {monthly ? 'Median rent' : 'Median price'}
          </dt>
          <dd className="text-lg font-semibold" data-testid="stat-median">
            {money(stats.median)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">
            Median {monthly ? 'rent' : 'price'} per {unitLabel(unit)}
          </dt>
          <dd className="text-lg font-semibold" data-testid="stat-median-per-area">
            {perArea === undefined ? '—' : formatPerArea(perArea, unit, { monthly })}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">
            {monthly ? 'Rent range' : 'Price range'}
          </dt>
          <dd className="font-semibold" data-testid="stat-range">
            {stats.min === undefined ? '—' : `${money(stats.min)} – ${money(stats.max)}`}
          </dd>
          {stats.otherKind > 0 && (
            <dd className="text-xs text-slate-600 dark:text-slate-400">
              {stats.otherKind} {monthly ? 'sale prices' : 'monthly rents'} not included
            </dd>
          )}
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Distribution</dt>
          <dd>
            <Histogram stats={stats} />
          </dd>
        </div>
      </dl>
      <MediansTable medians={medians} unit={unit} caption={`Medians of ${scope}`} />
    </section>
  );
}

/** What the data lacks, so a user knows how far to trust the map and the numbers. */
export function QualityStrip({ quality }: { quality: DataQuality }) {
  const item = (n: number, what: string) => (
    <li className={n > 0 ? 'text-amber-900 dark:text-amber-300' : ''}>
      <span className="font-semibold">{n.toLocaleString('en-US')}</span> {what}
    </li>
  );
  return (
    <section aria-label="Data quality" className="text-sm">
      <ul className="flex flex-wrap gap-x-4 gap-y-1" data-testid="quality">
        <li className="font-medium">Data quality:</li>
        {item(quality.noCoordinates, 'without coordinates')}
        {item(quality.noPrice, 'without a price')}
        {item(quality.noArea, 'without a living area')}
        {item(quality.noPhotos, 'without photos')}
      </ul>
    </section>
  );
}
