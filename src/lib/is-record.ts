/**
 * A JSON object (not null, not an array): the one test every lenient reader of an answer makes
 * before it reads a field.
 */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
