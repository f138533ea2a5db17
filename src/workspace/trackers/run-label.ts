import type { TrackerRun } from './lib/run.ts';

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** "Nov 24, 2026, 9:30 AM": a run as pickers and lists name it. */
export const runLabel = (run: Pick<TrackerRun, 'startedAt'>) => time.format(run.startedAt);
