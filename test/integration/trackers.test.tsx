import 'fake-indexeddb/auto';
import { clearAllDatabases } from '../../src/session/browser-databases.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { organicResults } from '../../src/sandbox/data/search.ts';
import { domainMatches } from '../../src/lib/links.ts';
import {
  trackerFromBatch,
  trackerMatrix,
  type Tracker,
} from '../../src/workspace/trackers/lib/tracker.ts';
import { missedRun, runId, type TrackerRun } from '../../src/workspace/trackers/lib/run.ts';
import {
  loadRuns,
  saveRun,
  saveTracker,
  setStorageBudget,
} from '../../src/workspace/trackers/tracker-storage.ts';
import { captureDownloads } from '../downloads.ts';
import { renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

const WAIT = { timeout: 20_000 };
const DAY = 86_400_000;
const QUERIES = [
  'coffee',
  'climate change',
  'python list comprehension',
  'vitamin d deficiency symptoms',
];
const TARGET = 'wikipedia.org';

const searches = async () =>
  (await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/search');

function tracker(init: Partial<Tracker> = {}, queries = QUERIES): Tracker {
  return {
    ...trackerFromBatch(
      {
        endpoint: 'search',
        rows: queries.map((query) => ({ query, params: {} })),
        locales: [{ country: 'us', language: 'en' }],
        cap: null,
        target: TARGET,
        competitors: ['reddit.com'],
      },
      { id: 'trk', name: 'Wiki', now: Date.now() },
    ),
    ...init,
  };
}

const runsTable = () => screen.getByRole('table', { name: /Every run of this tracker/ });

beforeEach(async () => {
  await clearAllDatabases();
});

describe('trackers', () => {
  test('with no runner set up (no RUNNER_URL), the Runner section says how to set one up and asks for no token', async () => {
    renderApp('/trackers');
    const runner = await screen.findByRole('region', { name: 'Runner' }, WAIT);
    expect(
      await within(runner).findByText(/No runner is set up/, undefined, WAIT),
    ).toHaveTextContent(
      /npm run runner with RUNNER_TOKEN set, put its address in RUNNER_URL \(\.env\).*README, Unattended trackers/,
    );
    expect(within(runner).queryByLabelText('Runner token')).not.toBeInTheDocument();
    expect(within(runner).queryByRole('button')).not.toBeInTheDocument();
  });

  test('Save as tracker on a batch keeps its queries, locales and target, and the answers it paid for are its first run', async () => {
    const { user } = renderApp('/batch');
    await user.click(await screen.findByRole('textbox', { name: 'Queries' }, WAIT));
    await user.paste('coffee\ntea');
    await user.click(screen.getByRole('button', { name: /^Run batch · 2 requests/ }));
    await waitFor(
      () => expect(screen.getByTestId('batch-progress')).toHaveTextContent('2 done'),
      WAIT,
    );
    await user.clear(screen.getByRole('textbox', { name: 'Tracker name' }));
    await user.type(screen.getByRole('textbox', { name: 'Tracker name' }), 'Drinks');
    await user.click(screen.getByRole('button', { name: 'Save as tracker' }));
    const list = await screen.findByRole('table', { name: 'Your trackers' }, WAIT);
    expect(await screen.findByRole('heading', { name: 'Drinks' }, WAIT)).toBeInTheDocument();
    // Its last run is the batch, paid there; the next one asks again, fresh.
    expect(within(list).getByRole('row', { name: /Drinks/ })).toHaveTextContent(
      /^Drinks2manual.+40 credits40 credits$/,
    );
    await waitFor(() =>
      expect(runsTable()).toHaveTextContent(
        /done — the batch it was saved from2 of 240 credits \(already spent\)/,
      ),
    );
    expect(await searches()).toHaveLength(2);
    expect(screen.getByTestId('tracker-plan')).toHaveTextContent(
      'A tracker run always asks for fresh answers',
    );
  });

  test('a run spends exactly its cells, fresh; the cap per run holds and the run says it stopped early', async () => {
    await saveTracker(tracker({ capPerRun: 60 }));
    const { user } = renderApp('/trackers?tracker=trk');
    await user.click(await screen.findByRole('button', { name: 'Run now' }, WAIT));
    await waitFor(() => expect(runsTable()).toHaveTextContent('stopped early'), WAIT);
    const calls = await searches();
    expect(calls).toHaveLength(3);
    expect(calls.reduce((s, c) => s + c.credits, 0)).toBe(60);
    expect(runsTable()).toHaveTextContent('3 of 460 credits');
    const [run] = await loadRuns('trk');
    expect(run).toMatchObject({ status: 'stopped', credits: 60 });
    expect(Object.values(run!.cells).map((c) => c.state)).toEqual([
      'answered',
      'answered',
      'answered',
      'not-checked',
    ]);

    // Without a cap, the next run sends every cell again, answered before or not.
    await user.clear(await screen.findByRole('textbox', { name: 'Cap per run (credits)' }, WAIT));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(
      () => expect(screen.getByTestId('tracker-plan')).not.toHaveTextContent('the cap'),
      WAIT,
    );
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(runsTable()).toHaveTextContent(/done4 of 480 credits/), WAIT);
    expect(await searches()).toHaveLength(7);
  });

  test('what it tracks can be edited: the plan prices the new cells, Run now sends exactly them, and a kept cell’s history spans both runs', async () => {
    await saveTracker(tracker({ target: 'example.com' }, ['coffee', 'tea']));
    const { user } = renderApp('/trackers?tracker=trk');
    await user.click(await screen.findByRole('button', { name: 'Run now' }, WAIT));
    await waitFor(() => expect(runsTable()).toHaveTextContent(/done2 of 240 credits/), WAIT);
    const plan = screen.getByTestId('tracker-plan');
    expect(plan).toHaveTextContent(/^Next run: 2 requests · 2 to send: 2 × 20 = 40 credits/);

    // The editors come after the movers, once the page is idle (decision 106).
    const form = await screen.findByRole('form', { name: 'What it tracks' }, WAIT);
    const target = within(form).getByRole('textbox', { name: 'Target domain' });
    // Bad input is named beside its field, and saves nothing.
    await user.clear(target);
    await user.type(target, 'wikipedia');
    expect(target).toHaveAccessibleDescription(
      /“wikipedia” is not a domain: write it like example\.com\./,
    );
    await user.click(within(form).getByRole('button', { name: 'Save what it tracks' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Nothing was saved');
    expect(plan).toHaveTextContent(/^Next run: 2 requests/);

    await user.type(target, '.org');
    const queries = within(form).getByRole('textbox', { name: 'Queries' });
    await user.clear(queries);
    await user.paste('coffee\ntea\npython list comprehension\n\nCOFFEE');
    expect(within(form).getByTestId('intake-counts')).toHaveTextContent(
      '3 queries · 1 blank line dropped · 1 repeat dropped',
    );
    await user.click(within(form).getByRole('button', { name: 'Add a locale' }));
    await user.type(within(form).getByRole('combobox', { name: 'Country (locale 2)' }), 'gb');
    await user.type(within(form).getByRole('combobox', { name: 'Language (locale 2)' }), 'en');
    expect(within(form).getByTestId('scope-change')).toHaveTextContent(
      'Saved, the next run asks 6 cells (6 × 20 = 120 credits): 4 new, 2 kept, with their history.',
    );
    await user.click(within(form).getByRole('button', { name: 'Save what it tracks' }));

    // The plan prices the new cells; the first run still counts its own two.
    await waitFor(
      () =>
        expect(plan).toHaveTextContent(/^Next run: 6 requests · 6 to send: 6 × 20 = 120 credits/),
      WAIT,
    );
    expect(
      screen.getByText(/^Follows wikipedia\.org against reddit\.com in 3 keywords/),
    ).toHaveTextContent('US · en, GB · en (6 requests a run)');
    expect(runsTable()).toHaveTextContent(/done2 of 240 credits/);

    // Run now sends exactly the new cells, each once.
    const before = (await sandboxControl.ledger()).received.length;
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(runsTable()).toHaveTextContent(/done6 of 6120 credits/), WAIT);
    const calls = await searches();
    expect(calls).toHaveLength(8);
    expect(calls.slice(2).reduce((sum, c) => sum + c.credits, 0)).toBe(120);
    const sent = (await sandboxControl.ledger()).received
      .slice(before)
      .filter((r) => r.endpoint === '/search')
      .map(({ params: p }) => `${p.query} ${p.country} ${p.language}`);
    expect(sent.sort()).toEqual(
      ['coffee', 'tea', 'python list comprehension']
        .flatMap((q) => [`${q} us en`, `${q} gb en`])
        .sort(),
    );

    // The kept cells compare across the edit; the new ones were not checked in the first run.
    const movers = screen.getByRole('table', { name: /Movers/ });
    const row = (query: string, locale: string) =>
      within(movers)
        .getAllByRole('row')
        .find(
          (r) => within(r).queryByRole('button', { name: query }) && r.textContent.includes(locale),
        )!;
    expect(screen.getByTestId('movers-digest')).toHaveTextContent(
      '(4 not checked in one of the runs)',
    );
    for (const q of ['coffee', 'tea'])
      expect(row(q, 'US · en')).not.toHaveTextContent('not checked');
    expect(row('python list comprehension', 'GB · en')).toHaveTextContent(
      /^python list comprehensionGB · ennot checked/,
    );

    // A kept cell’s chart spans both runs (ranked by the new target in the first run too).
    await user.click(within(row('coffee', 'US · en')).getByRole('button', { name: 'coffee' }));
    await user.click(await screen.findByText('Rank and ranking URL of each run', {}, WAIT));
    const urls = screen.getByRole('table', { name: /rank and ranking URL in each run/ });
    const points = within(urls).getAllByRole('row').slice(1);
    expect(points).toHaveLength(2);
    for (const p of points) expect(p).not.toHaveTextContent('not checked');
  }, 30_000);

  test('two runs after a sandbox drift report the known moves, raise alerts and post them to the inbox', async () => {
    await saveTracker(
      tracker({ alerts: { moveBy: 1, leavesTop10: true, competitorOvertakes: false } }),
    );
    const { user } = renderApp('/trackers?tracker=trk');
    await user.click(await screen.findByRole('button', { name: 'Run now' }, WAIT));
    await waitFor(() => expect(runsTable()).toHaveTextContent(/done4 of 4/), WAIT);
    const days = 3;
    await sandboxControl.drift(days);
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(within(runsTable()).getAllByText('done')).toHaveLength(2), WAIT);

    // The moves the sandbox's own pages say, from day 0 to day 3.
    const rank = (query: string, day: number) =>
      domainMatches(organicResults({ query, country: 'us', language: 'en' }, day), TARGET)[0]
        ?.rank ?? null;
    const expected = { up: 0, down: 0, new: 0, lost: 0 };
    for (const q of QUERIES) {
      const [a, b] = [rank(q, 0), rank(q, days)];
      if (a !== null && b !== null) {
        if (b < a) expected.up += 1;
        if (b > a) expected.down += 1;
      } else if (a === null && b !== null) expected.new += 1;
      else if (a !== null && b === null) expected.lost += 1;
    }
    expect(expected.up + expected.down + expected.new + expected.lost).toBeGreaterThan(0);
    const digest = screen.getByTestId('movers-digest');
    for (const [kind, n] of Object.entries(expected))
      if (n > 0) expect(digest).toHaveTextContent(`${n} ${kind}`);
      else expect(digest).not.toHaveTextContent(` ${kind}`);
    const moved = QUERIES.filter((q) => rank(q, 0) !== rank(q, days));
    const movers = screen.getByRole('table', { name: /Movers/ });
    for (const q of moved) {
      const row = within(movers).getByRole('row', { name: new RegExp(q) });
      expect(row).not.toHaveTextContent('unchanged');
    }

    // A move of 1 or more is an alert: listed with a badge, and delivered to the inbox.
    const badge = await screen.findByTestId('alerts-badge', {}, WAIT);
    expect(badge).toHaveTextContent(/^\d+ new$/);
    const unseen = /^\d+/.exec(badge.textContent)![0];
    const nav = screen.getByRole('navigation', { name: 'Views' });
    expect(within(nav).getByRole('link', { name: `Trackers, ${unseen} new alerts` })).toBeVisible();
    const inbox = (await (await fetch('/api/_sandbox/inbox')).json()) as {
      notices: { payload: { kind: string; alerts: unknown[] } }[];
    };
    expect(inbox.notices.map((n) => n.payload.kind)).toEqual(['tracker-alerts']);
    expect(await screen.findByTestId('alerts-delivered', {}, WAIT)).toHaveTextContent(
      'Posted to the sandbox’s webhook inbox: 1 notice received',
    );
    await user.click(screen.getByRole('button', { name: 'Mark as seen' }));
    await waitFor(
      () => expect(within(nav).getByRole('link', { name: 'Trackers' })).toBeVisible(),
      WAIT,
    );

    // A keyword's chart and its SERP diff between the two runs.
    // The chart's code is its own (decision 101's branch): it may still be on its way.
    await user.click(within(movers).getByRole('button', { name: moved[0] }));
    expect(
      await screen.findByRole('img', { name: new RegExp(`Position history of ${TARGET}`) }, WAIT),
    ).toBeInTheDocument();
    await user.click(screen.getByText('Rank and ranking URL of each run'));
    const urls = screen.getByRole('table', { name: /rank and ranking URL in each run/ });
    expect(within(urls).getAllByRole('row')).toHaveLength(3);
    // The SERP diff follows the chart a frame later, below it.
    const diff = await screen.findByRole('region', { name: `SERP diff: ${moved[0]}` }, WAIT);
    expect(within(diff).getAllByRole('list')).toHaveLength(3);

    // The webhook view's sandbox inbox lists the posted alerts among its deliveries.
    const alertCount = inbox.notices[0]!.payload.alerts.length;
    await user.click(within(nav).getByRole('link', { name: 'Webhooks' }));
    const deliveries = await screen.findByRole('list', { name: 'Deliveries' }, WAIT);
    const notice = within(deliveries).getByRole('listitem');
    expect(notice).toHaveTextContent(
      `Notice: ${alertCount} alert${alertCount === 1 ? '' : 's'} of tracker “Wiki” · received`,
    );
    await user.click(within(notice).getByText('Payload'));
    await waitFor(() => expect(notice).toHaveTextContent('tracker-alerts'));
  }, 30_000); // two paid runs, a chart, and the Webhooks view: 12–19 s with the machine loaded (no wait in it is for time)

  test('a due run that could not happen is recorded as missed, never silently skipped, and the schedule does not drift', async () => {
    const anchor = Date.now() - 3 * DAY - 3_600_000;
    const first: TrackerRun = {
      id: runId(anchor),
      trackerId: 'trk',
      slot: anchor,
      startedAt: anchor,
      finishedAt: anchor + 1000,
      status: 'done',
      credits: 20,
      cells: {},
    };
    await saveTracker(tracker({ cadence: 'daily', anchor }, ['coffee']));
    await saveRun(first);
    renderApp('/trackers?tracker=trk');
    await waitFor(() => expect(runsTable()).toHaveTextContent(/done1 of 1/), WAIT);
    expect(within(runsTable()).getAllByText(/missed — no dashboard tab was open/)).toHaveLength(2);
    // The plan renews in 30 days (the sandbox's account): 30 daily runs of 20 credits from the
    // next one, against the credits left.
    await waitFor(
      () =>
        expect(screen.getByTestId('budget-plan')).toHaveTextContent(
          /^20 credits a run × daily = 30 runs until the plan renews: 600 credits\. 99,980 credits left now\./,
        ),
      WAIT,
    );
    // Without an hour of readings the forecast says what it needs, and what is left at renewal
    // is said once, with what it assumes (decision 067).
    expect(screen.getByTestId('left-at-renewal')).toHaveTextContent(
      'If nothing else spends, 99,380 left at renewal.',
    );
    expect(screen.getByTestId('run-out-forecast')).toHaveTextContent(/^No forecast yet/);
    expect(await searches()).toHaveLength(1);
    const runs = await loadRuns('trk');
    expect(runs.map((r) => [r.status, r.slot])).toEqual([
      ['done', anchor],
      ['missed', anchor + DAY],
      ['missed', anchor + 2 * DAY],
      ['done', anchor + 3 * DAY],
    ]);
  });

  test('a due run the monthly cap cannot pay is missed, and nothing is sent', async () => {
    const anchor = Date.now() - DAY - 60_000;
    await saveTracker(tracker({ cadence: 'daily', anchor, monthlyCap: 20 }, ['coffee']));
    await saveRun({
      ...missedRun('trk', anchor, 'no-tab'),
      status: 'done',
      credits: 20,
      startedAt: Date.now() - 60_000,
    });
    renderApp('/trackers?tracker=trk');
    await waitFor(
      () => expect(runsTable()).toHaveTextContent('missed — the monthly cap was reached'),
      WAIT,
    );
    expect(await searches()).toHaveLength(0);
  });

  test('a tracker with many runs lists every run, compares the newest two and exports once all are read', async () => {
    const t = tracker({}, ['coffee']);
    await saveTracker(t);
    const cellId = trackerMatrix(t).cells[0]!.id;
    const start = Date.now() - 13 * DAY;
    // Twelve runs, the target one place lower each day (1 to 5, again), and a missed slot after.
    for (let k = 0; k < 12; k++)
      await saveRun({
        id: runId(start + k * DAY),
        trackerId: 'trk',
        slot: null,
        startedAt: start + k * DAY,
        finishedAt: start + k * DAY + 1000,
        status: 'done',
        credits: 20,
        cells: {
          [cellId]: {
            state: 'answered',
            at: start + k * DAY,
            results: [
              { rank: (k % 5) + 1, link: `https://en.${TARGET}/wiki/Coffee`, title: 'Coffee' },
            ],
          },
        },
      });
    await saveRun(missedRun('trk', start + 12 * DAY, 'no-tab'));
    renderApp('/trackers?tracker=trk');
    // The newest runs are read first (tracker-storage.test.ts); once all are read, the movers
    // compare the newest two, every run is listed and the exports are open.
    await waitFor(() => expect(within(runsTable()).getAllByRole('row')).toHaveLength(14), WAIT);
    expect(screen.queryByText(/earlier runs?…/)).not.toBeInTheDocument();
    // The files come after the movers, once the page is idle (decision 106).
    expect(await screen.findByRole('button', { name: 'History CSV' }, WAIT)).toBeEnabled();
    expect(screen.getByTestId('movers-digest')).toHaveTextContent('1 down');
    // The movers can now start from any earlier run.
    expect(
      within(screen.getByRole('combobox', { name: 'Since' })).getAllByRole('option'),
    ).toHaveLength(11);
  }, 30_000); // thirteen runs read in two parts, the older ones when the page is idle: 4–12 s loaded

  test('past the storage budget the older runs keep their top 10 without titles, and the list says so', async () => {
    await saveTracker(tracker({}, ['coffee']));
    await setStorageBudget(1);
    const { user } = renderApp('/trackers?tracker=trk');
    await user.click(await screen.findByRole('button', { name: 'Run now' }, WAIT));
    await waitFor(() => expect(runsTable()).toHaveTextContent(/done1 of 1/), WAIT);
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(runsTable()).toHaveTextContent('done (top 10 kept)'), WAIT);
    const [older, newer] = await loadRuns('trk');
    const kept = (run: TrackerRun | undefined) => Object.values(run!.cells)[0];
    expect(kept(older)).toMatchObject({ state: 'answered' });
    const results =
      kept(older)!.state === 'answered' ? (kept(older) as { results: object[] }).results : [];
    expect(results.length).toBeLessThanOrEqual(10);
    expect(results.every((r) => !('title' in r))).toBe(true);
    expect(newer!.compactedTo).toBeUndefined();
    expect(screen.getByTestId('trackers-storage')).toHaveTextContent(
      /Runs stored: .* of a 1 B budget/,
    );
  });

  test('the history exports in long format, all trackers go out as one file without the key, and come back in', async () => {
    const downloads = captureDownloads();
    await saveTracker(tracker({}, ['coffee']));
    const { user } = renderApp('/trackers?tracker=trk');
    await user.click(await screen.findByRole('button', { name: 'Run now' }, WAIT));
    await waitFor(() => expect(runsTable()).toHaveTextContent(/done1 of 1/), WAIT);
    await user.click(await screen.findByRole('button', { name: 'History CSV' }, WAIT));
    const csv = (await downloads.at(-1)!.text()).trim().split(/\r?\n/);
    expect(csv[0]).toBe(
      'run_id,run_started,query,country,language,rank,title,link,domain,run_time',
    );
    const page = organicResults({ query: 'coffee', country: 'us', language: 'en' });
    expect(csv).toHaveLength(page.length + 1);
    expect(csv[1]).toContain(`,coffee,us,en,1,`);

    await user.click(screen.getByRole('button', { name: 'Export all trackers' }));
    await waitFor(() =>
      expect(downloads.at(-1)!.filename).toMatch(/^trackers_.*\.trackers\.json$/),
    );
    const file = await downloads.at(-1)!.text();
    expect(file).not.toContain('demo-key');
    expect(JSON.parse(file)).toMatchObject({
      kind: 'web-data-dashboard.trackers',
      trackers: [{ name: 'Wiki' }],
    });

    await clearAllDatabases();
    await user.upload(
      screen.getByLabelText('Import trackers'),
      new File([file], 'trackers.json', { type: 'application/json' }),
    );
    // The file's reader loads when a file is imported: the table showed this run before the
    // clear, so the stored run is what says the import is done.
    await waitFor(async () => expect(await loadRuns('trk')).toHaveLength(1), WAIT);
    await waitFor(() => expect(runsTable()).toHaveTextContent(/done1 of 1/), WAIT);
    await user.upload(
      screen.getByLabelText('Import trackers'),
      new File(['{"kind":"web-data-dashboard.trackers","version":1,"trackers":[{}]}'], 'bad.json'),
    );
    expect(
      await screen.findByText(
        /This file was not imported: Tracker 1: a tracker needs an id and a name\./,
      ),
    ).toBeInTheDocument();
  });
});
