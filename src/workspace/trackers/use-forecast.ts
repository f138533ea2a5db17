import { useEffect, useState } from 'react';
import type { AccountSummary } from '../../api/account.ts';
import { getSessionUsage, sessionUsageStore } from '../../api/session-usage.ts';
import { useExternal } from '../../lib/use-external.ts';
import { forecast, type Forecast, type PlannedSchedule } from '../costs/lib/forecast.ts';

/**
 * The one forecast (decision 067) from this tab's readings, the account and every tracker's
 * schedule: what the overview, the account view and a tracker's budget planner show.
 */
export function useForecast(
  summary: Pick<AccountSummary, 'creditsLeft' | 'validityDays'> | undefined,
  now: number,
  replace?: { id: string; schedule: PlannedSchedule | null },
): Forecast {
  const readings = useExternal(sessionUsageStore, (usage) => usage.readings);
  const schedules = usePlannedSchedules(now, replace);
  return forecast({
    readings,
    now,
    creditsLeft: summary?.creditsLeft,
    renewsInDays: summary?.validityDays,
    schedules,
  });
}

/**
 * Every tracker's schedule as planned spend, read from this browser's trackers after the page
 * has painted (the trackers' storage loads only then). `[]` until read, and where there are none.
 * `replace` is the open tracker as its view holds it (newer than the stored one while it saves).
 */
function usePlannedSchedules(
  now: number,
  replace?: { id: string; schedule: PlannedSchedule | null },
): readonly PlannedSchedule[] {
  const [loaded, setLoaded] = useState<readonly (PlannedSchedule & { id: string })[]>([]);
  const minute = Math.floor(now / 60_000);
  useEffect(() => {
    let live = true;
    void readSchedules(minute * 60_000).then(
      (schedules) => live && setLoaded(schedules),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [minute]);
  const others = loaded.filter((s) => s.id !== replace?.id);
  return replace?.schedule ? [...others, replace.schedule] : others;
}

async function readSchedules(now: number): Promise<(PlannedSchedule & { id: string })[]> {
  const [{ listTrackers, loadRuns }, { plannedSchedule }, { countedCost }] = await Promise.all([
    import('./tracker-storage.ts'),
    import('./lib/planned.ts'),
    import('../runs/lib/pricing.ts'),
  ]);
  const out: (PlannedSchedule & { id: string })[] = [];
  for (const tracker of await listTrackers()) {
    if (tracker.cadence === 'off') continue;
    // Only a monthly cap needs the runs (what they spent this month): a run is a MB to read.
    const runs = tracker.monthlyCap === null ? [] : await loadRuns(tracker.id);
    const schedule = plannedSchedule(
      tracker,
      runs,
      countedCost(tracker.endpoint, getSessionUsage()).credits,
      now,
    );
    if (schedule) out.push({ ...schedule, id: tracker.id });
  }
  return out;
}
