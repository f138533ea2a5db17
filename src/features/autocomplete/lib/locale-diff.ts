import type { Suggestion } from './suggestions.ts';

/** Values in `mine` that `theirs` does not suggest (case aside): what is unique to one locale. */
export function uniqueTo(mine: readonly Suggestion[], theirs: readonly Suggestion[]): Set<string> {
  const other = new Set(theirs.map((s) => s.value.toLowerCase()));
  return new Set(mine.map((s) => s.value).filter((v) => !other.has(v.toLowerCase())));
}
