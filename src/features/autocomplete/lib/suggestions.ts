/** One suggestion as the view shows it: the schema is lenient, so every field may be missing. */
export interface Suggestion {
  value: string;
  relevance: number | null;
  type: string | null;
}

interface RawSuggestion {
  value?: string | undefined;
  relevance?: number | undefined;
  type?: string | undefined;
}

/** Suggestions with a value, by descending relevance (unknown relevance last, order kept). */
export function rankSuggestions(raw: readonly RawSuggestion[]): Suggestion[] {
  return raw
    .filter(
      (s): s is RawSuggestion & { value: string } => typeof s.value === 'string' && s.value !== '',
    )
    .map((s) => ({
      value: s.value,
      relevance:
        typeof s.relevance === 'number' && Number.isFinite(s.relevance) ? s.relevance : null,
      type: s.type ?? null,
    }))
    .map((s, i) => ({ s, i }))
    .sort((a, b) => (b.s.relevance ?? -Infinity) - (a.s.relevance ?? -Infinity) || a.i - b.i)
    .map(({ s }) => s);
}

/** The largest relevance on screen (suggestions and the typed text), for scaling bars. */
export function relevanceScale(suggestions: readonly Suggestion[], verbatim: number | null) {
  // A loop, not Math.max(...list): a hostile answer with 100,000+ items overflows the call stack.
  return suggestions.reduce(
    (max, s) => Math.max(max, s.relevance ?? 0),
    Math.max(1, verbatim ?? 0),
  );
}

/**
 * The typed text and the completion of a suggestion, to show them apart. A suggestion that
 * does not start with what was typed (case aside) is all completion.
 */
export function splitSuggestion(value: string, typed: string): { typed: string; rest: string } {
  const t = typed.trimStart();
  if (t && value.toLowerCase().startsWith(t.toLowerCase()))
    return { typed: value.slice(0, t.length), rest: value.slice(t.length) };
  return { typed: '', rest: value };
}
