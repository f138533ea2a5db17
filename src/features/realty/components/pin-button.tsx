import { MAX_PINS, toggle, usePins } from '../lib/compare-pins.ts';

/** Pins a listing to the compare tray, or unpins it; a full tray says so. */
export function PinButton({ listingKey }: { listingKey: string }) {
  const pins = usePins();
  const pinned = pins.includes(listingKey);
  const full = !pinned && pins.length >= MAX_PINS;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="btn-secondary"
        aria-pressed={pinned}
        disabled={full}
        onClick={() => toggle(listingKey)}
      >
        {pinned ? 'Pinned to compare' : 'Pin to compare'}
      </button>
      {full && (
        <span className="text-xs text-slate-700 dark:text-slate-300">
          The tray holds {MAX_PINS}: unpin one first.
        </span>
      )}
    </span>
  );
}
