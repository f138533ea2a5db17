import {
  elementScroll,
  useVirtualizer,
  type Rect,
  type VirtualizerOptions,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { memo, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAfterPaint } from '../../../components/use-after-paint.ts';
import { formatArea, formatPerArea, type AreaUnit } from '../lib/area.ts';
import type { Home } from '../lib/home.ts';
import { gapToMedian, gapWords, type SelectionMedians } from '../lib/stats.ts';
import { humanizeEnum } from '../lib/filters.ts';
import { statusColor } from '../lib/status.ts';
import { ListingThumb } from './listing-thumb.tsx';

const ROW_HEIGHT = 84;

export interface ListingListProps {
  homes: readonly Home[];
  unit: AreaUnit;
  /** The selection's medians: each row says how far its price per area lies from its kind's. */
  medians: SelectionMedians;
  /** The keys pinned to the compare tray (four at most). */
  pinned: readonly string[];
  selectedKey: string | null;
  hoveredKey: string | null;
  /** Scroll this listing into view (a new object each time, e.g. when its pin is hovered). */
  reveal: { key: string } | null;
  onHover: (key: string | null) => void;
  onSelect: (key: string) => void;
}

function facts(h: Home, unit: AreaUnit): string {
  const parts: string[] = [];
  if (h.beds !== undefined) parts.push(h.beds === 0 ? 'Studio' : `${h.beds} bd`);
  if (h.baths !== undefined) parts.push(`${h.baths} ba`);
  // A lot has no living area to miss; a home without one says so (it is left out per area).
  if (h.livingArea !== undefined) parts.push(formatArea(h.livingArea, unit));
  else if (h.homeType !== 'LOT') parts.push('area unknown');
  if (h.homeType) parts.push(humanizeEnum(h.homeType));
  if (h.daysOnMarket !== undefined)
    parts.push(`${h.daysOnMarket} day${h.daysOnMarket === 1 ? '' : 's'} on market`);
  return parts.join(' · ');
}

/** " · 12% below median": a row's price per area against the selection's median of its kind. */
function GapNote({ gap }: { gap: number | undefined }) {
  if (gap === undefined) return null;
  return <span data-testid="gap">{` · ${gapWords(gap)} median`}</span>;
}

/** What a row says of a listing: price (per area, against the median), status, facts, address. */
function ListingRowText({
  home,
  unit,
  medians,
  pinned,
}: {
  home: Home;
  unit: AreaUnit;
  medians: SelectionMedians;
  pinned: boolean;
}) {
  return (
    <span className="min-w-0 flex-1">
      {/* The price line has the row's width: a badge or a long status beside it cut the gap to
          the median short ("11% a…"); the status goes with the address. */}
      <span className="flex items-baseline gap-2">
        <span className="truncate">
          <span className="font-semibold">{home.priceLabel}</span>
          {home.pricePerArea !== undefined && (
            <span className="text-slate-700 dark:text-slate-300">
              {' · '}
              {formatPerArea(home.pricePerArea, unit, {
                monthly: home.isRental,
                symbol: home.symbol,
              })}
              <GapNote gap={gapToMedian(home, medians)} />
            </span>
          )}
        </span>
      </span>
      <span className="block truncate text-slate-700 dark:text-slate-300">
        {pinned && (
          <span className="mr-1.5 rounded bg-sky-100 px-1 text-xs font-medium text-sky-900 dark:bg-sky-900 dark:text-sky-100">
            Pinned
          </span>
        )}
        {facts(home, unit)}
      </span>
      <span className="flex items-baseline justify-between gap-2">
        <span className="block truncate text-slate-600 dark:text-slate-400">
          {home.address}
          {!home.position && ' · not on the map'}
        </span>
        <span className="flex shrink-0 items-center gap-1 text-xs text-slate-700 dark:text-slate-300">
          <span
            aria-hidden="true"
            className="inline-block h-2.5 w-2.5 rounded-full"
            style={{ background: statusColor(home.status) }}
          />
          {home.statusText}
        </span>
      </span>
    </span>
  );
}

/** The row a key moves the active row to (arrows, Page keys, Home/End), or undefined. */
function rowMovedTo(key: string, active: number, page: number, count: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowDown: active + 1,
    ArrowUp: active - 1,
    PageDown: active + page,
    PageUp: active - page,
    Home: 0,
    End: count - 1,
  };
  return moves[key];
}

/** The list box's height from its stylesheet (h-[420px] lg:h-[600px]), before it is measured. */
function initialRect(): Rect {
  const wide = typeof matchMedia === 'function' && matchMedia('(min-width: 1024px)').matches;
  return { width: 0, height: wide ? 600 : 420 };
}

/**
 * The list box's size as a ResizeObserver reports it, after the browser's own layout. The
 * virtualizer's default reads it on mount, forcing a layout of the whole page inside the commit
 * that has just inserted a page of listings: on a phone a long task, which then lays the page
 * out again for the paint.
 */
function observeRectAfterLayout(
  instance: Virtualizer<HTMLDivElement, Element>,
  cb: (rect: Rect) => void,
): () => void {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(([entry]) => {
    if (!entry) return;
    const { width, height } = entry.contentRect;
    cb({ width: Math.round(width), height: Math.round(height) });
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** List boxes that react-virtual has scrolled at least once. */
const written = new WeakSet<Element>();

/**
 * Scrolls as react-virtual does, except its first write to a new list box: it puts the box at
 * the top, where a new box already is, and writing that forces a layout of the whole page in the
 * commit that has just inserted a page of listings (on a phone a long task of its own).
 */
const scrollAfterFirst: VirtualizerOptions<HTMLDivElement, Element>['scrollToFn'] = (
  offset,
  options,
  instance,
) => {
  const element = instance.scrollElement;
  if (element && !written.has(element)) {
    written.add(element);
    if (offset === 0) return;
  }
  elementScroll(offset, options, instance);
};

/**
 * The listings as a virtualised listbox: only the rows in view exist in the
 * DOM, so 10,000 listings scroll like 50. Arrow keys, Home/End and Page keys
 * move the active row; Enter or Space opens it. Memoised: a change in the URL that the list
 * does not show (the colour mode) renders the results again, not the list.
 */
export const ListingList = memo(function ListingList({
  homes,
  unit,
  medians,
  pinned,
  selectedKey,
  hoveredKey,
  reveal,
  onHover,
  onSelect,
}: ListingListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [firstRect] = useState(initialRect);
  // The box (its size fixed) paints with the results; its rows a frame later, in a task and a
  // frame of their own: the results' first frame was one long task on a phone (issue 41).
  const rowsNow = useAfterPaint();
  // The virtualizer is read fresh on every render; nothing here memoizes what it returns.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: homes.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // A few rows beyond the box: each row is a dozen elements to style, lay out and paint.
    overscan: 3,
    getItemKey: (i) => homes[i]?.key ?? i,
    initialRect: firstRect,
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollAfterFirst,
  });

  const indexOf = (key: string | null) =>
    key === null ? -1 : homes.findIndex((h) => h.key === key);
  const activeIndex = Math.max(0, indexOf(activeKey ?? selectedKey));

  useEffect(() => {
    if (!reveal) return;
    const i = homes.findIndex((h) => h.key === reveal.key);
    if (i >= 0) virtualizer.scrollToIndex(i, { align: 'auto' });
  }, [reveal, homes, virtualizer]);

  const moveTo = (i: number) => {
    const clamped = Math.max(0, Math.min(homes.length - 1, i));
    const home = homes[clamped];
    if (!home) return;
    setActiveKey(home.key);
    virtualizer.scrollToIndex(clamped, { align: 'auto' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 0) / ROW_HEIGHT) - 1);
    const target = rowMovedTo(e.key, activeIndex, page, homes.length);
    if (target !== undefined) {
      e.preventDefault();
      moveTo(target);
    } else if (e.key === 'Enter' || e.key === ' ') {
      const home = homes[activeIndex];
      if (home) {
        e.preventDefault();
        onSelect(home.key);
      }
    }
  };

  const active = homes[activeIndex];
  return (
    <div
      ref={scrollRef}
      role="listbox"
      aria-label="Listings"
      tabIndex={0}
      aria-activedescendant={active && rowsNow ? `${baseId}-${activeIndex}` : undefined}
      onKeyDown={onKeyDown}
      onMouseLeave={() => onHover(null)}
      // Off screen (below the map on a phone) its rows are not styled, laid out or painted until
      // it scrolls near: its height is fixed, so nothing moves when they are.
      className="group h-[420px] overflow-auto rounded border border-slate-200 [content-visibility:auto] lg:h-[600px] dark:border-slate-700"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {(rowsNow ? virtualizer.getVirtualItems() : []).map((row) => {
          const h = homes[row.index];
          if (!h) return null;
          const selected = h.key === selectedKey;
          const isActive = row.index === activeIndex;
          return (
            // The listbox owns focus and keys (aria-activedescendant); options only take the pointer.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <div
              key={row.key}
              id={`${baseId}-${row.index}`}
              role="option"
              tabIndex={-1}
              aria-selected={selected}
              aria-posinset={row.index + 1}
              aria-setsize={homes.length}
              data-key={h.key}
              data-hovered={h.key === hoveredKey || undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                scrollRef.current?.focus({ preventScroll: true });
              }}
              onClick={() => {
                setActiveKey(h.key);
                onSelect(h.key);
              }}
              onMouseEnter={() => onHover(h.key)}
              style={{ height: row.size, transform: `translateY(${row.start}px)` }}
              className={`absolute top-0 left-0 flex w-full cursor-pointer gap-3 border-b border-slate-100 px-2 py-2 text-sm dark:border-slate-800 ${
                selected
                  ? 'bg-amber-50 dark:bg-amber-950/40'
                  : h.key === hoveredKey
                    ? 'bg-sky-50 dark:bg-sky-950/40'
                    : ''
              } ${isActive ? 'group-focus-visible:outline-2 group-focus-visible:-outline-offset-2 group-focus-visible:outline-sky-500' : ''}`}
            >
              <ListingThumb
                home={h}
                width={88}
                height={66}
                className="h-[66px] w-[88px] shrink-0 rounded"
              />
              <ListingRowText
                home={h}
                unit={unit}
                medians={medians}
                pinned={pinned.includes(h.key)}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
});
