import { count } from './values.ts';

/**
 * The count of matching listings an answer names beyond the listings it carries (upstream-notes:
 * a listing-search page holds a few hundred; `totalResultCount` may say how many matched), or
 * undefined when the answer names none, or no more than it holds.
 */
export function cutOffTotal(totalResultCount: unknown, carried: number): number | undefined {
  const total = count(totalResultCount);
  return total !== undefined && total > carried ? Math.floor(total) : undefined;
}
