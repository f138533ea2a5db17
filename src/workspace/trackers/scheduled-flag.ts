import { createStoredStore } from '../../lib/store.ts';

/**
 * What the app shell knows of the trackers without loading them (a few bytes on the first
 * load, decision 054): whether one has a cadence (to load the scheduler, and only then) and
 * how many alerts are unseen (the nav's badge). The trackers' session keeps both current.
 */
export const trackersGlance = createStoredStore<{ scheduled: boolean; unseen: number }>({
  storage: 'local',
  key: 'web-data-dashboard.trackers-glance',
  parse: (text) => {
    if (text === null) return { scheduled: false, unseen: 0 };
    const [scheduled, unseen] = text.split(' ');
    const n = Number(unseen);
    if (!Number.isSafeInteger(n) || n < 0) throw new Error('not a count');
    return { scheduled: scheduled === '1', unseen: n };
  },
  serialize: (v) => (v.scheduled || v.unseen > 0 ? `${v.scheduled ? 1 : 0} ${v.unseen}` : null),
});
