/**
 * Whether an edit of the query typed a space right after a word, at the end: that word is
 * complete, and its suggestions are worth asking for at once, without waiting for a pause (a
 * fast typist makes none between words). With it, typing sends one request per word and
 * one per pause. Deleting, a second space, or an edit inside the text are not completions.
 */
export function completesWord(before: string, after: string): boolean {
  return after.length > before.length && /\S\s$/.test(after) && after.startsWith(before.trimEnd());
}
