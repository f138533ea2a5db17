import { useEffect, useId, useRef } from 'react';
import { ExternalLink } from '../../../components/external-link.tsx';
import { JsonViewer } from '../../../components/json-viewer.tsx';
import { formatArea, formatPerArea, unitLabel, type AreaUnit } from '../lib/area.ts';
import { UNMAPPED_LABEL } from '../lib/coordinates.ts';
import { humanizeEnum } from '../lib/filters.ts';
import type { Home } from '../lib/home.ts';
import { homeInfoRows } from '../lib/home-info.ts';
import { listingPhotos } from '../lib/photos.ts';
import { formatPrice } from '../lib/price.ts';
import { gapToMedian, gapWords, kindOf, type SelectionMedians } from '../lib/stats.ts';
import { statusColor } from '../lib/status.ts';
import { PhotoCarousel } from './photo-carousel.tsx';
import { PinButton } from './pin-button.tsx';

export interface ListingDrawerProps {
  home: Home;
  unit: AreaUnit;
  medians: SelectionMedians;
  /** What the medians are of: "the area" (a drawn one) or "the listings shown". */
  scope: string;
  onClose: () => void;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3 border-b border-slate-100 py-1 dark:border-slate-800">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-right font-medium break-words">{children}</dd>
    </div>
  );
}

/**
 * One listing in full, beside the map and list (non-modal: the map and list
 * stay usable). Focus moves in when it opens and back to where it was when it
 * closes; Escape closes it.
 */
export function ListingDrawer({ home, unit, medians, scope, onClose }: ListingDrawerProps) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const rows = homeInfoRows(home.info);
  const gap = gapToMedian(home, medians);
  const median = medians[kindOf(home)].perArea;
  const facts = [
    home.beds !== undefined ? (home.beds === 0 ? 'Studio' : `${home.beds} beds`) : null,
    home.baths !== undefined ? `${home.baths} baths` : null,
    home.homeType ? humanizeEnum(home.homeType) : null,
  ].filter(Boolean);

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="listing-drawer"
      className="fixed inset-y-0 right-0 z-[1100] w-full overflow-y-auto border-l border-slate-200 bg-white p-4 shadow-2xl sm:w-[28rem] dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="mb-3 flex items-start justify-between gap-2">
        <div>
          <h2 id={titleId} className="text-xl font-semibold">
            {home.priceLabel}
          </h2>
          <p className="text-sm">{home.address}</p>
        </div>
        <button
          ref={closeRef}
          type="button"
          className="btn-secondary"
          onClick={onClose}
          aria-label="Close listing details"
        >
          ✕
        </button>
      </div>

      <PhotoCarousel key={home.key} photos={listingPhotos(home.listing)} subject={home.address} />

      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span
          className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-medium text-white"
          style={{ background: statusColor(home.status) }}
        >
          {home.statusText}
        </span>
        {facts.length > 0 && <span>{facts.join(' · ')}</span>}
      </p>
      {home.note && <p className="mt-2 text-sm italic">{home.note}</p>}
      {!home.position && home.unmapped && (
        <p className="mt-2 rounded bg-amber-50 p-2 text-sm dark:bg-amber-950/40">
          Not on the map: {UNMAPPED_LABEL[home.unmapped]}.
        </p>
      )}

      <dl className="mt-3 text-sm">
        <Fact label="Living area">
          {home.livingArea !== undefined ? formatArea(home.livingArea, unit) : 'Not given'}
        </Fact>
        <Fact label={`Price per ${unitLabel(unit)}`}>
          {home.pricePerArea !== undefined
            ? formatPerArea(home.pricePerArea, unit, {
                monthly: home.isRental,
                symbol: home.symbol,
              })
            : `Not known: no ${home.livingArea === undefined ? 'living area' : 'price'}`}
        </Fact>
        {gap !== undefined && median !== undefined && (
          <Fact label="Against the median">
            <span data-testid="drawer-gap">
              {gapWords(gap)} the median of {scope} (
              {formatPerArea(median, unit, { monthly: home.isRental, symbol: home.symbol })})
            </span>
          </Fact>
        )}
        {home.broker && <Fact label="Broker">{home.broker}</Fact>}
        {home.estimate !== undefined && (
          <Fact label="Estimated value">{formatPrice(home.estimate)}</Fact>
        )}
        {home.rentEstimate !== undefined && (
          <Fact label="Rent estimate">{formatPrice(home.rentEstimate, { monthly: true })}</Fact>
        )}
        {home.daysOnMarket !== undefined && (
          <Fact label="Days on market">{String(home.daysOnMarket)}</Fact>
        )}
      </dl>

      <p className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <ExternalLink href={home.detailUrl} className="btn-link">
          Open the listing page
        </ExternalLink>
        <PinButton listingKey={home.key} />
      </p>

      <h3 className="mt-4 mb-1 font-semibold">Home details</h3>
      {rows.length > 0 ? (
        <dl className="text-sm" aria-label="Home details">
          {rows.map((r) => (
            <Fact key={r.key} label={r.label}>
              {r.value}
            </Fact>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The service sent no detail data for this listing.
        </p>
      )}

      <h3 className="mt-4 mb-1 font-semibold">JSON</h3>
      <JsonViewer value={home.listing} label="listing" />
    </div>
  );
}
