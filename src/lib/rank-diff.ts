import { linkKey } from './links.ts';

/** A result as the diff reads it: an organic result, or one a tracker kept of it. */
export interface DiffableResult {
  link?: string;
  title?: string;
  rank?: number;
}

export type RankChange = 'up' | 'down' | 'same' | 'new' | 'dropped';

export interface RankedLink {
  key: string;
  link: string;
  title: string;
  rankA: number | undefined;
  rankB: number | undefined;
  change: RankChange;
  /** Places gained from A to B (positive = moved up); undefined unless in both lists. */
  delta: number | undefined;
}

export interface RankDiff {
  /** Every link of A, in A's order, with its fate in B ('dropped' when B lacks it). */
  a: RankedLink[];
  /** Every link of B, in B's order, with its move from A ('new' when A lacks it). */
  b: RankedLink[];
  /** Links in both, by rank in B. */
  common: RankedLink[];
}

interface Entry {
  key: string;
  link: string;
  title: string;
  rank: number;
}

/** First occurrence of each link wins; results without a link cannot be compared and are left out. */
function index(results: readonly DiffableResult[]): Map<string, Entry> {
  const map = new Map<string, Entry>();
  results.forEach((r, i) => {
    if (!r.link) return;
    const key = linkKey(r.link);
    if (!map.has(key))
      map.set(key, { key, link: r.link, title: r.title ?? r.link, rank: r.rank ?? i + 1 });
  });
  return map;
}

function changeOf(
  rankA: number | undefined,
  rankB: number | undefined,
): { change: RankChange; delta: number | undefined } {
  if (rankA === undefined) return { change: 'new', delta: undefined };
  if (rankB === undefined) return { change: 'dropped', delta: undefined };
  const delta = rankA - rankB;
  return { change: delta > 0 ? 'up' : delta < 0 ? 'down' : 'same', delta };
}

/** Compares two result lists by link: who moved up or down by how much, who is new, who dropped. */
export function diffRanks(
  listA: readonly DiffableResult[],
  listB: readonly DiffableResult[],
): RankDiff {
  const a = index(listA);
  const b = index(listB);
  const row = (e: Entry): RankedLink => {
    const rankA = a.get(e.key)?.rank;
    const rankB = b.get(e.key)?.rank;
    return { key: e.key, link: e.link, title: e.title, rankA, rankB, ...changeOf(rankA, rankB) };
  };
  const rowsA = [...a.values()].map(row);
  const rowsB = [...b.values()].map(row);
  return { a: rowsA, b: rowsB, common: rowsB.filter((r) => r.rankA !== undefined) };
}

/** "↑3", "↓2", "=", "new", "dropped". */
export function describeChange(r: RankedLink): string {
  if (r.change === 'up') return `up ${r.delta}`;
  if (r.change === 'down') return `down ${-(r.delta ?? 0)}`;
  return r.change;
}
