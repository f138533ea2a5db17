import { useEffect, useRef } from 'react';
import { usePlayback } from '../../session/demo-playback.ts';
import { closeSnapshot } from './snapshot-store.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Says loudly that what is on screen is a saved snapshot, not a live answer. While a demo
 * plays, each step's banner is scrolled to the top: the step is its answer, not the form.
 */
export function SnapshotBanner({ savedAt }: { savedAt: Date }) {
  const playing = usePlayback() !== null;
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Optional: jsdom (the tests) has no scrolling.
    if (playing) banner.current?.scrollIntoView?.({ block: 'start' });
  }, [playing, savedAt]);
  return (
    <div
      ref={banner}
      role="status"
      className="flex flex-wrap items-center gap-3 rounded border border-violet-300 bg-violet-50 p-3 text-sm dark:border-violet-700 dark:bg-violet-950/40"
    >
      <span className="font-semibold">
        Snapshot from <time dateTime={savedAt.toISOString()}>{dateTime.format(savedAt)}</time>
      </span>
      <span>Read-only: opened from a file, nothing was sent and no credits were spent.</span>
      <button type="button" className="btn-secondary ml-auto" onClick={closeSnapshot}>
        Close snapshot
      </button>
    </div>
  );
}
