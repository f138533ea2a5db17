// Writes docs/benchmarks.md from one full `npm run bench`: a table of every number with
// its baseline and budget, then how to reproduce. Only run.mjs calls it.
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

/** What is planned for a budget while it is missed, by the start of its message in `broken`. */
const PLANS = [
  [
    'initial JS',
    'Keep startup code out of the entry (decision 022): anything that shows nothing on a first paint loads after the first view has painted (app/first-view.tsx); check which module moved into the entry (`npm run bench:bundle` lists the chunks).',
  ],
  [
    'map pan/zoom',
    'Draw cluster bubbles on the canvas (as the single listings already are) instead of one DOM marker each, and the offline outlines on a canvas layer; only price pins stay DOM.',
  ],
  [
    '(empty)',
    "Empty views: each view's page is prerendered at build time and paints before the app's code loads (decision 024). A view that misses: check that its page exists (dist/views/), that the app's first commit matches it (a layout shift shows as CLS), and which long task moved after the first paint (the blocking-time window starts there).",
  ],
  [
    '/search with results',
    "Search with results (97–98 in the last full runs; the probe's median blocking time after Run 76 ms, decision 029): Lighthouse's flow throttles the CPU 4× and the network, and its trace (a JS stack on every timeline event) makes each DOM change and timer dearer, so single runs scatter by ±50 %. What is left: the click's task (the request's start, 50–120 ms) and the cards' first render and paint. Next: render the cards beyond the first screen later (content-visibility or a deferred slice).",
  ],
  [
    'listings (budget',
    "Realty with results (98–99 in the last runs, from 90; decisions 028 and 029; the probe's median blocking time after Run 91–109 ms): the map is built ahead, the answer read and drawn in slices. What is left: the click (50–110 ms), the first paint of the results (styling and laying out some 370 elements, 80–110 ms at 4×) and putting the built map on the page (50–100 ms: reading its size, the view reset, the basemap's layers). Next: fewer elements in the results' first paint, the map's size from a ResizeObserver instead of a read, cluster bubbles on the canvas.",
  ],
  [
    '10,000-listing realty answer',
    'The answer is 23 MB and JSON.parse alone takes 120–260 ms: parse it in a worker from the transferred bytes and hand the listings over in slices (objects cost as much to copy back as to parse), or cap the page size the view asks for.',
  ],
  [
    '5 MB search answer',
    'Parse and read large answers in a worker from the transferred bytes, and render the first page of cards before the rest.',
  ],
  [
    'autocomplete',
    'A completed word (a space typed after it) sends at once (lib/live-typing.ts, decision 018); check that the typing rule still sees it.',
  ],
];
const verdict = (ok) => (ok ? 'met' : '**missed**');

export function markdownReport({ results: all, broken }) {
  const rows = [];
  // A part that could not be measured says so in `broken` (listed above the table); its
  // numbers are left out rather than read from a result that has none.
  const results = Object.fromEntries(Object.entries(all).filter(([, r]) => !r?.failed));
  const { bundle, lighthouse, map, proxy } = results;
  if (bundle) {
    rows.push([
      'Initial JS (entry + static imports, gzip)',
      `${kb(bundle.initial.gzip)} = ${bundle.ratio}× floor`,
      `framework floor ${kb(bundle.floor.gzip)}`,
      `≤ ${bundle.budget}×`,
      verdict(bundle.ratio <= bundle.budget),
    ]);
    rows.push([
      'Heavy modules in the initial chunks',
      bundle.heavyInInitial.length === 0 ? 'none' : bundle.heavyInInitial.join(', '),
      '–',
      'none',
      verdict(bundle.heavyInInitial.length === 0),
    ]);
    rows.push([
      'Realty route, all JS it can load (gzip)',
      `${kb(bundle.realty.app.gzip)} = ${bundle.realty.ratio}× floor`,
      `floor + react-leaflet map ${kb(bundle.realty.floor.gzip)}`,
      'measured',
      '–',
    ]);
    for (const r of bundle.routes)
      rows.push([
        `Route chunk: ${r.route}`,
        `JS ${kb(r.js.gzip)}, CSS ${kb(r.css.gzip)}`,
        '–',
        '–',
        '–',
      ]);
  }
  if (lighthouse)
    for (const r of lighthouse.rows)
      rows.push([
        `Lighthouse ${r.view}`,
        `perf ${r.performance ?? '–'}, a11y ${r.accessibility ?? '–'}, best practices ${r['best-practices'] ?? '–'}${r.lcpMs ? `, LCP ${r.lcpMs} ms` : ''}`,
        `median of ${lighthouse.runs}`,
        '≥ 95, 100, 100',
        verdict(
          (r.performance ?? 100) >= 95 &&
            (r.accessibility ?? 100) >= 100 &&
            (r['best-practices'] ?? 100) >= 100,
        ),
      ]);
  if (map) {
    rows.push([
      'Map: 10,000 listings, data → painted',
      `${map.viewMs} ms = ${map.ratio}×`,
      `one <Marker> each: ${map.domMarkersMs} ms`,
      `≤ ${map.budgets.ratio}×`,
      verdict(map.ratio <= map.budgets.ratio),
    ]);
    rows.push([
      'Map: longest task, scripted pan and zoom',
      `${map.panZoomLongestTaskMs} ms`,
      '–',
      `≤ ${map.budgets.longestTaskMs} ms`,
      verdict(map.panZoomLongestTaskMs <= map.budgets.longestTaskMs),
    ]);
  }
  const { sessions, large } = results;
  if (sessions) {
    const a = sessions.autocomplete;
    rows.push([
      'Autocomplete: 3 words typed at 80 ms per key',
      `${a.requests} request(s)${a.staleRender ? ', stale suggestions' : ', suggestions of the whole text'}`,
      'sandbox ledger',
      '1 per word, none stale',
      verdict(a.requests === a.words && !a.staleRender),
    ]);
    const c = sessions.credits;
    rows.push([
      'Credits: scripted session (search, result, back, blur/focus, offline/online, leave/return, search again, screenshot twice, remount)',
      `${c.search} paid /search, ${c.screenshot} /screenshot`,
      'sandbox ledger',
      'exactly 1 each',
      verdict(c.search === 1 && c.screenshot === 1),
    ]);
  }
  if (large)
    for (const [what, ms, note] of [
      [
        `Large: search answer of ${(large.searchBytes / 1e6).toFixed(1)} MB, longest task`,
        large.searchLongestTaskMs,
        `JSON.parse alone ${large.searchJsonParseMs} ms`,
      ],
      [
        'Large: raw JSON viewer opening and scrolling the 5 MB array, longest task',
        large.jsonViewerLongestTaskMs,
        '–',
      ],
      ['Large: 10,000-listing realty answer, longest task', large.realtyLongestTaskMs, '–'],
    ])
      rows.push([what, `${ms} ms`, note, `≤ ${large.budgetMs} ms`, verdict(ms <= large.budgetMs)]);
  if (large)
    for (const [what, ms, note] of [
      [
        'Large: 10,000 listings, colour by price per area, longest task',
        large.realtyColorLongestTaskMs,
        '–',
      ],
      [
        'Large: 10,000 listings, a polygon drawn, longest task',
        large.realtyPolygonLongestTaskMs,
        `${large.realtyPolygonSelected} listings inside`,
      ],
    ])
      rows.push([
        what,
        `${ms} ms`,
        note,
        `≤ ${large.analysisBudgetMs} ms`,
        verdict(ms <= large.analysisBudgetMs),
      ]);
  if (proxy)
    rows.push([
      'Proxy: GET /account through /api',
      `${proxy.proxied.rps} req/s, p50 ${proxy.proxied.p50Ms} ms, p99 ${proxy.proxied.p99Ms} ms (p50 ${proxy.p50Overhead}×)`,
      `sandbox directly: ${proxy.direct.rps} req/s, p50 ${proxy.direct.p50Ms} ms, p99 ${proxy.direct.p99Ms} ms`,
      'measured',
      '–',
    ]);
  for (const [name, r] of Object.entries(results))
    if (
      !['bundle', 'lighthouse', 'map', 'proxy', 'sessions', 'large'].includes(name) &&
      r?.markdownRows
    )
      rows.push(...r.markdownRows);

  const cell = (s) => String(s).replace(/\|/g, '\\|');
  return `# Benchmarks

Written by \`npm run bench\` (test/bench/run.mjs) on ${new Date().toISOString().slice(0, 10)}; do not
edit by hand. Every number is measured against a baseline taken in the same run, because the
machine is shared and noisy. ${broken.length === 0 ? 'Every budget holds.' : `${broken.length} budget(s) broken in this run:`}
${broken.map((b) => `\n- ${b}`).join('')}

| What | Measured | Baseline (same run) | Budget | Verdict |
| --- | --- | --- | --- | --- |
${rows.map((r) => `| ${r.map(cell).join(' | ')} |`).join('\n')}

${
  broken.length === 0
    ? ''
    : `## Plans for the budgets missed

${[
  ...new Set(
    broken.flatMap((b) => PLANS.filter(([start]) => b.includes(start)).map(([, plan]) => plan)),
  ),
]
  .map((plan) => `- ${plan}`)
  .join('\n')}

`
}## How to reproduce

1. \`npm ci\`, and Chromium at \`/usr/bin/chromium\` (or \`CHROMIUM_PATH\`); never \`npx playwright install\`.
2. \`npm run bench\`: builds the app and the floors (test/bench/floor, test/bench/floor-realty),
   serves the build with \`vite preview\` and the sandbox on free ports, runs every part, prints the
   tables, writes \`test-results/bench.json\` and this file, and exits 1 when a budget is broken.
   \`npm run bench -- --only bundle,map\` runs some parts (this file is then left alone).
3. \`npm run bench:bundle\` is the size part alone (deterministic, no browser): CI runs it.
4. \`BENCH_LIGHTHOUSE_RUNS=1\` makes the Lighthouse part quicker (the budgets use the median of 3).
5. \`npm run build && npm run bench:flow\` (\`FLOW=search\`, \`RUNS=7\`, \`SAVE=/tmp/trace\`) is a probe, not a
   budget: the blocking time after Run in a flow, traced the way Lighthouse's timespan traces it,
   with each run's long tasks (test/bench/flow-trace.mjs).
`;
}
