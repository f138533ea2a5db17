import type { LatestMovers } from './latest-movers.ts';
import type { RunCell, TrackerRun } from './run.ts';

/**
 * A run cut for the movers (`runForMovers`), as the latest movers record stores it (decision
 * 128): its cells packed into two strings and three typed arrays. IndexedDB copies a record out
 * in one task the page cannot split; two cut runs of a thousand cells as objects were some
 * 12,000 values and ~30 ms of that task at 1× CPU (~120 ms at 4×), the biggest part of the
 * Trackers page's boot paint. Strings and typed arrays come out at memory speed.
 */
export interface PackedRun extends Omit<TrackerRun, 'cells' | 'sent'> {
  /** The cells' ids, in order, end to end; `idLengths` cuts them apart. */
  ids: string;
  idLengths: Uint32Array<ArrayBuffer>;
  /** Per cell: when it was answered; NaN for a cell not answered (it is in `others`). */
  at: Float64Array<ArrayBuffer>;
  /** Per cell: the target's best rank; 0 when answered without the target. */
  ranks: Uint16Array<ArrayBuffer>;
  /** The links of the cells with a rank, in order, end to end; `linkLengths` cuts them apart. */
  links: string;
  linkLengths: Uint32Array<ArrayBuffer>;
  /** The cells not answered (failed, not checked: few), as they are. */
  others: Record<string, RunCell>;
}

export interface PackedMovers {
  target: string;
  from?: PackedRun;
  to: PackedRun;
}

/** Packs a run cut by `runForMovers` (one result at most per answered cell). */
export function packRun(run: TrackerRun): PackedRun {
  const { cells, sent: _sent, ...meta } = run;
  const ids = Object.keys(cells);
  const at = new Float64Array(ids.length).fill(NaN);
  const ranks = new Uint16Array(ids.length);
  const links: string[] = [];
  const others: Record<string, RunCell> = {};
  ids.forEach((id, i) => {
    const cell = cells[id]!;
    if (cell.state !== 'answered') {
      others[id] = cell;
      return;
    }
    at[i] = cell.at;
    const best = cell.results[0];
    if (best) {
      ranks[i] = best.rank;
      links.push(best.link);
    }
  });
  return {
    ...meta,
    ids: ids.join(''),
    idLengths: Uint32Array.from(ids, (id) => id.length),
    at,
    ranks,
    links: links.join(''),
    linkLengths: Uint32Array.from(links, (link) => link.length),
    others,
  };
}

/** The strings `joined` holds end to end, cut at `lengths`. */
function cut(joined: string, lengths: Uint32Array): string[] {
  const out: string[] = [];
  let from = 0;
  for (const length of lengths) {
    out.push(joined.slice(from, from + length));
    from += length;
  }
  return out;
}

/** The cut run a packed one was made of. */
export function unpackRun(packed: PackedRun): TrackerRun {
  const { ids, idLengths, at, ranks, links, linkLengths, others, ...meta } = packed;
  const linkOf = cut(links, linkLengths);
  const cells: Record<string, RunCell> = {};
  let nextLink = 0;
  cut(ids, idLengths).forEach((id, i) => {
    const other = Object.hasOwn(others, id) ? others[id] : undefined;
    if (other) cells[id] = other;
    else {
      const rank = ranks[i]!;
      const results = rank > 0 ? [{ rank, link: linkOf[nextLink++]! }] : [];
      cells[id] = { state: 'answered', at: at[i]!, results };
    }
  });
  return { ...meta, cells };
}

export const packMovers = ({ target, from, to }: LatestMovers): PackedMovers => ({
  target,
  to: packRun(to),
  ...(from ? { from: packRun(from) } : {}),
});

export const unpackMovers = ({ target, from, to }: PackedMovers): LatestMovers => ({
  target,
  to: unpackRun(to),
  ...(from ? { from: unpackRun(from) } : {}),
});
