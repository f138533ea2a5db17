// Part 1 of `npm run bench`, and the CI size check (`npm run bench:bundle`): the JavaScript
// a first visit loads (the entry chunk and its static imports, gzip) against the framework
// floor (test/bench/floor: react, react-dom, react-router, react-query, one route) built
// in the same run with the same config; each route's own chunks and CSS; the realty route
// against a floor with one react-leaflet map route (test/bench/floor-realty). Also checks
// that heavy code (Leaflet, clustering, the atlas, virtual lists, zod, the JSON viewer,
// charts) stays out of the initial chunks. Deterministic: sizes only, no clock.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './serve.mjs';

export const INITIAL_BUDGET = 1.1;
/** CI holds the budget itself since it is met (decision 022): any growth past it fails CI. */
export const CI_CEILING = INITIAL_BUDGET;

/** Modules that no first paint needs: finding one in the initial chunks breaks the budget. */
const HEAVY = [
  /node_modules\/leaflet\//,
  /node_modules\/react-leaflet\//,
  /node_modules\/supercluster\//,
  /node_modules\/topojson-client\//,
  /node_modules\/@tanstack\/react-virtual\//,
  /node_modules\/zod\//,
  /src\/components\/json-tree-view\.tsx$/,
  /chart/i,
];

const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).byteLength;

/** Builds one project with the app's Vite config; returns its chunk graph with module ids. */
async function buildGraph(projectRoot, outDir) {
  const { build } = await import('vite');
  const chunks = new Map();
  const record = {
    name: 'bench-chunk-graph',
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        chunks.set(item.fileName, {
          isEntry: item.isEntry,
          facade: item.facadeModuleId ? relative(root, item.facadeModuleId) : null,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          css: [...(item.viteMetadata?.importedCss ?? [])],
          modules: item.moduleIds.map((id) => relative(root, id)),
        });
      }
    },
  };
  await build({
    configFile: join(root, 'vite.config.ts'),
    root: projectRoot,
    logLevel: 'warn',
    plugins: [record],
    build: { outDir, emptyOutDir: true, reportCompressedSize: false },
  });
  const size = (file) => {
    const bytes = readFileSync(join(outDir, file));
    return { raw: bytes.byteLength, gzip: gzipSize(bytes) };
  };
  /** A chunk and every chunk it imports statically, minus `except`. */
  const closure = (file, except = new Set()) => {
    const seen = new Set();
    const visit = (f) => {
      if (seen.has(f) || except.has(f)) return;
      seen.add(f);
      for (const i of chunks.get(f)?.imports ?? []) visit(i);
    };
    visit(file);
    return seen;
  };
  const total = (files) =>
    [...files].reduce(
      (sum, f) => {
        const s = size(f);
        return { raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, files: sum.files + 1 };
      },
      { raw: 0, gzip: 0, files: 0 },
    );
  const entry = [...chunks].find(([, c]) => c.isEntry)?.[0];
  const initial = closure(entry);
  const initialCss = new Set([...initial].flatMap((f) => chunks.get(f).css));
  return { chunks, initial, initialCss, closure, total, outDir };
}

/** The chunk whose facade is this source file (a lazy route's module). */
const chunkOf = (graph, source) =>
  [...graph.chunks].find(([, c]) => c.facade === source)?.[0] ?? null;

/**
 * `outDir`: where the app is built (kept for the browser parts to serve); the floors
 * go to a temporary folder. Returns the numbers and `broken`, the budgets not met.
 */
export async function benchBundle({ outDir }) {
  const work = mkdtempSync(join(tmpdir(), 'bench-floors-'));
  try {
    const app = await buildGraph(root, outDir);
    const floor = await buildGraph(join(root, 'test/bench/floor'), join(work, 'floor'));
    const realtyFloor = await buildGraph(
      join(root, 'test/bench/floor-realty'),
      join(work, 'floor-realty'),
    );
    // A view's prerendered page (decision 024) loads one more script first: the boot script.
    const boot = readdirSync(join(outDir, 'assets'))
      .filter((f) => /^boot-.+\.js$/.test(f))
      .map((f) => `assets/${f}`);
    const initial = app.total([...app.initial, ...boot]);
    const floorInitial = floor.total(floor.initial);
    const ratio = initial.gzip / floorInitial.gzip;
    const heavyInInitial = [...app.initial]
      .flatMap((f) => app.chunks.get(f).modules)
      .filter((m) => HEAVY.some((re) => re.test(m)));

    const routes = [...app.chunks]
      .filter(([, c]) => c.facade && /(-page|listing-map|realty-results)\.tsx$/.test(c.facade))
      .map(([file, c]) => {
        const own = app.closure(file, app.initial);
        const css = new Set([...own].flatMap((f) => app.chunks.get(f).css));
        return {
          route: c.facade.replace(/^src\/(features|workspace|app)\//, '').replace(/\.tsx$/, ''),
          js: app.total(own),
          css: app.total([...css].filter((f) => !app.initialCss.has(f))),
        };
      })
      .sort((a, b) => b.js.gzip - a.js.gzip);

    // Everything the realty route can load: its page and what it imports on demand (the
    // results, the map), with the initial chunks.
    const realtyAll = new Set(app.initial);
    const visit = (file) => {
      if (!file || realtyAll.has(file)) return;
      realtyAll.add(file);
      const c = app.chunks.get(file);
      for (const f of [...c.imports, ...c.dynamicImports]) visit(f);
    };
    visit(chunkOf(app, 'src/features/realty/realty-page.tsx'));
    const realty = app.total(realtyAll);
    const floorMap = chunkOf(realtyFloor, 'test/bench/floor-realty/map-route.tsx');
    const realtyFloorAll = new Set([...realtyFloor.initial, ...realtyFloor.closure(floorMap)]);
    const realtyFloorTotal = realtyFloor.total(realtyFloorAll);
    const realtyRatio = realty.gzip / realtyFloorTotal.gzip;

    const result = {
      initial: { ...initial, css: app.total(app.initialCss) },
      floor: floorInitial,
      ratio: Math.round(ratio * 1000) / 1000,
      budget: INITIAL_BUDGET,
      heavyInInitial,
      routes,
      realty: {
        app: realty,
        floor: realtyFloorTotal,
        ratio: Math.round(realtyRatio * 1000) / 1000,
      },
    };
    const broken = [];
    if (ratio > INITIAL_BUDGET)
      broken.push(`initial JS ${result.ratio}× the framework floor (budget ≤ ${INITIAL_BUDGET}×)`);
    if (heavyInInitial.length > 0)
      broken.push(`heavy modules in the initial chunks: ${heavyInInitial.join(', ')}`);
    // CI (`--ci`): heavy modules, and the ceiling instead of the budget.
    const ciBroken = broken.filter((b) => !b.startsWith('initial JS'));
    if (ratio > CI_CEILING)
      ciBroken.push(
        `initial JS ${result.ratio}× the framework floor (CI ceiling ≤ ${CI_CEILING}×)`,
      );
    return { ...result, ciCeiling: CI_CEILING, broken, ciBroken };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

export function bundleReport(r) {
  const lines = [
    '\n1. Bundle: initial JavaScript (entry + static imports, gzip -9)',
    `  app    ${kb(r.initial.raw).padStart(9)} raw  ${kb(r.initial.gzip).padStart(8)} gzip  (${r.initial.files} file(s); CSS ${kb(r.initial.css.gzip)} gzip)`,
    `  floor  ${kb(r.floor.raw).padStart(9)} raw  ${kb(r.floor.gzip).padStart(8)} gzip  (react, react-dom, react-router, react-query, one route)`,
    `  ratio  ${r.ratio.toFixed(3)} × floor; budget ≤ ${r.budget} × → ${r.ratio <= r.budget ? 'within budget' : 'OVER BUDGET'}`,
    ...(r.ciCeiling === r.budget
      ? []
      : [
          `  CI holds ≤ ${r.ciCeiling} × until the budget is met → ${r.ratio <= r.ciCeiling ? 'held' : 'BROKEN'}`,
        ]),
    `  heavy modules in the initial chunks: ${r.heavyInInitial.length === 0 ? 'none' : r.heavyInInitial.join(', ')}`,
    '  each route, loaded on top of the initial chunks (gzip):',
    ...r.routes.map(
      (x) =>
        `    ${x.route.padEnd(36)} JS ${kb(x.js.gzip).padStart(8)}  CSS ${kb(x.css.gzip).padStart(8)}`,
    ),
    `  realty route with its map (all JS it can load) ${kb(r.realty.app.gzip)} against ${kb(r.realty.floor.gzip)} for the floor with a react-leaflet map: ${r.realty.ratio.toFixed(3)} × (measured, no budget)`,
  ];
  return lines.join('\n');
}
