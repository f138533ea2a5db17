/**
 * About how many bytes a value takes once stored: Blobs by their size, strings by their
 * length, numbers and booleans a few bytes, the rest by walking it. Good enough to keep a
 * store under a cap; not an exact accounting of any engine's format.
 */
export function storedSize(value: unknown, seen: WeakSet<object> = new WeakSet()): number {
  if (value === null || value === undefined) return 4;
  switch (typeof value) {
    case 'string':
      return value.length * 2;
    case 'number':
    case 'boolean':
    case 'bigint':
      return 8;
    case 'object':
      break;
    default:
      return 0;
  }
  if (typeof Blob !== 'undefined' && value instanceof Blob) return value.size;
  if (seen.has(value)) return 0;
  seen.add(value);
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + storedSize(v, seen), 8);
  let total = 8;
  for (const [k, v] of Object.entries(value)) total += k.length * 2 + storedSize(v, seen);
  return total;
}

/**
 * The newest items whose sizes fit under `maxBytes` together, newest first: the oldest are
 * dropped first. An item bigger than the whole cap is never kept.
 */
export function newestWithin<T>(
  items: readonly T[],
  {
    size,
    time,
    maxBytes,
  }: { size: (item: T) => number; time: (item: T) => number; maxBytes: number },
): T[] {
  const kept: T[] = [];
  let used = 0;
  for (const item of [...items].sort((a, b) => time(b) - time(a))) {
    const n = size(item);
    if (used + n > maxBytes) continue;
    used += n;
    kept.push(item);
  }
  return kept;
}
