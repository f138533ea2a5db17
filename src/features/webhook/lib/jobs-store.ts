import { useSyncExternalStore } from 'react';
import { webStorage } from '../../../lib/web-storage.ts';

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
const STORAGE_KEY = 'web-data-dashboard.webhook-jobs';
const MAX_JOBS = 200;
const EMPTY: readonly WebhookJob[] = [];
const listeners = new Set<() => void>();
let cached: { raw: string | null; jobs: readonly WebhookJob[] } = { raw: null, jobs: EMPTY };
let memory: string | null = null;

const storage = () => webStorage('local');

function parse(raw: string | null): readonly WebhookJob[] {
  if (raw === null) return EMPTY;
  try {
    const value = JSON.parse(raw) as unknown;
    if (!Array.isArray(value)) return EMPTY;
    return value.filter(
      (j): j is WebhookJob =>
        typeof j === 'object' &&
        j !== null &&
        typeof (j as WebhookJob).sid === 'string' &&
        typeof (j as WebhookJob).url === 'string' &&
        typeof (j as WebhookJob).webhookId === 'string' &&
        typeof (j as WebhookJob).dynamic === 'boolean' &&
        typeof (j as WebhookJob).submittedAt === 'number',
    );
  } catch {
    return EMPTY;
  }
}

export function getJobs(): readonly WebhookJob[] {
  const s = storage();
  const raw = s ? s.getItem(STORAGE_KEY) : memory;
  if (raw !== cached.raw) cached = { raw, jobs: parse(raw) };
  return cached.jobs;
}

function save(jobs: readonly WebhookJob[]): void {
  const raw = JSON.stringify(jobs.slice(0, MAX_JOBS));
  memory = raw;
  try {
    storage()?.setItem(STORAGE_KEY, raw);
  } catch {
    // Storage full or disabled: the list lasts as long as the page.
  }
  listeners.forEach((l) => l());
}

/** Adds jobs not yet known (by sid), keeping the list newest first. */
export function rememberJobs(jobs: readonly WebhookJob[]): void {
  const known = getJobs();
  const fresh = jobs.filter((j) => !known.some((k) => k.sid === j.sid));
  if (fresh.length === 0) return;
  save([...fresh, ...known].sort((a, b) => b.submittedAt - a.submittedAt));
}

export function forgetJobs(): void {
  save([]);
}

export function useJobs(): readonly WebhookJob[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getJobs,
    () => EMPTY,
  );
}
