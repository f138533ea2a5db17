// A trace's long tasks and what fills them: shared by the Lighthouse part (each flow's three
// longest tasks, from the trace its timespan recorded: lighthouse-bench.mjs, docs/benchmarks.md),
// `bench:flow` (flow-trace.mjs), the trackers part's traced loads (trackers-bench.mjs, TRACE=3)
// and the large part's realty answer (large-bench.mjs, TRACE=1).
// Lighthouse 13's trace categories (core/gather/gatherers/trace.js).
export const CATEGORIES = [
  'disabled-by-default-lighthouse',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'blink.console',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.screenshot',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.frame',
  'latencyInfo',
];
/**
 * What fills a task: its script (Lighthouse's script evaluation and compile events), style,
 * layout and paint events, the frame's commit to the compositor (the main thread waits for it:
 * 65 ms of a 67 ms task in /batch's flow) and IntersectionObservers' checks.
 */
const KINDS = {
  script: [
    'EventDispatch',
    'EvaluateScript',
    'v8.evaluateModule',
    'FunctionCall',
    'TimerFire',
    'FireIdleCallback',
    'FireAnimationFrame',
    'RunMicrotasks',
    'V8.Execute',
    'v8.compile',
    'v8.compileModule',
  ],
  style: ['UpdateLayoutTree', 'RecalculateStyles'],
  layout: ['Layout'],
  paint: ['PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'CompositeLayers'],
  commit: ['Commit'],
  intersections: ['IntersectionObserverController::computeIntersections'],
};
const KIND_OF = new Map(
  Object.entries(KINDS).flatMap(([kind, names]) => names.map((n) => [n, kind])),
);
/** The script events that say whose code ran: a function (with its file) or a file evaluated. */
const NAMED = ['FunctionCall', 'EvaluateScript', 'v8.evaluateModule'];

const file = (url) => (url ? url.split('?')[0].split('/').pop() || url : '');
/** The page's main thread: the thread (pid and tid) with the most script calls. */
const threadOf = (e) => `${e.pid}:${e.tid}`;
function mainThread(events) {
  const calls = new Map();
  for (const e of events)
    if (e.name === 'FunctionCall') calls.set(threadOf(e), (calls.get(threadOf(e)) ?? 0) + 1);
  return [...calls].sort((a, b) => b[1] - a[1])[0]?.[0];
}
/** The events of `hits` not inside another of them. */
function outermost(hits) {
  const out = [];
  let end = -Infinity;
  for (const e of [...hits].sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    if (e.ts + e.dur <= end) continue;
    out.push(e);
    end = e.ts + e.dur;
  }
  return out;
}
const within = (outer) => (e) => e.ts >= outer.ts && e.ts + e.dur <= outer.ts + outer.dur;

/**
 * Each event's own time (ms): its duration less that of the events directly inside it (a
 * script's forced layout counts as layout, not twice).
 */
function selfTimes(events) {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map(sorted.map((e) => [e, e.dur / 1000]));
  const stack = [];
  for (const e of sorted) {
    while (stack.length > 0 && e.ts >= stack.at(-1).ts + stack.at(-1).dur) stack.pop();
    if (stack.length > 0) self.set(stack.at(-1), self.get(stack.at(-1)) - e.dur / 1000);
    stack.push(e);
  }
  return self;
}

/** What started a script event: "click", "timer", "animation frame"… */
const TRIGGERS = {
  TimerFire: 'timer',
  FireAnimationFrame: 'animation frame',
  FireIdleCallback: 'idle callback',
  RunMicrotasks: 'microtasks',
};
const trigger = (e) =>
  e.name === 'EventDispatch' ? (e.args?.data?.type ?? 'event') : TRIGGERS[e.name];

/**
 * Whose code a script event ran, and what started it: "keypress → _h (index-abc.js)",
 * "index-abc.js evaluated".
 */
function sourceName(e, scripts) {
  const data = e.args?.data ?? {};
  const url = file(data.url ?? data.scriptName ?? e.args?.fileName);
  const what =
    e.name === 'FunctionCall'
      ? `${data.functionName || '(anonymous)'} (${url || 'native'})`
      : `${url || 'inline script'} evaluated`;
  const by = scripts.find((s) => s !== e && within(s)(e) && trigger(s));
  return by ? `${trigger(by)} → ${what}` : what;
}

/**
 * A task's time by kind, in ms (each event's own time: a script's forced layout is layout):
 * script, style (with the elements it touched), layout, paint, commit, IntersectionObservers'
 * checks, and the rest (other); `source`: the script call that took most of it, whose code it
 * ran and what started it, e.g. "click → onClick (index-abc.js) 120".
 */
export function taskContent(task, events) {
  const inside = events.filter(
    (e) => e.ph === 'X' && KIND_OF.has(e.name) && threadOf(e) === threadOf(task) && within(task)(e),
  );
  const self = selfTimes(inside);
  const ms = Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, 0]));
  for (const [e, own] of self) ms[KIND_OF.get(e.name)] += Math.max(0, own);
  const scripts = inside.filter((e) => KIND_OF.get(e.name) === 'script');
  const named = outermost(scripts.filter((e) => NAMED.includes(e.name))).sort(
    (a, b) => b.dur - a.dur,
  )[0];
  const known = Object.values(ms).reduce((sum, x) => sum + x, 0);
  return {
    scriptMs: ms.script,
    styleMs: ms.style,
    elements: inside
      .filter((e) => KIND_OF.get(e.name) === 'style')
      .reduce((sum, e) => sum + (e.args?.elementCount ?? 0), 0),
    layoutMs: ms.layout,
    paintMs: ms.paint,
    commitMs: ms.commit,
    intersectionsMs: ms.intersections,
    otherMs: Math.max(0, task.dur / 1000 - known),
    source:
      named && named.dur >= 1000
        ? `${sourceName(named, scripts)} ${Math.round(named.dur / 1000)}`
        : '',
  };
}

/**
 * What fills a task, in words: "script 150 (click → onClick (index-abc.js) 120), style 40 (1,200
 * elements), layout 15, paint 5, other 2" (kinds under 3 ms left out).
 */
export function contentText(c) {
  const parts = [
    ['script', c.scriptMs, c.source ? ` (${c.source})` : ''],
    ['style', c.styleMs, ` (${c.elements.toLocaleString('en-US')} elements)`],
    ['layout', c.layoutMs, ''],
    ['paint', c.paintMs, ''],
    ['commit', c.commitMs ?? 0, ''],
    ['intersection observers', c.intersectionsMs ?? 0, ''],
    ['other', c.otherMs, ''],
  ];
  return (
    parts
      .filter(([, ms]) => ms >= 3)
      .map(([kind, ms, note]) => `${kind} ${Math.round(ms)}${note}`)
      .join(', ') || 'under 3 ms of each kind'
  );
}

const fill = (task, events) => contentText(taskContent(task, events));

/** A main thread's tasks (RunTask), with the thread found as `blocking` finds it. */
function mainTasks(events) {
  const main = mainThread(events);
  return events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && threadOf(e) === main);
}

/**
 * The `count` longest main-thread tasks of a trace (a Lighthouse timespan's: the measured span)
 * and what fills them, longest first: when after the trace's start, how long (wall and on a
 * core), and taskContent's kinds, numbers rounded to the ms.
 */
export function longestTasks(events, count = 3) {
  const origin =
    events.find((e) => e.name === 'TracingStartedInBrowser')?.ts ??
    events.reduce((min, e) => (e.ts > 0 && e.ts < min ? e.ts : min), Infinity);
  return mainTasks(events)
    .sort((a, b) => b.dur - a.dur)
    .slice(0, count)
    .map((t) => {
      const c = taskContent(t, events);
      const round = Object.fromEntries(
        Object.entries(c).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v) : v]),
      );
      return {
        atMs: Math.round((t.ts - origin) / 1000),
        ms: Math.round(t.dur / 1000),
        cpuMs: Math.round((t.tdur ?? t.dur) / 1000),
        ...round,
      };
    });
}

/** One of longestTasks' tasks in words: "+1,598 ms 118 ms (cpu 31): script 60 (…), style 40 …". */
export const taskText = (t) => `+${t.atMs} ms ${t.ms} ms (cpu ${t.cpuMs}): ${contentText(t)}`;

/**
 * With PROF=1: the functions that took a task's time themselves (CPU samples inside it), e.g.
 * "buildPivot (view-shared.js) 41". Read them in an unminified build (`--minify false`).
 */
function hotFunctions(task, events, count = 4) {
  // The main thread's profile: its chunks carry the profile's id, each sample a time step on.
  const profile = events.find((e) => e.name === 'Profile' && e.tid === task.tid);
  const nodes = new Map();
  const self = new Map();
  let t = profile?.args?.data?.startTime ?? 0;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !profile || e.id !== profile.id) continue;
    const { cpuProfile, timeDeltas = [] } = e.args.data;
    for (const n of cpuProfile?.nodes ?? []) nodes.set(n.id, n.callFrame);
    (cpuProfile?.samples ?? []).forEach((id, i) => {
      t += timeDeltas[i] ?? 0;
      const step = timeDeltas[i + 1] ?? 0;
      if (t < task.ts || t > task.ts + task.dur) return;
      const f = nodes.get(id);
      const name = `${f?.functionName || '(anonymous)'} (${f?.url?.split('/').pop() || 'native'})`;
      self.set(name, (self.get(name) ?? 0) + step / 1000);
    });
  }
  return [...self]
    .filter(([name]) => !name.startsWith('(idle)') && !name.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${name} ${Math.round(ms)}`)
    .join(', ');
}

/**
 * Blocking time (Lighthouse's: each main-thread task's time over 50 ms) and the long tasks,
 * also by CPU time: the task's time on a core (the thread clock), which the other work on a
 * loaded machine does not stretch. DevTools' CPU throttling pauses script between samples off
 * the thread clock, so a throttled script task reads far below its wall time (87 ms wall, 18 ms
 * CPU at 3.9×); style, layout and paint read about the same on both clocks.
 */
export function blocking(events) {
  const all = mainTasks(events);
  const tasks = all.filter((e) => e.dur > 50_000);
  const start = tasks[0]?.ts ?? 0;
  const cpu = (t) => (t.tdur ?? t.dur) / 1000;
  const line = (t) =>
    `+${Math.round((t.ts - start) / 1000)} ms ${Math.round(t.dur / 1000)} ms (cpu ${Math.round(cpu(t))}): ${fill(t, events)}`;
  const biggest = [...tasks].sort((a, b) => cpu(b) - cpu(a)).slice(0, 3);
  // Every main-thread task's time on a core, short ones included: the work itself, which
  // neither contention nor the 50 ms threshold hides.
  const busyCpuMs = Math.round(all.reduce((sum, t) => sum + cpu(t), 0));
  return {
    busyCpuMs,
    ms: Math.round(tasks.reduce((sum, t) => sum + t.dur / 1000 - 50, 0)),
    cpuMs: Math.round(tasks.reduce((sum, t) => sum + Math.max(0, cpu(t) - 50), 0)),
    tasks: tasks.map(line),
    biggest: biggest.map((t) => {
      const hot = process.env.PROF ? hotFunctions(t, events) : '';
      return `${line(t)}${hot ? `\n      hot: ${hot}` : ''}`;
    }),
  };
}

/**
 * Runs `act` (a bench's moment) traced when TRACE is set, and prints its long tasks and what
 * fills them: which of script, style, layout and paint a moment's budget goes to.
 */
export async function traceMoment(page, what, act) {
  if (!Number(process.env.TRACE ?? 0)) return act();
  const categories = process.env.PROF
    ? [...CATEGORIES, 'disabled-by-default-v8.cpu_profiler']
    : CATEGORIES;
  const browser = page.context().browser();
  await browser.startTracing(page, { categories });
  try {
    return await act();
  } finally {
    const raw = (await browser.stopTracing()).toString();
    const result = blocking(JSON.parse(raw).traceEvents);
    console.log(
      `traced ${what}: main thread busy ${result.busyCpuMs} ms of CPU; long tasks:\n  ${result.tasks.join('\n  ')}\n  three biggest by CPU time:\n    ${result.biggest.join('\n    ')}`,
    );
  }
}
