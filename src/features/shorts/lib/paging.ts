/**
 * Paging with `start` (results to skip). The service publishes no page size, so the
 * next page starts after the results this one had, and the previous one a typical
 * page earlier (the sandbox and the live engine answer about 10 a page).
 */
export const TYPICAL_PAGE_SIZE = 10;

// Where a page begins and the next one after it: the api layer's (a demo step pages through
// shorts' appended pages too, decision 097).
export { nextStart, startOf } from '../../../api/shorts-pages.ts';

export function previousStart(start: number, pageSize = TYPICAL_PAGE_SIZE): number | null {
  return start > 0 ? Math.max(0, start - Math.max(1, pageSize)) : null;
}
