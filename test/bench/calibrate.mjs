// The CPU throttling the Lighthouse part applies, chosen from this machine's speed so that
// every run emulates the same device (decision 085). Lighthouse's default 4× slowdown turns
// a high-end desktop into its mid-tier mobile reference (a Moto G4 class phone); on a
// machine 2.6× slower the same 4× emulates a phone 2.6× slower than that, and budgets that
// held elsewhere break (issue 41). So the bench first measures the machine with
// Lighthouse's own benchmark (`computeBenchmarkIndex`, the number every report carries as
// `environment.benchmarkIndex`), in the same Chromium the flows run in, and picks the
// multiplier Lighthouse's docs recommend for that index (docs/throttling.md, "Calibrating
// the CPU slowdown", and its calculator, lighthouse-cpu-throttling-calculator.vercel.app).
// The load of a shared machine moves within minutes (one bench saw 870 at its start and 1,600
// in a flow a minute later), so each Lighthouse run calibrates again in its own page just
// before it (calibrateIn), with fewer samples; the first calibration is printed.
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

/** One sentence on why this multiplier: what the index says about the machine. */
export function calibrationReason(index, multiplier) {
  const cls =
    index >= 1300
      ? 'desktop class'
      : index >= 800
        ? 'low-end desktop or high-end phone class'
        : index > REFERENCE_INDEX
          ? 'slower than a desktop'
          : 'no faster than the reference phone';
  const vsDefault =
    multiplier < DEFAULT_MULTIPLIER
      ? `the default ${DEFAULT_MULTIPLIER}× would emulate a phone ${(DEFAULT_MULTIPLIER / multiplier).toFixed(1)}× slower than the reference`
      : 'at or above the default 4×';
  const rule =
    index >= PROPORTIONAL_FROM
      ? "proportional above Lighthouse's calculator's 1,300 → 3×"
      : "Lighthouse's calculator";
  return `index ${Math.round(index)} (${cls}) → ${multiplier.toFixed(2)}× (${rule}) emulates its mid-tier mobile reference; ${vsDefault}`;
}

/**
 * Lighthouse's benchmark in `page`: the median of `samples` runs (about a second each), after
 * one warm-up in a fresh renderer (its first samples score low); a page that has already
 * loaded the app is warm.
 */
export async function measureIndex(page, samples = SAMPLES, { warm = false } = {}) {
  const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
  if (!warm) await page.evaluate(pageFunctions.computeBenchmarkIndex);
  const xs = [];
  for (let i = 0; i < samples; i++)
    xs.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  return { index: Math.round(median(xs)), samples: xs.map(Math.round) };
}

/**
 * The multiplier for the machine as `page` finds it now. BENCH_CPU_MULTIPLIER fixes the
 * multiplier instead (to reproduce a run); the index is still measured and printed.
 */
export async function calibrateIn(page, samples = SAMPLES, options = {}) {
  const { index, samples: xs } = await measureIndex(page, samples, options);
  const fixed = Number(process.env.BENCH_CPU_MULTIPLIER);
  const multiplier = fixed > 0 ? fixed : Math.round(multiplierForIndex(index) * 100) / 100;
  const reason =
    fixed > 0 ? `fixed by BENCH_CPU_MULTIPLIER=${fixed}` : calibrationReason(index, multiplier);
  return { index, samples: xs, multiplier, reason };
}

/** Measures the machine in a blank page of `browser` (the bench's first, printed calibration). */
export async function calibrate(browser) {
  const page = await browser.newPage();
  try {
    return await calibrateIn(page);
  } finally {
    await page.close();
  }
}

/** A Chromium for calibrating alone (the Lighthouse part calibrates in its own browser). */
export async function calibrateStandalone() {
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    return await calibrate(browser);
  } finally {
    await browser.close();
  }
}
