/**
 * A big JSON answer handed from the worker that parsed it (parse-body.worker.ts) to the page in
 * pieces: the answer with its long top-level lists emptied, then each list a slice at a time,
 * each piece JSON text. The page parses each piece in a task of its own: a 23 MB answer (10,000
 * realty listings) parsed in one task held the page 285 ms on a quiet machine. Text, not cloned
 * objects: the page parses JSON text faster than it takes in a clone (measured for demo files,
 * decision 088), and either costs the page about what parsing the answer would.
 */

import { isRecord } from '../lib/is-record.ts';

/** Items per slice: about 1 MB of realty listings, a few ms of the page's parse. */
export const SLICE_ITEMS = 400;

export interface SlicedBody {
  /** The answer as JSON text, each long list in it empty. */
  head: string;
  /** The long lists: each one's key in the answer and its slices' JSON text, in order. */
  lists: { key: string; slices: string[] }[];
}

/** Cuts a parsed answer into JSON pieces: its top-level lists longer than a slice go apart. */
export function sliceBody(value: unknown, size = SLICE_ITEMS): SlicedBody {
  if (!isRecord(value)) return { head: JSON.stringify(value), lists: [] };
  const lists: SlicedBody['lists'] = [];
  // fromEntries, not assignment: a key named __proto__ stays a key.
  const head = Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (!Array.isArray(item) || item.length <= size) return [key, item];
      const slices: string[] = [];
      for (let i = 0; i < item.length; i += size)
        slices.push(JSON.stringify(item.slice(i, i + size)));
      lists.push({ key, slices });
      return [key, []];
    }),
  );
  return { head: JSON.stringify(head), lists };
}

/** Puts a parsed slice back into the answer, after the slices before it. */
export function addSlice(answer: unknown, key: string, slice: string): void {
  const list = (answer as Record<string, unknown[]>)[key] ?? [];
  for (const item of JSON.parse(slice) as unknown[]) list.push(item);
}
