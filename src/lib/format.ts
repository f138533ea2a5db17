const integer = new Intl.NumberFormat('en-US');

export function formatNumber(n: number | undefined): string {
  return n === undefined ? '—' : integer.format(n);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** "1 locale", "6 queries": a count with its noun, never "1 locales". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/** "1 credit", "20 credits". */
export function pluralCredits(n: number): string {
  return `${formatNumber(n)} credit${n === 1 ? '' : 's'}`;
}
