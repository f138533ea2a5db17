// The page's main thread ahead of every other process on the machine, and a measure of how
// long it waited for a CPU anyway (decision 105).
//
// Why the main thread: a timespan's score is its blocking time, shifts and interaction, and the
// blocking time is the main thread's tasks; a navigation's simulated score multiplies the same
// tasks. Chromium's CPU throttling (blink's ThreadCPUThrottler) makes that thread spin: every
// ~250 µs a signal makes it busy-wait (rate − 1) × the wall time since the last one, so a
// throttled page holds a core at 2/3 even when idle, and a turn lost to another process is
// counted as run time and multiplied. A CPU group weighted 10× (decision 104) still let one
// `node -e "for(;;){}"` take turns from it (7 of 12 empty views fell 95–100 → 89–93). So each
// renderer's main thread gets the real-time class (SCHED_FIFO, lowest priority): no ordinary
// process runs on its core while it wants it. The kernel's real-time limit
// (sched_rt_runtime_us, and the bench group's cpu.rt_runtime_us, priority.mjs) leaves other
// work its share of every second, and every other bench thread stays ordinary.
//
// The wait is read from the scheduler itself: /proc/<pid>/task/<tid>/schedstat's second field
// is the time the thread spent runnable but waiting for a CPU. A run whose main thread waited
// for more than MAX_WAIT_SHARE of its wall time did not measure the page alone: it is measured
// again (lighthouse-bench.mjs steadyRuns), and each row prints its share.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Above this share of a run's wall time waiting for a CPU, the run measured the machine too. */
export const MAX_WAIT_SHARE = Number(process.env.BENCH_MAX_WAIT_SHARE ?? 0.05);
/** BENCH_SHIELD=off keeps the renderers ordinary (to measure what the shield changes). */
const SHIELD = process.env.BENCH_SHIELD !== 'off';
/** How often new renderers are looked for: a navigation can swap its process. */
const SCAN_MS = 250;

/** The children `pid`'s thread `tid` started, from /proc; none once it has ended. */
function childrenOf(pid, tid = pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The children every thread of `pid` started (the browser starts processes from several). */
const childrenOfEveryThread = (pid) => {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => childrenOf(pid, Number(tid)));
  } catch {
    return [];
  }
};

const isRenderer = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
  } catch {
    return false;
  }
};

/**
 * The renderer processes descended from `browserPid` (through its zygotes): a walk down the
 * browser's own tree, cheap enough (about a millisecond) to repeat every SCAN_MS while Lighthouse works.
 */
export function rendererPids(browserPid) {
  // The browser's children (zygotes, utilities), then what the zygotes' main threads forked.
  const zygotes = childrenOfEveryThread(browserPid);
  return [...zygotes, ...zygotes.flatMap((pid) => childrenOf(pid))].filter(isRenderer);
}

/** A thread's time on a CPU and waiting for one, in ns (null when it has ended). */
export function schedstat(pid, tid = pid) {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8')
      .trim()
      .split(' ')
      .map(Number);
    return { run, wait };
  } catch {
    return null;
  }
}

/**
 * Starts shielding the renderers of `browser` (puppeteer's, or a browser's pid:
 * launchShieldedChromium) and returns { measure, status, stop }:
 * measure() starts a span and returns end() → { waitShare, runShare } of the busiest renderer's
 * main thread over that span (a spare or idle renderer waits for nothing).
 */
export function shieldRenderers(browser) {
  const browserPid = typeof browser === 'number' ? browser : browser.process()?.pid;
  const shielded = new Set();
  const status = { mode: SHIELD ? 'fifo' : 'off', failed: '' };
  const scan = () => {
    if (!browserPid || !SHIELD || status.failed) return;
    for (const pid of rendererPids(browserPid)) {
      if (shielded.has(pid)) continue;
      shielded.add(pid);
      try {
        // Only the main thread (tid = pid): the compositor, raster and IO threads stay ordinary.
        // Reset-on-fork: the threads it starts later are born ordinary. Every renderer thread
        // in the class was tried and starved the machine (two renderers at 74 and 89 % of a
        // core each, load average 65: decision 105).
        execFileSync('chrt', ['-f', '-R', '-p', '1', String(pid)], { stdio: 'ignore' });
      } catch (error) {
        status.failed = `chrt refused (${firstLineOf(error)})`;
        status.mode = 'off';
      }
    }
  };
  scan();
  const timer = setInterval(scan, SCAN_MS);
  timer.unref();
  return {
    status,
    /** Makes sure the renderers that exist now are shielded (call before a span starts). */
    now: scan,
    measure() {
      scan();
      const startedAt = process.hrtime.bigint();
      const before = new Map(
        (browserPid ? rendererPids(browserPid) : []).map((pid) => [pid, schedstat(pid)]),
      );
      return () => {
        const wallNs = Number(process.hrtime.bigint() - startedAt);
        let busiest = { waitShare: 0, runShare: 0 };
        for (const [pid, start] of before) {
          const end = schedstat(pid);
          if (!start || !end) continue;
          const share = {
            waitShare: (end.wait - start.wait) / wallNs,
            runShare: (end.run - start.run) / wallNs,
          };
          if (share.runShare + share.waitShare > busiest.runShare + busiest.waitShare)
            busiest = share;
        }
        return {
          waitShare: Math.round(busiest.waitShare * 1000) / 1000,
          runShare: Math.round(busiest.runShare * 1000) / 1000,
          // Only a shielded thread's wait says the run was disturbed: an ordinary one also
          // waits for the bench's own Lighthouse and browser, quiet or not, and redoing every
          // run would double the bench (point 4).
          counts: status.mode === 'fifo',
        };
      };
    },
    stop: () => clearInterval(timer),
  };
}

const firstLineOf = (error) => String(error?.message ?? error).split('\n')[0];

/** One line for the report: whether the main threads ran ahead of the machine (`redo`: whether a
 * run that waited is measured again, as the bench's parts do; the flow probe only prints it). */
export function shieldLine(status, { redo = true } = {}) {
  const rule = redo
    ? `a run waiting > ${Math.round(MAX_WAIT_SHARE * 100)} % of its time for a CPU is measured again`
    : 'each run prints how long it waited for a CPU';
  return status.mode === 'fifo'
    ? `  Renderer main threads: real-time class (SCHED_FIFO 1), ${rule} (decision 105)`
    : `  Renderer main threads: ordinary${status.failed ? ` (${status.failed})` : ' (BENCH_SHIELD=off)'}; each row prints how long they waited for a CPU, and no run is redone for it (decision 105)`;
}

/** Chromium processes this process started (the launcher's own: no `--type=`), by pid. */
const ownBrowsers = () =>
  new Set(
    childrenOfEveryThread(process.pid).filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return cmdline.includes('chromium') && !cmdline.includes('--type=');
      } catch {
        return false;
      }
    }),
  );

/**
 * Playwright's Chromium (serve.mjs launchChromium) with its renderers shielded as the
 * Lighthouse parts' are: Playwright does not give the browser's pid, so it is the Chromium
 * child this process gained by the launch. Returns { browser, shield }; the shield stops with
 * the browser's close.
 */
export async function launchShieldedChromium(launch) {
  const before = ownBrowsers();
  const browser = await launch();
  const pid = [...ownBrowsers()].find((p) => !before.has(p));
  const shield = shieldRenderers(pid ?? 0);
  if (pid === undefined) {
    shield.status.mode = 'off';
    shield.status.failed = "the browser's process was not found";
  }
  browser.on('disconnected', () => shield.stop());
  return { browser, shield };
}
