import type { Suggestion } from './suggestions.ts';

/** Longer queries are laddered up to here: each step is a request. */
export const LADDER_MAX_STEPS = 24;

/** "cof" → ["c", "co", "cof"]: every prefix that ends in a character other than a space. */
export function prefixesOf(query: string): string[] {
  const q = query.trim().replace(/\s+/g, ' ');
  const out: string[] = [];
  for (let i = 1; i <= q.length && out.length < LADDER_MAX_STEPS; i++) {
    if (q[i - 1] !== ' ') out.push(q.slice(0, i));
  }
  return out;
}

/** Suggestions of one step that the step before did not have. */
export function newAtStep(
  step: readonly Suggestion[],
  before: readonly Suggestion[] | undefined,
): Set<string> {
  if (!before) return new Set();
  const seen = new Set(before.map((s) => s.value));
  return new Set(step.map((s) => s.value).filter((v) => !seen.has(v)));
}
