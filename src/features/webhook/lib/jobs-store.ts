import { noticeStoreProblems } from '../../../lib/notices.ts';
import {
  createSharedListStore,
  removeFromList,
  tidy,
  type SharedListRules,
} from '../../../lib/shared-list.ts';
import { useStore } from '../../../lib/store.ts';
import { isRecord } from '../../../lib/is-record.ts';

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
 * and times only, which are not secret. Shared by the tabs: jobs two tabs submit at the same
 * moment are merged (lib/shared-list.ts).
 */
const MAX_JOBS = 200;
const STORAGE_KEY = 'web-data-dashboard.webhook-jobs';

const isJob = (j: unknown): j is WebhookJob =>
  isRecord(j) &&
  typeof j.sid === 'string' &&
  typeof j.url === 'string' &&
  typeof j.webhookId === 'string' &&
  typeof j.dynamic === 'boolean' &&
  typeof j.submittedAt === 'number';

const rules: SharedListRules<WebhookJob> = {
  isItem: isJob,
  id: (j) => j.sid,
  time: (j) => j.submittedAt,
  cap: (jobs) => jobs.slice(0, MAX_JOBS),
};

const jobStore = createSharedListStore({
  ...rules,
  key: STORAGE_KEY,
  onProblem: noticeStoreProblems(STORAGE_KEY, 'the list of webhook jobs'),
});

/** Adds jobs not yet known (by sid), keeping the list newest first. */
export function rememberJobs(jobs: readonly WebhookJob[]): void {
  const list = jobStore.get();
  if (jobs.every((j) => list.items.some((k) => k.sid === j.sid))) return;
  jobStore.set(tidy({ ...list, items: [...jobs, ...list.items] }, rules));
}

export function forgetJobs(): void {
  const list = jobStore.get();
  jobStore.set(
    removeFromList(
      list,
      list.items.map((j) => j.sid),
      rules,
    ),
  );
}

export const useJobs = (): readonly WebhookJob[] => useStore(jobStore).items;
