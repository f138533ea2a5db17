// The interaction part of `npm run bench` (issue #28): interaction to next paint for what a
// user does most, as Lighthouse's timespan measures it (devtools throttling: the calibrated
// CPU slowdown of calibrate.mjs, a slow 4G network), each the median of 3 runs in a fresh browser context (1 run when it is at half the budget or less). The flows are written
// like the Lighthouse part's (views-with-results.mjs): a preparation outside the timespan,
// the interaction inside it. Budget: ≤ 200 ms each ("good" INP).
import { keptCalibration } from './calibrate.mjs';
import { BULK_URL } from './large-bench.mjs';
import {
  calibrationLine,
  CLEAR_SHARE,
  firstLine,
  inpMs,
  waitCell,
  launchLighthouseChromium,
  majorityAgrees,
  medianRow,
  RUNS,
  runFlow,
  runIndex,
  secondsSince,
  steadyRuns,
} from './lighthouse-bench.mjs';
import { shieldLine, shieldRenderers } from './renderer-shield.mjs';
import {
  flowParts,
  largeRealtyPage,
  pressButton,
  pressRun,
  waitFor,
} from './views-with-results.mjs';

export const INP_BUDGET_MS = 200;
/**
 * A first run at half the budget or less is clear of it: two more runs (about 20 s each)
 * would not change the verdict, and the bench must stay under 20 minutes (issue 41 point 4).
 */
const CLEAR_INP_MS = INP_BUDGET_MS * CLEAR_SHARE;
const { SEARCH_DONE, REALTY_DONE, startTour, tourPlaying, seedHistory } = flowParts;

/** Focuses the form control whose label starts with `label`. */
const focusField = (page, label) =>
  page.evaluate((text) => {
    const l = [...document.querySelectorAll('label')].find((x) =>
      x.textContent.trim().startsWith(text),
    );
    const control = l?.control ?? l?.querySelector('input, select, textarea');
    if (!control) throw new Error(`no field labelled ${text}`);
    control.focus();
  }, label);

/** Resolves once the control labelled `label` holds a value other than `from`. */
const fieldChanged = (label, from) => (page) =>
  page.waitForFunction(
    (text, old) => {
      const l = [...document.querySelectorAll('label')].find((x) =>
        x.textContent.trim().startsWith(text),
      );
      const control = l?.control ?? l?.querySelector('input, select, textarea');
      return control && control.value !== old;
    },
    { timeout: 30_000 },
    label,
    from,
  );

/** Realty's "Colour by" changed from status to price with the listings of `url` on the map. */
const colourToPrice = (url, count) => ({
  view: `switching realty's colour mode to price (${count} listings)`,
  path: `/realty?url=${encodeURIComponent(url)}`,
  prepare: async (page) => {
    await pressRun(page);
    await REALTY_DONE(page);
  },
  act: async (page) => {
    await focusField(page, 'Colour by');
    await page.keyboard.press('ArrowDown');
  },
  done: fieldChanged('Colour by', 'status'),
});

const searchWithResults = async (page) => {
  await pressRun(page);
  await SEARCH_DONE(page);
};

/** The interactions: one entry each (the same shape as a view with results). */
export const interactions = (realty) => [
  {
    view: 'Run (search)',
    path: '/search?query=coffee%20roasters',
    done: SEARCH_DONE,
    // The same flow, act and "done" as this Lighthouse row: its runs' INP is this row's.
    sameAs: '/search with results',
  },
  {
    view: 'typing in a form (search query, 6 keys)',
    path: '/search?query=coffee',
    prepare: searchWithResults,
    act: async (page) => {
      await focusField(page, 'Query');
      await page.keyboard.type(' beans', { delay: 120 });
    },
    done: fieldChanged('Query', 'coffee'),
  },
  {
    view: 'changing a filter (history status, 500 entries)',
    path: '/',
    prepare: async (page, origin) => {
      await seedHistory(page, origin);
      await page.click('nav[aria-label="Views"] a[href="/history"]');
      await page.waitForSelector('[aria-label="Request history"] li');
    },
    act: async (page) => {
      await focusField(page, 'Status');
      await page.keyboard.press('ArrowDown');
    },
    done: fieldChanged('Status', 'any'),
  },
  colourToPrice(realty.url, String(realty.count)),
  // Issue 41: the bar holds at the bulk demo's size too, where the recolouring is heaviest.
  colourToPrice(BULK_URL, '10,000'),
  {
    view: 'opening the JSON viewer (search answer)',
    path: '/search?query=coffee%20roasters',
    prepare: searchWithResults,
    act: (page) => pressButton(page, /^Raw response$/),
    done: waitFor('[role="group"][aria-label$="tree"]'),
  },
  {
    view: 'moving a demo step (the tour, → key)',
    path: '/demos',
    key: false,
    prepare: async (page) => {
      await startTour(page);
      await tourPlaying(page);
    },
    act: (page) => page.keyboard.press('ArrowRight'),
    done: (page) =>
      page.waitForFunction(
        () =>
          /step 2 of/.test(
            document.querySelector('section[aria-label="Demo player"]')?.textContent ?? '',
          ),
        { timeout: 30_000 },
      ),
  },
];

/** The INP budget met or not (one boolean per budget, as steadyRuns' `meets`). */
const meetsInp = (run) => [run.inpMs !== undefined && run.inpMs <= INP_BUDGET_MS];

/**
 * The INP of a Lighthouse part's row whose runs already decide this budget the way this part
 * would (one run at half the budget or less, two that agree, or three), else undefined: the
 * interaction is then measured here. Measuring the same flow twice cost 2–3 runs of ~20 s
 * (issue 41 point 4).
 */
export function inpFromLighthouse(row) {
  const inps = row?.inps?.filter((x) => x !== undefined);
  if (!inps?.length || row.failed) return undefined;
  const runs = inps.map((inpMs) => ({ inpMs }));
  // The rule steadyRuns stops this part's own runs by (one clear run, or a majority of RUNS).
  const decided =
    inps.length === 1
      ? inps[0] <= CLEAR_INP_MS
      : inps.length >= RUNS || majorityAgrees(runs, meetsInp);
  return decided ? { inpMs: medianRow('', runs, ['inpMs']).inpMs, runs: inps.length } : undefined;
}

export async function benchInteractions({ origin, cpu, lighthouse }) {
  const browser = await launchLighthouseChromium();
  const shield = shieldRenderers(browser);
  const rows = [];
  try {
    const calibration = keptCalibration(browser, shield);
    cpu ??= await calibration();
    // BENCH_VIEWS=history,realty: only the interactions whose name holds one of these.
    const only = process.env.BENCH_VIEWS?.split(',');
    const flows = interactions(await largeRealtyPage(origin));
    for (const flow of flows.filter((f) => !only || only.some((v) => f.view.includes(v)))) {
      const rowStarted = Date.now();
      const measured = inpFromLighthouse(lighthouse?.rows?.find((r) => r.view === flow.sameAs));
      if (measured) {
        rows.push({ view: flow.view, ...measured, from: flow.sameAs, seconds: 0 });
        continue;
      }
      try {
        const runs = await steadyRuns(
          async () => {
            const {
              span,
              cpu: runCpu,
              wait,
            } = await runFlow(browser, origin, flow, { snapshot: false, shield, calibration });
            return {
              inpMs: inpMs(span),
              index: runCpu.index,
              indexSeen: runIndex(span),
              waitShare: wait?.waitShare,
              waitCounts: wait?.counts,
            };
          },
          {
            enoughAlone: (run) => run.inpMs !== undefined && run.inpMs <= CLEAR_INP_MS,
            meets: meetsInp,
          },
        );
        rows.push({
          ...medianRow(flow.view, runs, ['inpMs']),
          runs: runs.length,
          unsteady: runs.unsteady,
          redone: runs.redone,
          slower: runs.slower,
          waits: runs.map((r) => r.waitShare),
        });
      } catch (error) {
        rows.push({ view: flow.view, failed: firstLine(error) });
      }
      rows.at(-1).seconds = secondsSince(rowStarted);
    }
  } finally {
    shield.stop();
    await browser.close();
  }
  const broken = rows.flatMap((r) =>
    r.failed
      ? [`INP not measured for ${r.view}: ${r.failed}`]
      : r.inpMs === undefined
        ? [`INP not measured for ${r.view}: Lighthouse saw no interaction`]
        : r.inpMs > INP_BUDGET_MS
          ? [`INP ${r.inpMs} ms on ${r.view} (budget ≤ ${INP_BUDGET_MS} ms)`]
          : [],
  );
  return {
    runs: RUNS,
    cpu,
    budgetMs: INP_BUDGET_MS,
    rows,
    broken,
    shield: shield.status,
    markdownRows: markdownRows(rows, cpu),
  };
}

function markdownRows(rows, cpu) {
  return rows.map((r) => [
    `INP: ${r.view}`,
    r.failed ? `not measured: ${r.failed}` : `${r.inpMs ?? '–'} ms`,
    `Lighthouse timespan, CPU calibrated (first: ${cpu.multiplier}×), ${r.runs === 1 ? '1 run, clear of the budget' : r.runs === 2 ? '2 runs that agree on the budget' : `median of ${r.runs ?? RUNS}`}${r.from ? `, the Lighthouse part's ${r.from} runs` : ''}`,
    `≤ ${INP_BUDGET_MS} ms`,
    !r.failed && r.inpMs !== undefined && r.inpMs <= INP_BUDGET_MS ? 'met' : '**missed**',
  ]);
}

export function interactionReport(r) {
  return [
    `\n11. Interaction to next paint (Lighthouse timespan, CPU calibrated before each run, median of ${r.runs}, or 1 run at half the budget or less); budget ≤ ${r.budgetMs} ms each`,
    calibrationLine(r.cpu),
    ...(r.shield ? [shieldLine(r.shield)] : []),
    ...r.rows.map(
      (x) =>
        `  ${x.view.padEnd(56)} ${x.failed ? `not measured: ${x.failed}` : `${String(x.inpMs ?? '–').padStart(5)} ms → ${x.inpMs !== undefined && x.inpMs <= r.budgetMs ? 'met' : 'MISSED'}${x.runs === 1 ? ' (1 run)' : x.runs === 2 ? ' (2 runs that agree)' : ''}${x.from ? ` (the Lighthouse part's ${x.from} runs)` : ''}`}${x.waits ? `   waited ${waitCell(x.waits)}` : ''}${x.unsteady ? `   ${x.unsteady} unsteady run(s) measured again (${x.redone?.join(', ')})` : ''}${x.slower ? `   ${x.slower} kept that drifted slower and met` : ''}${x.seconds !== undefined ? `   ${x.seconds} s` : ''}`,
    ),
  ].join('\n');
}
