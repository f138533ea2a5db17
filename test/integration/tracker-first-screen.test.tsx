import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { clearAllDatabases, DATABASES } from '../../src/session/browser-databases.ts';
import {
  firstScreenView,
  paintFirstScreen,
  readFirstScreen,
  unpackFirstScreen,
} from '../../src/workspace/trackers/first-screen-paint.ts';
import {
  keepLatestMovers,
  saveRun,
  saveTracker,
} from '../../src/workspace/trackers/tracker-storage.ts';
import { keywordsRun, keywordsTracker, paintedBesideApp } from '../first-screen-kit.ts';
import { renderApp } from '../render.tsx';

const WAIT = { timeout: 20_000 };
const HOUR = 3_600_000;
const tracker = keywordsTracker('trk');
const run = (startedAt: number, rankOf: (i: number) => number | null) =>
  keywordsRun(tracker, startedAt, rankOf);

describe('a page opened on a tracker, painted from storage before the app (decision 126)', () => {
  test('with no tracker stored, nothing is painted and no database is made', async () => {
    expect(await readFirstScreen('trk', 0)).toBeNull();
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain(DATABASES.trackers.name);
  });

  test('the boot paint draws what the app draws in the same place; after Clear key, nothing', async () => {
    await saveTracker(tracker);
    const now = Date.now();
    const runs = [
      run(now - 2 * HOUR, (i) => (i % 4 === 0 ? null : 20 - (i % 9))),
      run(now - HOUR, (i) => (i % 5 === 0 ? null : 3 + (i % 11))),
    ];
    for (const r of runs) await saveRun(r);
    await keepLatestMovers(tracker.id, runs);

    const stored = await readFirstScreen(tracker.id, 0);
    const view = stored && firstScreenView(unpackFirstScreen(stored));
    expect(view?.rows).toHaveLength(60);
    const root = document.createElement('div');
    root.setAttribute('inert', '');
    root.innerHTML = '<p data-trackers-intro></p><p>Reading the stored trackers…</p>';
    expect(paintFirstScreen(root, view!)).toBe(true);
    const painted = root.querySelector('section')!;
    // The first frame's rows, and the height of the first page's others, as the app draws them.
    expect(painted.querySelectorAll('[role=rowgroup] + [role=rowgroup] [role=row]')).toHaveLength(
      12,
    );
    expect(painted.querySelector('[role=table] > [aria-hidden]')).toHaveStyle({ height: '1102px' });
    // What the static copy showed below would move down: hidden, the app draws it again.
    expect(root.lastElementChild).toHaveTextContent('Reading the stored trackers…');
    expect(root.lastElementChild).toHaveProperty('hidden', true);

    renderApp(`/trackers?tracker=${tracker.id}`);
    const detail = await screen.findByRole('region', { name: 'Keywords' }, WAIT);
    await waitFor(
      () => expect(within(detail).getAllByRole('row').length).toBeGreaterThan(50),
      WAIT,
    );
    // The app sits right after the page's introduction, as the paint does.
    expect(document.querySelector('[data-trackers-intro] + * h2')).toHaveTextContent('Keywords');
    for (const [mine, app] of paintedBesideApp(painted, detail)) expect(mine).toBe(app);

    // A page already live is not painted over.
    root.removeAttribute('inert');
    expect(paintFirstScreen(root, view!)).toBe(false);
    // Stored before the last Clear key (in any tab), or cleared: nothing to paint.
    expect(await readFirstScreen(tracker.id, Date.now())).toBeNull();
    await clearAllDatabases();
    expect(await readFirstScreen(tracker.id, 0)).toBeNull();
  }, 30_000);
});
