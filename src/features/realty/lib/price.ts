const NUMBER = /(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(million|billion|[kmb](?![a-z])|s\b)?/i;
const SCALE: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9, million: 1e6, billion: 1e9 };

/**
 * A number from a price as the listing site writes it: "$1.2M", "$850K",
 * "From $450,000", "$2,045+ 1 bd", "$2,045/mo", "Upper $800s". The amount after
 * a currency sign wins over other numbers ("3 bd from $2,000" is 2,000).
 * Texts without an amount ("Contact for price") give undefined.
 */
export function parsePriceText(text: string): number | undefined {
  const dollar = text.search(/[$€£]/);
  const match = NUMBER.exec(dollar >= 0 ? text.slice(dollar) : text);
  if (!match) return undefined;
  const whole = (match[1] ?? '').replace(/,/g, '');
  let n = Number(match[2] ? `${whole}.${match[2]}` : whole);
  const suffix = match[3]?.toLowerCase();
  // "Upper $800s" is the upper $800,000s, and "Upper $1000s" the upper millions.
  if (suffix === 's') n *= 1000;
  else if (suffix) n *= SCALE[suffix] ?? 1;
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** Thousands separators by hand: Intl.NumberFormat is the slowest step when 10,000 listings arrive. */
function grouped(n: number): string {
  const digits = String(Math.round(Math.abs(n)));
  return `${n < 0 ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** "$1,234,567"; with `monthly`, "$2,045/mo". */
export function formatPrice(n: number, { monthly = false, symbol = '$' } = {}): string {
  return `${symbol}${grouped(n)}${monthly ? '/mo' : ''}`;
}

/** A price short enough for a map pin: "$1.2M", "$850K", "$950"; rents stay exact: "$2,045/mo". */
export function compactPrice(n: number, { monthly = false, symbol = '$' } = {}): string {
  if (monthly) return formatPrice(n, { monthly, symbol });
  if (n >= 999_500) {
    const m = Math.round(n / 100_000) / 10;
    return `${symbol}${m % 1 === 0 ? m.toFixed(0) : m.toFixed(1)}M`;
  }
  if (n >= 999.5) return `${symbol}${Math.round(n / 1_000)}K`;
  return `${symbol}${Math.round(n)}`;
}
