import { resultsClearedAt } from '../../session/results-cleared.ts';
import type { loadLatestMovers, TrackerList } from './tracker-storage.ts';

type LatestMoversRead = ReturnType<typeof loadLatestMovers>;

/** What the first screen of a page opened on a tracker shows, once read. */
export interface FirstScreenRead {
  trackerId: string;
  list: TrackerList;
  movers: Awaited<LatestMoversRead>;
}

interface Ahead {
  trackerId: string;
  /** The clear this was read after: a key cleared since forgets it (decision 042). */
  clearedAt: number;
  list: Promise<TrackerList> | null;
  movers: LatestMoversRead | null;
  /** Both reads, once both are in (none if either failed). */
  read?: FirstScreenRead;
}

let ahead: Ahead | null = null;

/**
 * Keeps the reads of a tracker's first screen started before the session exists (the view's
 * module, trackers-page.tsx, for a page opened on a tracker): the session's first reading takes
 * them instead of starting its own after the app's first render and commit. Kept apart from
 * the reads themselves, so the session's module imports nothing more for it.
 */
export function keepAhead(
  trackerId: string,
  list: Promise<TrackerList>,
  movers: LatestMoversRead,
): Promise<void> {
  // Whoever takes them handles a refusal; one never taken must not surface as unhandled.
  list.catch(() => {});
  movers.catch(() => {});
  const kept: Ahead = { trackerId, clearedAt: resultsClearedAt.get(), list, movers };
  ahead = kept;
  return Promise.all([list, movers]).then(
    ([listRead, moversRead]) => {
      kept.read = { trackerId, list: listRead, movers: moversRead };
    },
    () => {},
  );
}

/**
 * Both reads, when they are in and neither was taken: the session starts from them (its first
 * state is the tracker's first screen, decision 126), and nothing reads them again.
 */
export function takeFirstScreen(): FirstScreenRead | null {
  const found = current();
  if (!found?.read || !found.list || !found.movers) return null;
  found.list = null;
  found.movers = null;
  return found.read;
}

/** A read started ahead is used once, and never after a key was cleared (it may be gone). */
function current(): Ahead | null {
  if (ahead && ahead.clearedAt !== resultsClearedAt.get()) ahead = null;
  return ahead;
}

/** The list read ahead, once; null when none is waiting. */
export function takeList(): Promise<TrackerList> | null {
  const found = current();
  const taken = found?.list ?? null;
  if (found) found.list = null;
  return taken;
}

/** The latest movers read ahead for this tracker, once; null when none is waiting for it. */
export function takeMovers(trackerId: string): LatestMoversRead | null {
  const found = current();
  if (!found || found.trackerId !== trackerId) return null;
  const taken = found.movers;
  found.movers = null;
  return taken;
}
