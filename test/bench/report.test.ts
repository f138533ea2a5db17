import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs bench module without type declarations
import { compareVerdicts, markdownReport } from './markdown-report.mjs';
// @ts-expect-error: a plain .mjs bench module without type declarations
import { longestTasks, taskText } from './trace-tasks.mjs';

type Task = Record<string, number | string>;
type Run = {
  date: string;
  commit: string;
  loaded: boolean;
  results: Record<string, unknown>;
  broken: string[];
  load: Record<string, unknown>;
  seconds: Record<string, number>;
  wallSeconds: number;
};
const report = markdownReport as (runs: { quiet?: Run; loaded?: Run }) => string;
const compare = compareVerdicts as (
  quiet: Run,
  loaded: Run,
) => { same: string[]; differ: Array<{ what: string }>; onlyOne: unknown[] };
const tasksOf = longestTasks as (events: unknown[], count?: number) => Task[];
const textOf = taskText as (task: Task) => string;

/** /batch's longest task in a real short run (2026-11-28): a keypress's script. */
const KEYPRESS: Task = {
  atMs: 2920,
  ms: 87,
  cpuMs: 18,
  scriptMs: 84,
  styleMs: 0,
  elements: 1,
  layoutMs: 2,
  paintMs: 0,
  commitMs: 0,
  intersectionsMs: 0,
  otherMs: 0,
  source: 'keypress → _h (index-1EG4XW1z.js) 76',
};
const RENDER: Task = {
  ...KEYPRESS,
  atMs: 4236,
  ms: 86,
  cpuMs: 87,
  scriptMs: 4,
  styleMs: 16,
  elements: 1440,
  layoutMs: 35,
  paintMs: 20,
  commitMs: 6,
  otherMs: 4,
  source: '',
};

function run({ loaded, mapMs }: { loaded: boolean; mapMs: number }): Run {
  return {
    date: '2026-11-28T15:44:10.000Z',
    commit: 'abc1234',
    loaded,
    results: {
      lighthouse: {
        runs: 3,
        rows: [
          {
            view: '/batch, a 200-cell pivot',
            performance: 99,
            accessibility: 100,
            'best-practices': 100,
            tbtMs: 109,
            cls: 0,
            inpMs: 58,
            runs: 1,
            longTasks: [KEYPRESS, RENDER],
          },
        ],
        broken: [],
      },
      map: {
        viewMs: 140,
        domMarkersMs: 3800,
        ratio: 0.04,
        panZoomLongestTaskMs: mapMs,
        budgets: { ratio: 0.05, longestTaskMs: 100 },
        broken: mapMs > 100 ? [`map pan/zoom longest task ${mapMs} ms (budget ≤ 100 ms)`] : [],
      },
    },
    broken: mapMs > 100 ? [`map pan/zoom longest task ${mapMs} ms (budget ≤ 100 ms)`] : [],
    load: {
      start: '0.2',
      end: '1.1',
      cores: 2,
      weight: 10,
      ...(loaded ? { loader: 'a Node busy loop that ends with the bench' } : {}),
    },
    seconds: { lighthouse: 33, map: 50 },
    wallSeconds: 90,
  };
}

describe('docs/benchmarks.md with a quiet run and a run with one core loaded (issue 41)', () => {
  const quiet = run({ loaded: false, mapMs: 80 });
  const loaded = run({ loaded: true, mapMs: 130 });
  const page = report({ quiet, loaded });

  it('has both runs as sections, quiet first, then how to reproduce', () => {
    const at = (s: string) => page.indexOf(s);
    expect(at('## Quiet run')).toBeGreaterThan(0);
    expect(at('## With one core loaded')).toBeGreaterThan(at('## Quiet run'));
    expect(at('## How to reproduce')).toBeGreaterThan(at('## With one core loaded'));
    expect(page).toContain('plus a Node busy loop that ends with the bench loading one core');
  });

  it('says which verdicts the two runs agree and differ on, before either run', () => {
    expect(compare(quiet, loaded).same).toHaveLength(2);
    expect(page).toContain(
      '**The two runs agree on 2 of 3 verdicts and differ on 1:** Map: longest task, scripted pan and zoom (quiet met, one core loaded **missed**).',
    );
    expect(page.indexOf('agree on 2 of 3')).toBeLessThan(page.indexOf('## Quiet run'));
    expect(report({ quiet, loaded: quiet })).toContain(
      '**The two runs agree on every verdict: 3 of 3 budgets.**',
    );
  });

  it('keeps each run’s verdict table before its long tasks, with a row per task', () => {
    const section = page.slice(page.indexOf('## Quiet run'), page.indexOf('## With one'));
    expect(section.indexOf('| Part | Verdict | Seconds |')).toBeLessThan(
      section.indexOf('### Long tasks per flow'),
    );
    expect(section).toContain(
      '| /batch, a 200-cell pivot (TBT 109 ms) | 1 | +2,920 ms | 87 ms (cpu 18) | script 84 (keypress → _h (index-1EG4XW1z.js) 76) |',
    );
    expect(section).toContain(
      '|  | 2 | +4,236 ms | 86 ms (cpu 87) | script 4, style 16 (1,440 elements), layout 35, paint 20, commit 6, other 4 |',
    );
  });

  it('says how to add a run that is not saved yet', () => {
    expect(report({ quiet })).toContain(
      '## With one core loaded\n\nNo such run is saved yet: `node test/bench/run.mjs --loaded` adds it.',
    );
  });
});

describe('a Lighthouse flow’s verdict holds its blocking time and INP too (issue 41 point 2)', () => {
  const withFlow = (flow: Record<string, unknown>) => {
    const quiet = run({ loaded: false, mapMs: 80 });
    const lighthouse = quiet.results['lighthouse'] as { rows: Array<Record<string, unknown>> };
    lighthouse.rows = [{ ...lighthouse.rows[0], ...flow }];
    return report({ quiet });
  };

  it('misses a flow whose score is 100 but whose interaction took 527 ms, with its phases', () => {
    const page = withFlow({
      performance: 100,
      tbtMs: 36,
      inpMs: 527,
      inpPhases: { input: 3, processing: 40, presentation: 484 },
    });
    expect(page).toContain('INP 527 ms (input 3, processing 40, presentation 484)');
    expect(page).toMatch(/≥ 95, 100, 100, TBT ≤ 150 ms, INP ≤ 200 ms \| \*\*missed\*\*/);
  });

  it('misses a flow that blocked 151 ms, meets one at 150 ms and INP 200 ms', () => {
    expect(withFlow({ tbtMs: 151, inpMs: 40 })).toMatch(/INP ≤ 200 ms \| \*\*missed\*\*/);
    expect(withFlow({ tbtMs: 150, inpMs: 200 })).toMatch(/INP ≤ 200 ms \| met/);
  });
});

describe('a trace’s longest tasks and what fills them (trace-tasks.mjs)', () => {
  const X = (name: string, ts: number, dur: number, args: object = {}) => ({
    name,
    ph: 'X',
    pid: 1,
    tid: 7,
    ts,
    dur,
    args,
  });
  const click = { data: { type: 'click' } };
  const onClick = { data: { functionName: 'onClick', url: 'http://x/assets/index-abc.js' } };
  const events = [
    { name: 'TracingStartedInBrowser', ph: 'I', pid: 1, tid: 1, ts: 1_000_000, args: {} },
    // A 120 ms task: a click whose handler ran 100 ms, 30 of them a forced layout, then a style.
    X('RunTask', 1_500_000, 120_000),
    X('EventDispatch', 1_500_000, 100_000, click),
    X('FunctionCall', 1_500_000, 100_000, onClick),
    X('Layout', 1_560_000, 30_000),
    X('UpdateLayoutTree', 1_600_000, 15_000, { elementCount: 1200 }),
    // A shorter task on the same thread, and a longer one on another thread.
    X('RunTask', 2_000_000, 20_000),
    { ...X('RunTask', 3_000_000, 500_000), tid: 9 },
  ];

  it('ranks the main thread’s tasks and says what fills them, each event’s own time', () => {
    const tasks = tasksOf(events);
    expect(tasks.map((t) => t.ms)).toEqual([120, 20]);
    expect(textOf(tasks[0]!)).toBe(
      '+500 ms 120 ms (cpu 120): script 70 (click → onClick (index-abc.js) 100), style 15 (1,200 elements), layout 30, other 5',
    );
  });
});
