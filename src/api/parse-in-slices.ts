import type * as z from 'zod/mini';
import { isRecord } from '../lib/is-record.ts';
import { inSlices } from '../lib/next-task.ts';
import { LIST_ITEMS } from './schemas.ts';

/**
 * From this many items a top-level list is read a slice at a time: reading a 5 MB search
 * answer's 12,000 results through its schema in one task held the page 170–200 ms.
 */
export const LIST_IN_SLICES_FROM = 400;

type Parsed = { success: true; data: unknown } | { success: false };

/**
 * `schema.safeParse(raw)`, with each long top-level list read a few milliseconds at a time
 * (`inSlices`), so a big answer's validation never holds the page in one task. The result is
 * the same as one parse: a list schema (`LIST_ITEMS`) keeps the items its item schema reads and
 * drops the others, so the answer is read with its long lists emptied (what fails there fails
 * the whole), then each list item by item. Anything else is parsed whole.
 */
export async function safeParseInSlices(schema: z.ZodMiniType, raw: unknown): Promise<Parsed> {
  const lists = longLists(schema, raw);
  if (lists.length === 0) return schema.safeParse(raw);
  const head = { ...(raw as Record<string, unknown>) };
  for (const { key } of lists) head[key] = [];
  const parsed = schema.safeParse(head);
  if (!parsed.success) return { success: false };
  const data = parsed.data as Record<string, unknown>;
  for (const { key, item, entries } of lists) {
    const kept: unknown[] = [];
    await inSlices(entries, (entry) => {
      const read = item.safeParse(entry);
      if (read.success) kept.push(read.data);
    });
    data[key] = kept;
  }
  return { success: true, data };
}

/** The answer's top-level lists long enough to read in slices, each with its item schema. */
function longLists(schema: z.ZodMiniType, raw: unknown) {
  const shape = (schema._zod.def as { shape?: Record<string, z.ZodMiniType> }).shape;
  if (!shape || !isRecord(raw)) return [];
  return Object.entries(shape).flatMap(([key, field]) => {
    const entries = raw[key];
    const item = LIST_ITEMS.get(field);
    return item && Array.isArray(entries) && entries.length >= LIST_IN_SLICES_FROM
      ? [{ key, item, entries: entries as unknown[] }]
      : [];
  });
}
