// The CPU throttling the Lighthouse part applies, chosen from this machine's speed so that
// every run emulates the same device (decisions 085, 098, 116). Lighthouse's default 4× slowdown
// turns a high-end desktop into its mid-tier mobile reference (a Moto G4 class phone); on a
// machine 2.6× slower the same 4× emulates a phone 2.6× slower than that, and budgets that
// held elsewhere break (issue 41). So the bench first measures the machine in the same Chromium
// the flows run in, with a workload of two halves:
// - script: Lighthouse's own benchmark (`computeBenchmarkIndex`, the number every report
//   carries as `environment.benchmarkIndex`), turned into a slowdown by Lighthouse's calculator
//   (docs/throttling.md, "Calibrating the CPU slowdown"), proportional above 1,300 (098);
// - rendering: a fixed page's style, layout and paint (rendering-workload.mjs), against the
//   time the same work takes on the reference (REFERENCE_RENDER_MS).
// The slowdown makes the two halves together take as long as on the reference (116): a machine
// whose script is fast and whose layout and paint are not is slowed for both, not for its
// script alone (one of this kind read index 2,500 and was slowed 5.9× where its pages' layout
// and paint wanted about half that).
// The load of a shared machine moves within minutes (one bench saw 870 at its start and 1,600
// in a flow a minute later), so each Lighthouse run calibrates again just before it, with fewer
// samples, in one blank page its browser keeps for every calibration (keptCalibration, decision
// 124: a page warmed once needs 3 rendering warm-ups, a fresh one 12); the first is printed.
import { renderingWorkload } from './rendering-workload.mjs';
import { shieldRenderers } from './renderer-shield.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, median } from './serve.mjs';

/** Lighthouse's default (mobile) CPU slowdown: what a run without calibration applies. */
export const DEFAULT_MULTIPLIER = 4;
/** Below this index a machine is already a mid-tier phone: throttling it further overshoots. */
export const REFERENCE_INDEX = 150;
const SAMPLES = Number(process.env.BENCH_CALIBRATION_SAMPLES || 5);

/** Above the calculator's desktop anchor the slowdown is proportional (decision 098). */
export const PROPORTIONAL_FROM = 1300;

/**
 * The calculator's piecewise-linear table up to 1,300: an index of 150 → 1× (the machine is
 * the reference), 800 → 2×, 1300 → 3×. Above 1,300 the calculator adds +1× every 233
 * (2,000 → 6×), a curve fitted across different desktop CPUs; here the index of one machine
 * swings between 1,120 and 2,160 within minutes while quiet (the same CPU, more or less of
 * it), and at 2,000 → 6× the app came out slower than at 1,230 → 2.9× (decision 098). So
 * above 1,300 the slowdown keeps the emulated index where 1,300 → 3× puts it: index / 433.
 */
export function multiplierForIndex(index) {
  if (!(index > REFERENCE_INDEX)) return 1;
  if (index < 800) return 1 + (index - REFERENCE_INDEX) / 650;
  if (index < PROPORTIONAL_FROM) return 2 + (index - 800) / 500;
  return (3 * index) / PROPORTIONAL_FROM;
}

/**
 * The rendering workload's time on the reference phone, in ms unthrottled-equivalent: a machine
 * on which it takes REFERENCE_RENDER_MS / m is slowed m× for rendering. Set from two machines'
 * runs of one commit (decision 116): see there for the measurement.
 */
export const REFERENCE_RENDER_MS = Number(process.env.BENCH_REFERENCE_RENDER_MS || 0) || 150;

/** The rendering half's slowdown: the workload takes REFERENCE_RENDER_MS at it; never < 1. */
export function multiplierForRendering(renderMs) {
  return renderMs > 0 ? Math.max(1, REFERENCE_RENDER_MS / renderMs) : 1;
}

/**
 * The slowdown for both halves at once: each half takes as long on the reference as the other,
 * so the workload takes as long throttled as there when 1/m = (1/m_script + 1/m_render) / 2,
 * the harmonic mean (a machine twice as fast at script as the reference ratio and no faster at
 * rendering is slowed between the two, nearer the rendering's).
 */
export function blendedMultiplier(scriptMultiplier, renderMultiplier) {
  return 2 / (1 / scriptMultiplier + 1 / renderMultiplier);
}

const indexClass = (index) =>
  index >= 1300
    ? 'desktop class'
    : index >= 800
      ? 'low-end desktop or high-end phone class'
      : index > REFERENCE_INDEX
        ? 'slower than a desktop'
        : 'no faster than the reference phone';

/** One sentence on why this multiplier: what each half says about the machine. */
export function calibrationReason({
  index,
  scriptMultiplier,
  renderMs,
  renderMultiplier,
  multiplier,
}) {
  const vsDefault =
    multiplier < DEFAULT_MULTIPLIER
      ? `the default ${DEFAULT_MULTIPLIER}× would emulate a phone ${(DEFAULT_MULTIPLIER / multiplier).toFixed(1)}× slower than the reference`
      : 'at or above the default 4×';
  const rule =
    index >= PROPORTIONAL_FROM
      ? "proportional above Lighthouse's calculator's 1,300 → 3×"
      : "Lighthouse's calculator";
  return (
    `script: index ${Math.round(index)} (${indexClass(index)}) → ${scriptMultiplier.toFixed(2)}× (${rule}); ` +
    `rendering: ${renderMs.toFixed(1)} ms against the reference's ${REFERENCE_RENDER_MS} ms → ${renderMultiplier.toFixed(2)}×; ` +
    `both halves → ${multiplier.toFixed(2)}× emulates its mid-tier mobile reference; ${vsDefault}`
  );
}

/**
 * Lighthouse's benchmark in `page`: the median of `samples` runs (about a second each), after
 * `warmups` runs (one in a fresh blank page, whose first samples score low).
 */
export async function measureIndex(page, samples = SAMPLES, warmups = 1) {
  const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
  for (let i = 0; i < warmups; i++) await page.evaluate(pageFunctions.computeBenchmarkIndex);
  const xs = [];
  for (let i = 0; i < samples; i++)
    xs.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  return { index: Math.round(median(xs)), samples: xs.map(Math.round) };
}

/**
 * Warm-up runs before the rendering samples. In a fresh page, and in one that had just run the
 * index for 5 s, the workload's first 7–8 runs took 120–190 ms (layout 90–160) and every run
 * after them 55–70 ms (layout 35–47), on the same machine in the same minute: Blink's own
 * state warms with the work, not with the clock. A fresh page always warms this long;
 * REFERENCE_RENDER_MS is taken in the warm regime too.
 */
const RENDER_WARMUPS = 12;
/**
 * Warm-ups in a page that has warmed once already (keptCalibration): kept open while other
 * pages worked (idle 15 s), one read 51–68 ms from its third run (decision 124).
 */
const KEPT_RENDER_WARMUPS = 3;
/**
 * The rendering half's samples at least: about 55 ms each, against a second for an index sample,
 * and its fastest is kept, so two more than a run's 3 cost little and shed more of the noise.
 */
const MIN_RENDER_SAMPLES = 5;

/**
 * The rendering workload's fastest time in `page` (ms), over `samples` runs after warm-ups. The
 * fastest, not the median: its noise only ever adds time (a quiet blank page reads 52–60 ms
 * run after run, with single runs of 80–130 ms when another process takes a core), and with
 * the three samples a run takes, a median of two slowed runs eased one flow's slowdown to
 * 1.6×. What the other processes take during the flow is the shield's to keep out
 * (decision 105), not the calibration's to forgive.
 */
export async function measureRendering(page, samples = SAMPLES, warmups = RENDER_WARMUPS) {
  for (let i = 0; i < warmups; i++) await page.evaluate(renderingWorkload);
  const xs = [];
  for (let i = 0; i < samples; i++) xs.push((await page.evaluate(renderingWorkload)).total);
  return { renderMs: Math.round(Math.min(...xs) * 10) / 10, renderSamples: xs.map(Math.round) };
}

const twoPlaces = (x) => Math.round(x * 100) / 100;

/**
 * The multiplier for the machine as `page` finds it now; `warm`: the page has calibrated before
 * (fewer warm-ups). BENCH_CPU_MULTIPLIER fixes the multiplier instead (to reproduce a run);
 * both halves are still measured and printed.
 */
export async function calibrateIn(page, samples = SAMPLES, { warm = false } = {}) {
  const { index, samples: xs } = await measureIndex(page, samples, warm ? 0 : 1);
  const { renderMs, renderSamples } = await measureRendering(
    page,
    Math.max(samples, MIN_RENDER_SAMPLES),
    warm ? KEPT_RENDER_WARMUPS : RENDER_WARMUPS,
  );
  const scriptMultiplier = multiplierForIndex(index);
  const renderMultiplier = multiplierForRendering(renderMs);
  const halves = { index, scriptMultiplier, renderMs, renderMultiplier };
  const blended = blendedMultiplier(scriptMultiplier, renderMultiplier);
  const fixed = Number(process.env.BENCH_CPU_MULTIPLIER);
  const multiplier = fixed > 0 ? fixed : twoPlaces(blended);
  const reason =
    fixed > 0
      ? `fixed by BENCH_CPU_MULTIPLIER=${fixed} (${calibrationReason({ ...halves, multiplier: blended })})`
      : calibrationReason({ ...halves, multiplier });
  return {
    index,
    samples: xs,
    renderMs,
    renderSamples,
    scriptMultiplier: twoPlaces(scriptMultiplier),
    renderMultiplier: twoPlaces(renderMultiplier),
    multiplier,
    reason,
  };
}

/**
 * Measures the machine in a blank page of `browser` (or of a browser context), opened and closed
 * here: the bench's first, printed calibration. Never in a flow's own page: the workload is
 * appended to its document, and a page holding a tracker's 1,002 movers rows or 467 listings
 * read 170–230 ms where a blank page read 55, so the heaviest flows ran at 1.6–1.7× (2026-11-28).
 */
export async function calibrate(browser, shield, samples = SAMPLES) {
  const page = await browser.newPage();
  shield?.now();
  try {
    return await calibrateIn(page, samples);
  } finally {
    await page.close();
  }
}

/**
 * The calibration before each run of `browser`'s flows and views: `measure(samples)` in one
 * blank page opened at the first call and kept (decision 124). A page opened and warmed for
 * each run cost 12 rendering warm-ups and an index warm-up, 7–10 s a run over ~40 runs a bench;
 * kept, it is warm from its second calibration on. Opened before any flow's page, so it never
 * takes a flow's focus (a page opened after the flow's did: the tour's → key reached nothing).
 * Reopened, and warmed in full again, if it was closed.
 */
export function keptCalibration(browser, shield) {
  let page = null;
  let warm = false;
  return async function measure(samples = SAMPLES) {
    if (!page || page.isClosed()) {
      page = await browser.newPage();
      warm = false;
    }
    shield?.now();
    const cpu = await calibrateIn(page, samples, { warm });
    warm = true;
    return cpu;
  };
}

/** A Chromium for calibrating alone (the Lighthouse part calibrates in its own browser). */
export async function calibrateStandalone() {
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  // Its page's main thread ahead of other work, as every run's is (decision 105): unshielded on
  // a busy machine this first calibration read an index of 219 where the runs read 2,000+.
  const shield = shieldRenderers(browser);
  try {
    return await calibrate(browser, shield);
  } finally {
    shield.stop();
    await browser.close();
  }
}
