import { createStoredStore, useStore } from '../../../lib/store.ts';

/** One submitted webhook job as this browser remembers it: never the key. */
export interface WebhookJob {
  sid: string;
  webhookId: string;
  url: string;
  dynamic: boolean;
  submittedAt: number;
}

/**
 * The jobs this browser submitted, newest first. A job outlives the tab (its sid is what the
 * delivery carries, so the user may need it days later), hence localStorage: sids, parameters
 * and times only, which are not secret.
 */
const MAX_JOBS = 200;
const EMPTY: readonly WebhookJob[] = [];

const isJob = (j: unknown): j is WebhookJob =>
  typeof j === 'object' &&
  j !== null &&
  typeof (j as WebhookJob).sid === 'string' &&
  typeof (j as WebhookJob).url === 'string' &&
  typeof (j as WebhookJob).webhookId === 'string' &&
  typeof (j as WebhookJob).dynamic === 'boolean' &&
  typeof (j as WebhookJob).submittedAt === 'number';

const jobStore = createStoredStore<readonly WebhookJob[]>({
  storage: 'local',
  key: 'web-data-dashboard.webhook-jobs',
  parse: (text) => {
    if (text === null) return EMPTY;
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isJob) : EMPTY;
  },
  serialize: (list) => JSON.stringify(list.slice(0, MAX_JOBS)),
});

/** Adds jobs not yet known (by sid), keeping the list newest first. */
export function rememberJobs(jobs: readonly WebhookJob[]): void {
  const known = jobStore.get();
  const fresh = jobs.filter((j) => !known.some((k) => k.sid === j.sid));
  if (fresh.length === 0) return;
  jobStore.set([...fresh, ...known].sort((a, b) => b.submittedAt - a.submittedAt));
}

export function forgetJobs(): void {
  jobStore.set(EMPTY);
}

export const useJobs = (): readonly WebhookJob[] => useStore(jobStore);
