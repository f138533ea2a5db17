/** Types only: the runner (src/runner/http-api.ts) sends it, the Trackers view reads it. */
/** A tracker's schedule as the runner keeps it (GET /runner/schedules; decision 089). */
export interface RunnerSchedule {
  id: string;
  /** When its next run is due (ms), or null: no schedule. */
  nextDue: number | null;
  /** Its cron expression, or null: it follows the tracker's own cadence. */
  cron: string | null;
  timeZone: string;
}
