import type { Suggestion } from './suggestions.ts';

/** Suggestions of one step that the step before did not have. */
export function newAtStep(
  step: readonly Suggestion[],
  before: readonly Suggestion[] | undefined,
): Set<string> {
  if (!before) return new Set();
  const seen = new Set(before.map((s) => s.value));
  return new Set(step.map((s) => s.value).filter((v) => !seen.has(v)));
}
