// Writes docs/benchmarks.md from the two saved full runs of `npm run bench` (docs/bench-runs/:
// quiet.json, and loaded.json from `--loaded`, with another process loading one core): which
// verdicts the two agree on, then each run's table of every number with its baseline and budget,
// its flows' longest tasks, then how to reproduce. Only run.mjs calls it (and its test).
import {
  budgetText,
  oneRunReason,
  phasesText,
  rowMeets,
  twoRunReason,
} from './lighthouse-bench.mjs';
import { shieldLine } from './renderer-shield.mjs';
import { taskText } from './trace-tasks.mjs';
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

/** What is planned for a budget while it is missed, by the start of its message in `broken`. */
const PLANS = [
  [
    'initial JS',
    'Keep startup code out of the entry (decision 022): anything that shows nothing on a first paint loads after the first view has painted (app/first-view.tsx); check which module moved into the entry (`npm run bench:bundle` lists the chunks).',
  ],
  [
    'map pan/zoom',
    "Cluster bubbles are drawn on the map's canvas with the dots (decision 119: a zoom start no longer restyles and animates about 300 DOM bubbles; only price pins are DOM, the offline outlines are two or so SVG paths since decision 108). If it misses again: trace the bench's pan and zoom (a CDP trace, as docs/performance.md's branch shot10 did) for the canvas's redraw, the draw's slices and the bubbles' buttons, and draw the price pins on the canvas too.",
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
    "Realty with results (98–99 in the last runs, from 90; decisions 028 and 029; the probe's median blocking time after Run 91–109 ms): the map is built ahead, the answer read and drawn in slices. What is left: the click (50–110 ms), the first paint of the results (styling and laying out some 370 elements, 80–110 ms at 4×) and putting the built map on the page (50–100 ms: reading its size, the view reset, the basemap's layers). Next: fewer elements in the results' first paint, the map's size from a ResizeObserver instead of a read (the cluster bubbles are on the canvas since decision 119).",
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
    '/shorts, a page',
    "Shorts with results: the layout shifts are gone (CLS 0.19–0.24 → 0: the results' stage keeps a screen's height from the first paint, the cards' stills already had their 9:16 box). What is left is blocking time after Run (TBT about 0.5 s at 4× CPU, measured at a load of 9): trace the flow (`npm run bench:flow`) and render the page of 10 in slices.",
  ],
  [
    '/autocomplete, live typing',
    "Autocomplete typed live: every key rendered the field and the suggestions in the key's task (blocking time about 0.6 s over 11 keys at 4× CPU). Done (decision 059): the ladder, expansion and locale sections follow the field from a deferred value, they and the suggestion list are memoised; the key's own commit renders 70 components instead of 84 (the render test's new row). Still to measure in a quiet run; if it misses, the next step is the field's text as local state (the URL following in a transition), which would remove the router's tree from each key.",
  ],
  [
    '/screenshot, a 1920',
    "Screenshot with a capture: the layout shifts are gone (CLS about 0.16 → 0: the stage keeps a screen's height, the frame takes the requested width × height until the image's own size is read). What is left is blocking time after Run (TBT about 0.35 s at 4× CPU, load 9): trace the flow.",
  ],
  [
    '/webhook, a job',
    "Webhook with a delivery: the layout shifts are almost gone (CLS about 0.3 → 0.02: the stage keeps the confirmation's height, the jobs table and the inbox are there from the first paint with an empty row as tall as a job and a delivery; the inspector's answer row still grows). What is left is blocking time and the Confirm click (TBT about 0.5 s, INP about 0.4 s at 4× CPU, load 9): trace the flow.",
  ],
  [
    '/history with 500',
    'History with 500 entries: all 500 rows rendered at once (blocking time about 0.8 s at 4× CPU). Done (decision 059): 50 entries, and 50 more per press (158 components mounted instead of 409).',
  ],
  [
    '/batch, a 200-cell',
    'Batch pivot over 200 cells: the pivot is computed and rendered in the task of the last key typed in its fields. Compute it from a deferred value and render its tables in a transition.',
  ],
  [
    '/demos, the tour',
    "The tour starting: the layout shifts are almost gone (CLS about 0.3 → 0.035: presenter mode's larger type and the player's bar arrive with the first step's view in one paint, no longer on the demos page while the view's code loads). What is left is blocking time (TBT about 0.6 s at 4× CPU, load 9): the first step renders its view, the snapshot and the scaled page in one task; trace it.",
  ],
  [
    'typing in a form',
    "Typing in a request form: each key re-renders the router's tree (nav links, the form, about 64 components, test/integration/renders-per-keystroke) because the field is the URL and its update is flushed in the key's task (decision 039). Keep the typed text in the field's own state (so no key is lost either) and write the URL in a transition: the key then renders one field.",
  ],
  [
    'changing a filter',
    "A history filter over 500 entries rendered the filtered list in the change's task. Done (decision 059): the list follows the filters from a deferred value, and shows 50 entries.",
  ],
  [
    'colour mode',
    "Realty colour mode: recolouring hundreds of markers ran in the change's task. Done (decision 059): the scale is built from a deferred colour mode, the list and the map are memoised, so the select paints and the cluster layer then redraws in its slices (decision 032).",
  ],
  [
    'renders per keystroke',
    'A key typed renders more components than its ceiling: `npx vitest run test/integration/renders-per-keystroke.test.tsx` names them; usually a memoised component lost its memo or gets a new object or function each render.',
  ],
  [
    'batch: longest task',
    "Batch while it runs: each answer's work (storing it, the table's row) lands in the task that received it; decision 043 and issue #23's last budget (the batch-speed work on api/client.ts, api/session-usage.ts and workspace/batch) batch that work per frame.",
  ],
  [
    'proxy load',
    'A proxy failed under load (errors it caused, no answer after the upstream came back, or memory): the Node proxy is src/server/proxy.ts, nginx is deploy/nginx.conf.template; rerun `npm run bench -- --only proxy` and read the phase that failed.',
  ],
  [
    'autocomplete: ',
    'A completed word (a space typed after it) sends at once (lib/live-typing.ts, decision 018); check that the typing rule still sees it.',
  ],
];
const verdict = (ok) => (ok ? 'met' : '**missed**');

const bundleRows = (bundle) => [
  [
    'Initial JS (entry + static imports, gzip)',
    `${kb(bundle.initial.gzip)} = ${bundle.ratio}× floor`,
    `framework floor ${kb(bundle.floor.gzip)}`,
    `≤ ${bundle.budget}×`,
    verdict(bundle.ratio <= bundle.budget),
  ],
  [
    'Heavy modules in the initial chunks',
    bundle.heavyInInitial.length === 0 ? 'none' : bundle.heavyInInitial.join(', '),
    '–',
    'none',
    verdict(bundle.heavyInInitial.length === 0),
  ],
  [
    'Realty route, all JS it can load (gzip)',
    `${kb(bundle.realty.app.gzip)} = ${bundle.realty.ratio}× floor`,
    `floor + react-leaflet map ${kb(bundle.realty.floor.gzip)}`,
    'measured',
    '–',
  ],
  ...bundle.routes.map((r) => [
    `Route chunk: ${r.route}`,
    `JS ${kb(r.js.gzip)}, CSS ${kb(r.css.gzip)}`,
    '–',
    '–',
    '–',
  ]),
];

const lighthouseRows = (lighthouse) =>
  lighthouse.rows.map((r) => [
    `Lighthouse ${r.view}`,
    r.failed
      ? `not measured: ${r.failed}`
      : `perf ${r.performance ?? '–'}, a11y ${r.accessibility ?? '–'}, best practices ${r['best-practices'] ?? '–'}${r.lcpMs ? `, LCP ${r.lcpMs} ms` : ''}${r.tbtMs !== undefined ? `, TBT ${r.tbtMs} ms, CLS ${r.cls}` : ''}${r.inpMs !== undefined ? `, INP ${r.inpMs} ms${phasesText(r.inpPhases)}` : ''}`,
    `${r.runs === 1 ? `1 run, ${oneRunReason(r)}` : r.runs === 2 ? `2 runs, ${twoRunReason}` : `median of ${r.runs ?? lighthouse.runs}`}${r.multiplier ? `, CPU ${r.multiplier}× (index ${r.index}${r.renderMs ? `, rendering ${r.renderMs} ms` : ''})` : ''}${r.waitShare !== undefined ? `, main thread waited ${(r.waitShare * 100).toFixed(1)} % for a CPU` : ''}`,
    budgetText(r),
    verdict(rowMeets(r)),
  ]);

const mapRows = (map) => [
  [
    'Map: 10,000 listings, data → painted',
    `${map.viewMs} ms = ${map.ratio}×`,
    `one <Marker> each: ${map.domMarkersMs} ms`,
    `≤ ${map.budgets.ratio}×`,
    verdict(map.ratio <= map.budgets.ratio),
  ],
  [
    'Map: longest task, scripted pan and zoom',
    `${map.panZoomLongestTaskMs} ms`,
    '–',
    `≤ ${map.budgets.longestTaskMs} ms`,
    verdict(map.panZoomLongestTaskMs <= map.budgets.longestTaskMs),
  ],
];

const sessionRows = ({ autocomplete: a, credits: c }) => [
  [
    'Autocomplete: 3 words typed at 80 ms per key',
    `${a.requests} request(s)${a.staleRender ? ', stale suggestions' : ', suggestions of the whole text'}`,
    'sandbox ledger',
    '1 per word, none stale',
    verdict(a.requests === a.words && !a.staleRender),
  ],
  [
    'Credits: scripted session (search, result, back, blur/focus, offline/online, leave/return, search again, screenshot twice, remount)',
    `${c.search} paid /search, ${c.screenshot} /screenshot`,
    'sandbox ledger',
    'exactly 1 each',
    verdict(c.search === 1 && c.screenshot === 1),
  ],
];

const largeRows = (large) => [
  ...[
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
  ].map(([what, ms, note]) => [
    what,
    `${ms} ms`,
    note,
    `≤ ${large.budgetMs} ms`,
    verdict(ms <= large.budgetMs),
  ]),
  ...[
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
  ].map(([what, ms, note]) => [
    what,
    `${ms} ms`,
    note,
    `≤ ${large.analysisBudgetMs} ms`,
    verdict(ms <= large.analysisBudgetMs),
  ]),
];

const proxyRows = (proxy) => [
  ...proxy.rows.map((x) => [
    `Proxy load, ${x.phase}: ${x.target}, ${proxy.connections} clients`,
    `${x.rps} req/s, p50 ${x.p50Ms} ms, p99 ${x.p99Ms} ms; errors ${x.byUpstream} by the upstream, ${x.notByUpstream} not; peak ${x.peakMb} MB`,
    x.target === 'sandbox directly' ? 'the baseline' : 'sandbox directly, same phase (row above)',
    x.target === 'sandbox directly' ? 'measured' : '0 errors not by the upstream',
    x.target === 'sandbox directly' ? '–' : verdict(x.notByUpstream === 0),
  ]),
  ...proxy.memory
    .slice(1)
    .map((m) => [
      `Proxy load, memory: ${m.target}`,
      `idle ${m.idleMb} MB → peak ${m.peakMb} MB → after ${m.afterMb} MB; ${proxy.recovered[m.target]}/1000 answered after the resets`,
      `sandbox: ${proxy.memory[0].idleMb} → ${proxy.memory[0].peakMb} MB`,
      '≤ idle + 100 MB, all answered',
      verdict(m.peakMb <= m.idleMb + 100 && proxy.recovered[m.target] === 1000),
    ]),
];

const shortsRows = (shorts) => [
  [
    'Shorts: stills requested at first paint',
    `${shorts.stillsAtFirstPaint} of ${shorts.cardsRendered} cards`,
    'cards rendered',
    `< ${shorts.budgets.firstPaintShare * 100} % of the cards`,
    verdict(shorts.stillsAtFirstPaint < shorts.cardsRendered * shorts.budgets.firstPaintShare),
  ],
  [
    'Shorts: animated previews requested',
    `${shorts.previewsBeforeHover} before hover, ${shorts.previewsAfterHover} after hovering one card`,
    '–',
    '0, then 1',
    verdict(shorts.previewsBeforeHover === 0 && shorts.previewsAfterHover === 1),
  ],
];

/** The parts with rows of their own, in the table's order; any other part brings its rows. */
const ROWS_OF = {
  bundle: bundleRows,
  lighthouse: lighthouseRows,
  map: mapRows,
  sessions: sessionRows,
  large: largeRows,
  proxy: proxyRows,
  shorts: shortsRows,
};

/**
 * Every row of the measured parts (what, measured, baseline, budget, verdict), in the table's
 * order; a part that could not be measured has none (`broken` says so).
 */
export function benchRows(all) {
  const results = Object.fromEntries(Object.entries(all).filter(([, r]) => !r?.failed));
  return [
    ...Object.entries(ROWS_OF).flatMap(([name, rowsOf]) =>
      results[name] ? rowsOf(results[name]) : [],
    ),
    ...Object.entries(results)
      .filter(([name, r]) => !(name in ROWS_OF) && r?.markdownRows)
      .flatMap(([, r]) => r.markdownRows),
  ];
}

/** A part's verdict: its budgets met, how many missed, or why it was not measured. */
export function partVerdict(result) {
  if (result.failed) return 'not measured';
  const missed = result.broken?.length ?? 0;
  return missed === 0 ? 'met' : `${missed} missed`;
}

/** Each measured part's [name, verdict, seconds], in the order they ran (not the calibration). */
export const partRows = (results, seconds) =>
  Object.entries(results)
    .filter(([name]) => name !== 'calibration')
    .map(([name, r]) => [name, partVerdict(r), seconds[name] ?? '–']);

/** The part table at the top of docs/benchmarks.md: where the verdicts and the minutes are. */
const partSection = (results, seconds, wallSeconds) =>
  `| Part | Verdict | Seconds |
| --- | --- | --- |
${partRows(results, seconds)
  .map(([name, v, s]) => `| ${name} | ${v === 'met' ? v : `**${v}**`} | ${s} |`)
  .join(
    '\n',
  )}${wallSeconds ? `\n| whole run (with the build and the server) | | ${wallSeconds} |` : ''}
`;

const plansFor = (broken) =>
  broken.length === 0
    ? ''
    : `### Plans for the budgets missed

${[
  ...new Set(
    broken.flatMap((b) => PLANS.filter(([start]) => b.includes(start)).map(([, plan]) => plan)),
  ),
]
  .map((plan) => `- ${plan}`)
  .join('\n')}

`;

/** The calibration of this run, and where the evidence that it holds across machines lives. */
const calibrationSection = (cpu) =>
  cpu
    ? `### CPU calibration

At the start of this run: Lighthouse's benchmark index ${cpu.index} (samples ${cpu.samples.join(', ')}) and
the rendering workload ${cpu.renderMs} ms (samples ${cpu.renderSamples?.join(', ')}) → a ${cpu.multiplier}× CPU
slowdown: ${cpu.reason}. Each Lighthouse run calibrates again just before it (a flow in its own warm
page; the machine moves within a minute). A run is measured again when Lighthouse's own index at
its start drifted more than 30 % from that calibration (test/bench/calibrate.mjs, decisions 085,
098 and 116). The page's main thread runs in the real-time class, and a run whose main thread
waited more than 5 % of its time for a CPU is measured again (test/bench/renderer-shield.mjs,
decision 105). The same parts run on a quiet machine and with another process loading one core:
this page's two sections (earlier such pairs: docs/performance.md, "Calibrated throttling").

`
    : '';

/** A row's verdict as its cell says it ('met' or 'missed'), or null for a row without a budget. */
export function budgetVerdict(cell) {
  const word = String(cell).replace(/\*/g, '').toLowerCase();
  return word === 'met' ? 'met' : word === 'missed' ? 'missed' : null;
}

/** Every budget row of a run's results: [what, verdict ('met' or 'missed')]. */
const budgetRows = (results) =>
  benchRows(results)
    .map(([what, , , , cell]) => [what, budgetVerdict(cell)])
    .filter(([, verdict]) => verdict);

/**
 * Issue 41, point 1: the budgets two runs give the same verdict (`same`: their names), a
 * different one (`differ`: what, and each run's verdict) and the budgets only one run has
 * (`onlyOne`: what, and which run).
 */
export function compareVerdicts(quiet, loaded) {
  const a = new Map(budgetRows(quiet.results));
  const b = new Map(budgetRows(loaded.results));
  return {
    same: [...a].filter(([what, v]) => b.get(what) === v).map(([what]) => what),
    differ: [...a]
      .filter(([what, v]) => b.has(what) && b.get(what) !== v)
      .map(([what, v]) => ({ what, quiet: v, loaded: b.get(what) })),
    onlyOne: [
      ...[...a.keys()].filter((w) => !b.has(w)).map((what) => ({ what, run: 'quiet' })),
      ...[...b.keys()].filter((w) => !a.has(w)).map((what) => ({ what, run: 'loaded' })),
    ],
  };
}

/** The comparison in one paragraph: how many verdicts agree, and each that differs. */
export function comparisonLine(quiet, loaded) {
  const { same, differ, onlyOne } = compareVerdicts(quiet, loaded);
  const both = same.length + differ.length;
  const mark = (v) => (v === 'met' ? 'met' : '**missed**');
  return [
    differ.length === 0
      ? `**The two runs agree on every verdict: ${same.length} of ${both} budgets.**`
      : `**The two runs agree on ${same.length} of ${both} verdicts and differ on ${differ.length}:** ${differ
          .map((d) => `${d.what} (quiet ${mark(d.quiet)}, one core loaded ${mark(d.loaded)})`)
          .join('; ')}.`,
    onlyOne.length === 0
      ? ''
      : ` Measured in one run only: ${onlyOne
          .map((o) => `${o.what} (${o.run === 'quiet' ? 'quiet' : 'one core loaded'})`)
          .join('; ')}.`,
  ].join('');
}

/**
 * Issue 41, point 3: each Lighthouse flow's three longest main-thread tasks and what fills them,
 * read from the trace its timespan recorded (the run whose blocking time is the row's), one
 * table, so what is left to cut reads in one place.
 */
const longTasksSection = (lighthouse) => {
  const flows = (lighthouse?.rows ?? []).filter((r) => r.tbtMs !== undefined && r.longTasks);
  if (flows.length === 0) return '';
  const cell = (s) => String(s ?? '–').replace(/\|/g, '\\|');
  const row = (r, t, i) =>
    typeof t === 'string'
      ? [i === 0 ? `${r.view} (TBT ${r.tbtMs} ms)` : '', i + 1, '', '', t]
      : [
          i === 0 ? `${r.view} (TBT ${r.tbtMs} ms)` : '',
          i + 1,
          `+${t.atMs.toLocaleString('en-US')} ms`,
          `${t.ms} ms (cpu ${t.cpuMs})`,
          taskText(t).split(': ').slice(1).join(': '),
        ];
  return `### Long tasks per flow

The three longest main-thread tasks of each Lighthouse flow, from the trace Lighthouse recorded
for its timespan (the run whose blocking time is the row's; at its calibrated CPU): when after the
timespan's start, how long (wall, and cpu: the thread's own clock), and what fills it in ms
(test/bench/trace-tasks.mjs, each event's own time): script (with the call that took most of it,
what started it and its file), style (with the elements it touched), layout, paint, the frame's
commit to the compositor, IntersectionObservers' checks, and the rest.

| Flow | # | Starts | Duration | What fills it |
| --- | --- | --- | --- | --- |
${flows
  .flatMap((r) =>
    r.longTasks.length === 0
      ? [[`${r.view} (TBT ${r.tbtMs} ms)`, '–', '', '', 'no task']]
      : r.longTasks.map((t, i) => row(r, t, i)),
  )
  .map((cells) => `| ${cells.map(cell).join(' | ')} |`)
  .join('\n')}

`;
};

/** What ran besides the bench in a run: nothing, or one core loaded (`--loaded`). */
const loadNote = (load) =>
  load
    ? ` (load average over 1 minute: ${load.start} at the start, ${load.end} at the end, on ${load.cores} cores${load.weight > 1 ? `; the bench in a CPU group weighted ${load.weight}× an ordinary process, decision 104` : ''}${load.loader ? `; plus ${load.loader} loading one core, outside the bench's group` : ''})`
    : '';

/** One saved run's section: its part table, what broke, every row, long tasks, calibration, plans. */
function runSection(run, heading) {
  const { results: all, broken, load, seconds = {}, wallSeconds } = run;
  // A part that could not be measured says so in `broken` (listed above the table); its
  // numbers are left out rather than read from a result that has none.
  const results = Object.fromEntries(Object.entries(all).filter(([, r]) => !r?.failed));
  const rows = benchRows(all);
  const cell = (s) => String(s).replace(/\|/g, '\\|');
  return `## ${heading}

Run on ${run.date ? `${run.date.slice(0, 16).replace('T', ' ')} UTC` : 'a date not saved'}${run.commit ? ` at ${run.commit}` : ''}${loadNote(load)}.${results.lighthouse?.shield?.mode === 'off' ? ` **Not shielded:** ${shieldLine(results.lighthouse.shield).trim()}.` : ''}

${partSection(all, seconds, wallSeconds)}
${broken.length === 0 ? 'Every budget holds.' : `${broken.length} budget(s) broken in this run:`}
${broken.map((b) => `\n- ${b}`).join('')}

| What | Measured | Baseline (same run) | Budget | Verdict |
| --- | --- | --- | --- | --- |
${rows.map((r) => `| ${r.map(cell).join(' | ')} |`).join('\n')}

${longTasksSection(results.lighthouse)}${calibrationSection(all.calibration)}${plansFor(broken)}`;
}

/**
 * The page from the saved runs (`quiet`, `loaded`: a run as run.mjs saves it, either may be
 * missing): the comparison first, then each run's section, then how to reproduce.
 */
export function markdownReport({ quiet, loaded }) {
  const missing = (flag) =>
    `No such run is saved yet: \`node test/bench/run.mjs${flag}\` adds it.\n\n`;
  return `# Benchmarks

Written by \`npm run bench\` (test/bench/run.mjs) from its last two full runs, saved in
docs/bench-runs/ (quiet.json, and loaded.json from \`--loaded\`); do not edit by hand. Every
number is measured against a baseline taken in the same run, because the machine is shared and
noisy. The same parts run on a quiet machine and with another process loading one core: a
verdict must not depend on how busy the machine is (issue 41, point 1).

${quiet && loaded ? comparisonLine(quiet, loaded) : 'Only one run is saved: no comparison yet.'}

${quiet ? runSection(quiet, 'Quiet run') : `## Quiet run\n\n${missing('')}`}${loaded ? runSection(loaded, 'With one core loaded') : `## With one core loaded\n\n${missing(' --loaded')}`}## How to reproduce

1. \`npm ci\`, and Chromium at \`/usr/bin/chromium\` (or \`CHROMIUM_PATH\`); never \`npx playwright install\`.
2. \`npm run bench\`: builds the app and the floors (test/bench/floor, test/bench/floor-realty),
   serves the build with \`vite preview\` and the sandbox on free ports (\`BENCH_PORTS=4190-4199\`: only
   those), runs every part, prints every budget's verdict and each part's seconds first, then the
   tables, writes \`test-results/bench.json\`, saves the run as docs/bench-runs/quiet.json, writes this
   file from both saved runs, and exits 1 when a budget is broken. \`npm run bench -- --loaded\` is the
   same with a Node busy loop loading one core meanwhile (started before the bench's CPU group,
   so outside it; killed at the end, and ending by itself if the bench dies): saved as
   docs/bench-runs/loaded.json, this file's second section.
   \`npm run bench -- --only bundle,map\` runs some parts (this file and the saved runs are then left
   alone; with \`BENCH_DOCS=/tmp/page\` a partial run saves itself and writes the page there).
3. \`npm run bench:bundle\` is the size part alone (deterministic, no browser): CI runs it.
4. \`BENCH_LIGHTHOUSE_RUNS=1\` makes the Lighthouse and interaction parts quicker (the budgets use the
   median of 3); \`BENCH_VIEWS=history,pivot\` runs only the Lighthouse rows whose name holds one of these.
   A view with results is one entry in test/bench/views-with-results.mjs; an empty view needs none.
5. The proxy part needs Debian's nginx and njs (\`apt-get install nginx libnginx-mod-http-js\`), run on
   loopback with its own prefix; \`BENCH_LOAD_SECONDS=3\` shortens its phases (default 10 s, the slow one 12 s).
6. The render counts (\`--only renders\`) are test/integration/renders-per-keystroke.test.tsx, which CI
   runs with every test: counted, not timed, so the same under any load.
7. \`npm run build && npm run bench:flow\` (\`FLOW=demos\`: a word of a Lighthouse flow's name, \`RUNS=7\`,
   \`SAVE=/tmp/trace\`) is a probe, not a budget: the blocking time in that flow at the calibrated CPU,
   traced the way Lighthouse's timespan traces it, with each run's long tasks and what fills them
   (script, style with its element count, layout, paint; test/bench/flow-trace.mjs).
`;
}
