/** Longer queries are laddered up to here: each step is a request. */
export const LADDER_MAX_STEPS = 24;

/**
 * "cof" → ["c", "co", "cof"]: every prefix that ends in a character other than a space. Here,
 * not in autocomplete's folder: a demo step reads it too, to keep the ladder's answers.
 */
export function prefixesOf(query: string): string[] {
  const q = query.trim().replace(/\s+/g, ' ');
  const out: string[] = [];
  for (let i = 1; i <= q.length && out.length < LADDER_MAX_STEPS; i++) {
    if (q[i - 1] !== ' ') out.push(q.slice(0, i));
  }
  return out;
}

const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];
const DIGITS = [...'0123456789'];

/**
 * The letters (and digits) keyword expansion adds to a query, each its own request. Here, not
 * in autocomplete's folder, for the same reason as the ladder: a demo step keeps their answers.
 */
export function expansionLetters(withDigits: boolean): string[] {
  return withDigits ? [...LETTERS, ...DIGITS] : LETTERS;
}

export const expansionQuery = (query: string, letter: string) => `${query.trim()} ${letter}`;
