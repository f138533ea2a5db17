import { closeSnapshot, useSnapshotOrigin } from './snapshot-store.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Says loudly that what is on screen is a saved snapshot, not a live answer, and where it came
 * from (a file, or a demo's recorded step). A demo's step is scrolled to by the player, to what
 * matters in its view (workspace/demos/land-on-step.ts).
 */
export function SnapshotBanner({ savedAt }: { savedAt: Date }) {
  const from = useSnapshotOrigin();
  return (
    <div
      role="status"
      // A demo's check (workspace/demos/check-script.ts) knows by it that the step's view shows it.
      data-snapshot-shown=""
      className="flex flex-wrap items-center gap-3 rounded border border-violet-300 bg-violet-50 p-3 text-sm dark:border-violet-700 dark:bg-violet-950/40"
    >
      <span className="font-semibold">
        Snapshot from <time dateTime={savedAt.toISOString()}>{dateTime.format(savedAt)}</time>
      </span>
      <span>Read-only: {from}; nothing was sent and no credits were spent.</span>
      <button type="button" className="btn-secondary ml-auto" onClick={closeSnapshot}>
        Close snapshot
      </button>
    </div>
  );
}
