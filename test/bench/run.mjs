// `npm run bench`: measured numbers, not assertions. Prints a table and writes
// test-results/bench.json. Part 1: the initial JS of the app against the framework floor.
// Part 2: data to painted map for 10,000 listings, this view's renderer against one
// react-leaflet <Marker> per listing (test/bench/map-bench.mjs).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { benchMap } from './map-bench.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BUDGET_RATIO = 1.25;
const MAP_GOAL_RATIO = 0.05;

/** The JS a first visit must load: the entry script and the chunks it modulepreloads. */
function initialJs(outDir) {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/?([^"]+\.js)"/g),
  ].map((m) => m[1]);
  let raw = 0;
  let gzip = 0;
  for (const f of new Set(files)) {
    const bytes = readFileSync(join(outDir, f));
    raw += bytes.byteLength;
    gzip += gzipSync(bytes).byteLength;
  }
  return { files: [...new Set(files)], raw, gzip };
}

async function buildInto(projectRoot, outDir) {
  await build({
    configFile: join(root, 'vite.config.ts'),
    root: projectRoot,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return initialJs(outDir);
}

const work = mkdtempSync(join(tmpdir(), 'bench-'));
try {
  const app = await buildInto(root, join(work, 'app'));
  const floor = await buildInto(join(root, 'test/bench/floor'), join(work, 'floor'));
  const ratio = app.gzip / floor.gzip;
  const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
  console.log('\nInitial JavaScript (entry + modulepreloads)');
  console.log(
    `  app    ${kb(app.raw).padStart(9)} raw  ${kb(app.gzip).padStart(8)} gzip  (${app.files.length} file(s))`,
  );
  console.log(
    `  floor  ${kb(floor.raw).padStart(9)} raw  ${kb(floor.gzip).padStart(8)} gzip  (react, react-dom, react-router, react-query, one route)`,
  );
  console.log(
    `  ratio  ${ratio.toFixed(3)} × floor (gzip); budget ${BUDGET_RATIO} × → ${ratio <= BUDGET_RATIO ? 'within budget' : 'OVER BUDGET'}`,
  );
  const map = await benchMap();
  console.log(
    '\nRealty map, 10,000 listings: data handed to the map → markers painted (median of 3)',
  );
  console.log(`  this view (supercluster + canvas)   ${map.viewMs.toFixed(1).padStart(8)} ms`);
  console.log(
    `  one react-leaflet <Marker> each     ${map.domMarkersMs.toFixed(1).padStart(8)} ms`,
  );
  console.log(
    `  ratio  ${map.ratio.toFixed(3)}; goal ≤ ${MAP_GOAL_RATIO} → ${map.ratio <= MAP_GOAL_RATIO ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  (normalising the 10,000 listings first: ${map.normalizeMs.toFixed(1)} ms, on neither clock)`,
  );
  const results = {
    initialJs: { app, floor, ratio, budget: BUDGET_RATIO, withinBudget: ratio <= BUDGET_RATIO },
    realtyMap: { ...map, goal: MAP_GOAL_RATIO, met: map.ratio <= MAP_GOAL_RATIO },
  };
  mkdirSync(join(root, 'test-results'), { recursive: true });
  writeFileSync(join(root, 'test-results/bench.json'), JSON.stringify(results, null, 2));
  if (ratio > BUDGET_RATIO || map.ratio > MAP_GOAL_RATIO) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
