import { useStore } from '../../lib/store.ts';
import { runnerState } from './runner-connection.ts';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A tracker's schedule on the connected runner, as last read from it: shown on the runner's
 * own trackers and on this browser's copy of one that was moved there. Move to the runner reads
 * the runner again before it answers, so the line is there at once (decision 089).
 */
export function RunnerScheduleLine({ trackerId }: { trackerId: string }) {
  const state = useStore(runnerState);
  const schedule = 'view' in state ? state.view?.schedules.get(trackerId) : undefined;
  if (!schedule) return null;
  const how = schedule.cron
    ? `cron ${schedule.cron}, ${schedule.timeZone}`
    : 'the tracker’s own cadence';
  return (
    <p data-testid="runner-schedule" className="text-sm font-medium">
      Scheduled on the runner ({how}):{' '}
      {schedule.nextDue === null
        ? 'none is planned (npm run runner -- run NAME runs it now).'
        : `next run ${when.format(schedule.nextDue)}.`}
    </p>
  );
}
