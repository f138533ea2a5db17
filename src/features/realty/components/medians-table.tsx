import { formatPerArea, unitLabel, type AreaUnit } from '../lib/area.ts';
import { formatPrice } from '../lib/price.ts';
import type { KindMedians, PriceKind, SelectionMedians } from '../lib/stats.ts';

const KIND_LABEL: Record<PriceKind, string> = { sale: 'Sale prices', rent: 'Monthly rents' };

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function Row({ kind, m, unit }: { kind: PriceKind; m: KindMedians; unit: AreaUnit }) {
  const monthly = kind === 'rent';
  const none = <span className="text-slate-600 dark:text-slate-400">—</span>;
  return (
    <tr className="border-t border-slate-100 dark:border-slate-800" data-testid={`medians-${kind}`}>
      <th scope="row" className="py-1 pr-3 text-left font-medium">
        {KIND_LABEL[kind]}{' '}
        <span className="font-normal text-slate-600 dark:text-slate-400">
          ({plural(m.listings, 'listing')})
        </span>
      </th>
      <td className="py-1 pr-3" data-testid="median-price">
        {m.price !== undefined ? formatPrice(m.price, { monthly }) : none}
      </td>
      <td className="py-1 pr-3" data-testid="median-per-area">
        {m.perArea !== undefined ? formatPerArea(m.perArea, unit, { monthly }) : none}
      </td>
      <td className="py-1" data-testid="median-days">
        {m.days !== undefined ? plural(Math.round(m.days), 'day') : none}
      </td>
    </tr>
  );
}

/**
 * The medians of the listings shown: price, price per area and days on market, one row per
 * kind (a rent and a sale price are never in one median), and what the figures per area leave
 * out.
 */
export function MediansTable({
  medians,
  unit,
  caption,
}: {
  medians: SelectionMedians;
  unit: AreaUnit;
  caption: string;
}) {
  const kinds = (['sale', 'rent'] as const).filter((k) => medians[k].listings > 0);
  const leftOut = medians.noArea + medians.noPrice;
  return (
    <div className="mt-3 overflow-x-auto text-sm">
      {/* No minimum width: on a 412 px phone the four short columns fit, headers wrapping. */}
      <table className="w-full" data-testid="medians">
        <caption className="mb-1 text-left text-xs font-semibold">{caption}</caption>
        <thead>
          <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
            {['Kind', 'Price', `Price per ${unitLabel(unit)}`, 'Days on market'].map((name) => (
              <th key={name} scope="col" className="pr-3 font-normal">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {kinds.map((k) => (
            <Row key={k} kind={k} m={medians[k]} unit={unit} />
          ))}
        </tbody>
      </table>
      {leftOut > 0 && (
        <p
          className="mt-1 text-xs text-slate-600 dark:text-slate-400"
          data-testid="per-area-left-out"
        >
          Left out of the figures per {unitLabel(unit)}: {plural(leftOut, 'listing')} (
          {[
            medians.noArea > 0 && `${medians.noArea.toLocaleString('en-US')} without a living area`,
            medians.noPrice > 0 && `${medians.noPrice.toLocaleString('en-US')} without a price`,
          ]
            .filter(Boolean)
            .join(', ')}
          ).
        </p>
      )}
    </div>
  );
}
