// A trace's long tasks and what fills them: shared by `bench:flow` (flow-trace.mjs), the
// trackers part's traced loads (trackers-bench.mjs, TRACE=3) and the large part's realty
// answer (large-bench.mjs, TRACE=1).
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
/** What fills a task: its style, layout and paint events (the rest is script and other). */
const KINDS = {
  style: ['UpdateLayoutTree', 'RecalculateStyles'],
  layout: ['Layout'],
  paint: ['PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'CompositeLayers'],
};

function fill(task, events) {
  const end = task.ts + task.dur;
  const inside = events.filter(
    (e) => e.tid === task.tid && e.ph === 'X' && e.ts >= task.ts && e.ts + e.dur <= end,
  );
  const out = [];
  let known = 0;
  for (const [kind, names] of Object.entries(KINDS)) {
    const hits = inside.filter((e) => names.includes(e.name));
    const ms = hits.reduce((s, e) => s + e.dur / 1000, 0);
    known += ms;
    if (ms < 3) continue;
    const elements = hits.reduce((s, e) => s + (e.args?.elementCount ?? 0), 0);
    out.push(`${kind} ${Math.round(ms)}${kind === 'style' ? ` (${elements} elements)` : ''}`);
  }
  return [`script/other ${Math.round(task.dur / 1000 - known)}`, ...out].join(', ');
}

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
 * also by CPU time: the task's time on a core (the thread clock, throttling included), which
 * the other work on a loaded machine does not stretch.
 */
export function blocking(events) {
  const calls = new Map();
  for (const e of events)
    if (e.name === 'FunctionCall') calls.set(e.tid, (calls.get(e.tid) ?? 0) + 1);
  const main = [...calls].sort((a, b) => b[1] - a[1])[0]?.[0];
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && e.tid === main && e.dur > 50_000,
  );
  const start = tasks[0]?.ts ?? 0;
  const cpu = (t) => (t.tdur ?? t.dur) / 1000;
  const line = (t) =>
    `+${Math.round((t.ts - start) / 1000)} ms ${Math.round(t.dur / 1000)} ms (cpu ${Math.round(cpu(t))}): ${fill(t, events)}`;
  const biggest = [...tasks].sort((a, b) => cpu(b) - cpu(a)).slice(0, 3);
  // Every main-thread task's time on a core, short ones included: the work itself, which
  // neither contention nor the 50 ms threshold hides.
  const busyCpuMs = Math.round(
    events
      .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.tid === main)
      .reduce((sum, t) => sum + cpu(t), 0),
  );
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
