import type { ColorScale } from '../lib/color-scale.ts';
import { NO_VALUE_COLOR } from '../lib/color-scale.ts';
import { StatusLegend } from './status-legend.tsx';

const WHAT: Record<ColorScale['mode'], string> = {
  price: 'price',
  ppa: 'price per area',
  days: 'days on market',
};
const WITHOUT: Record<ColorScale['mode'], string> = {
  price: 'without a price',
  ppa: 'without a price per area',
  days: 'without days on market',
};

function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block h-3 w-3 rounded-full border border-white shadow"
      style={{ background: color }}
    />
  );
}

/** What the grey stands for: listings without the value, and of the other kind (rent or sale). */
function offScale(scale: ColorScale, other: string): string {
  const n = (count: number) => count.toLocaleString('en-US');
  if (scale.otherKind === 0) return WITHOUT[scale.mode];
  if (scale.noValue === 0) return `${other}, not on this scale`;
  return `not on this scale: ${n(scale.noValue)} ${WITHOUT[scale.mode]}, ${n(scale.otherKind)} ${other}`;
}

/** The scale's bins with their colours and counts, and what is not on it. */
function ScaleLegend({ scale }: { scale: ColorScale }) {
  const kind =
    scale.kind === 'rent' ? ', monthly rents' : scale.kind === 'sale' ? ', sale prices' : '';
  const other = scale.kind === 'rent' ? 'sale prices' : 'monthly rents';
  const n = (count: number) => count.toLocaleString('en-US');
  return (
    <ul
      aria-label={`Map legend: colour by ${WHAT[scale.mode]}${kind}`}
      className="flex flex-wrap gap-x-4 gap-y-1 text-xs"
      data-testid="color-legend"
    >
      {scale.bins.map((b) => (
        <li key={b.color} className="flex items-center gap-1" data-testid="legend-bin">
          <Swatch color={b.color} />
          {b.from === b.to
            ? scale.label(b.from)
            : `${scale.short(b.from)} – ${scale.label(b.to)}`}{' '}
          ({n(b.count)})
        </li>
      ))}
      {/* One grey, one entry: the map draws both kinds off the scale alike, and two entries
          with one colour read as two near-identical greys (issue 40.5). */}
      {(scale.noValue > 0 || scale.otherKind > 0) && (
        <li className="flex items-center gap-1">
          <Swatch color={NO_VALUE_COLOR} />
          {offScale(scale, other)} ({n(scale.noValue + scale.otherKind)})
        </li>
      )}
    </ul>
  );
}

/** The map's legend: the value scale's bins, or the statuses. */
export function ColorLegend({
  scale,
  statuses,
}: {
  scale: ColorScale | null;
  statuses: readonly { value: string; count: number }[];
}) {
  return scale ? <ScaleLegend scale={scale} /> : <StatusLegend statuses={statuses} />;
}
