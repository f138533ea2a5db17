/**
 * Paging with `start` (results to skip). The service publishes no page size, so the
 * next page starts after the results this one had, and the previous one a typical
 * page earlier (the sandbox and the live engine answer about 10 a page).
 */
export const TYPICAL_PAGE_SIZE = 10;

export function startOf(params: Readonly<Record<string, string | undefined>>): number {
  const n = Number(params.start ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** Where the page after one starting at `start` with `count` results begins; null at the end. */
export function nextStart(start: number, count: number): number | null {
  return count > 0 ? start + count : null;
}

export function previousStart(start: number, pageSize = TYPICAL_PAGE_SIZE): number | null {
  return start > 0 ? Math.max(0, start - Math.max(1, pageSize)) : null;
}
