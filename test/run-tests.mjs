// `npm test`: unit and integration tests (Vitest, jsdom, real sandbox), then the
// browser tests (Playwright, Debian's Chromium). Prints one closing line
// "N passed, N failed" and writes it to test-results/summary.txt for .ci/run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const CI = Boolean(process.env.CI);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
mkdirSync('test-results', { recursive: true });
// A report left by an earlier run must not speak for this one.
for (const report of ['vitest.json', 'vitest-races.json', 'playwright.json'])
  rmSync(`test-results/${report}`, { force: true });

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  return r.status ?? 1;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Playwright's tests with the given outcome ('unexpected': failed; 'flaky': passed on a retry). */
function playwrightTests(report, outcome) {
  const names = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === outcome) names.push(`${spec.file}:${spec.line} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return names;
}

/** The failed tests and those that passed only on their retry, unit and browser alike. */
function testsToLookAt(vitest) {
  const browser = readJson('test-results/playwright.json');
  return [
    ['FAILED', [...vitest.failed, ...playwrightTests(browser, 'unexpected')]],
    [
      'passed only on a retry (a race to find)',
      [...vitest.retried, ...playwrightTests(browser, 'flaky')],
    ],
  ];
}

let passed = 0;
let failed = 0;

const vitestCode = run('node_modules/.bin/vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  '--reporter=./test/races-reporter.mjs',
  '--outputFile=test-results/vitest.json',
]);
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  console.log(
    `unit + integration: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`,
  );
}
if (vitestCode !== 0 && (!vitest || vitest.numFailedTests === 0)) failed += 1; // a crash, not a test failure
// Read now: Playwright empties test-results/ (its output folder) when it starts.
const vitestRaces = readJson('test-results/vitest-races.json') ?? { failed: [], retried: [] };

if (!existsSync(chromium)) {
  if (CI) {
    console.log(
      `browser tests: no Chromium at ${chromium}; CI requires it (apt-get install -y chromium).`,
    );
    failed += 1;
  } else {
    console.log(
      `browser tests SKIPPED: no Chromium at ${chromium}. Install it with: sudo apt-get install -y chromium`,
    );
  }
} else {
  const e2eCode = run('node_modules/.bin/playwright', ['test']);
  const report = readJson('test-results/playwright.json');
  const stats = report?.stats;
  if (stats) {
    const ok = stats.expected + (stats.flaky ?? 0);
    passed += ok;
    failed += stats.unexpected;
    console.log(
      `browser: ${ok} passed, ${stats.unexpected} failed${stats.flaky ? ` (${stats.flaky} flaky)` : ''}`,
    );
  }
  if (e2eCode !== 0 && (!stats || stats.unexpected === 0)) failed += 1;
}

// CI shows only the tail of the output: the tests to look at are named last (decision 103).
for (const [what, names] of testsToLookAt(vitestRaces)) {
  if (names.length === 0) continue;
  console.log(`${what}:`);
  for (const name of names) console.log(`  ${name}`);
}

const line = `${passed} passed, ${failed} failed`;
writeFileSync('test-results/summary.txt', `${line}\n`);
console.log(line);
process.exit(failed > 0 ? 1 : 0);
