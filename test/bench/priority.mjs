// The bench runs ahead of other work on the machine (decision 104). Lighthouse's benchmark
// index measures one thread's speed in a quiet moment; a process loading one core of two
// (another build, a test run, an agent) slowed every flow's main thread while the index read
// the same (docs/performance.md, "quiet and with one core loaded": 6 of 12 empty views and 7 of
// 11 flows kept their verdict). The slowdown the bench applies is for emulating a slower
// device, not for absorbing someone else's process: so the bench puts itself in a CPU control
// group of its own with ten times a process's weight, and every Chromium, server and worker it
// starts is born in it. A niceness would not hold: Chromium sets its threads' own niceness
// (0, -8, 5) whatever it was started with, and with the kernel's autogroups a niceness counts
// only against processes of the same session. Without the right to make a group (not root, no
// cgroup file system) the bench says so and runs as any process.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How much more CPU time than one ordinary process (or session) the bench gets when both want it. */
export const BENCH_WEIGHT_FACTOR = Number(process.env.BENCH_WEIGHT_FACTOR ?? 10);

/** cgroup v1's cpu controller (weights in `cpu.shares`, 1024 each) or v2's (`cpu.weight`, 100). */
function cpuController() {
  const v1 = '/sys/fs/cgroup/cpu';
  if (existsSync(join(v1, 'cpu.shares'))) return { root: v1, file: 'cpu.shares', unit: 1024 };
  const v2 = '/sys/fs/cgroup';
  try {
    if (readFileSync(join(v2, 'cgroup.controllers'), 'utf8').split(/\s+/).includes('cpu'))
      return { root: v2, file: 'cpu.weight', unit: 100 };
  } catch {
    // no cgroup v2 at the usual place
  }
  return null;
}

/**
 * Moves this process into a new CPU group weighted BENCH_WEIGHT_FACTOR × an ordinary one; the
 * processes it starts later are born there. BENCH_WEIGHT_FACTOR=1 leaves it where it is (to
 * measure what the weight changes). The group goes when the process ends.
 */
export function raiseBenchPriority(factor = BENCH_WEIGHT_FACTOR) {
  if (!(factor > 1)) return { raised: false, why: `BENCH_WEIGHT_FACTOR=${factor}` };
  const cpu = cpuController();
  if (!cpu) return { raised: false, why: 'no cgroup cpu controller' };
  const group = join(cpu.root, `bench-${process.pid}`);
  try {
    mkdirSync(group);
    writeFileSync(join(group, cpu.file), String(Math.round(cpu.unit * factor)));
    allowRealTime(group);
    writeFileSync(join(group, 'cgroup.procs'), String(process.pid));
  } catch (error) {
    removeGroup(cpu.root, group);
    return { raised: false, why: error?.code ?? String(error) };
  }
  process.once('exit', () => removeGroup(cpu.root, group));
  return { raised: true, factor, group };
}

/**
 * With the kernel's real-time group scheduling (v1's cpu.rt_runtime_us), a group's threads may
 * take the real-time class only within the group's own budget, 0 by default: the renderers'
 * main threads get one (renderer-shield.mjs, decision 105). 0.9 s of each second per CPU at
 * most (the kernel's own ceiling is 0.95 s), less when another bench's group holds some.
 */
function allowRealTime(group) {
  const file = join(group, 'cpu.rt_runtime_us');
  if (!existsSync(file)) return;
  // A bench that just ended keeps its group (and its budget) until its browser's last process
  // has exited: a bench started right after it found no budget left and ran unshielded
  // (2026-11-28). So it waits for that group to go, up to 5 s.
  for (let attempt = 0; attempt < 10; attempt++) {
    for (const us of [900_000, 600_000, 300_000])
      try {
        writeFileSync(file, String(us));
        return;
      } catch {
        // the parent's budget is partly held by another group: try less
      }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  }
}

/** Back to the parent group, then the (by then empty) group removed; best effort. */
function removeGroup(root, group) {
  try {
    writeFileSync(join(root, 'cgroup.procs'), String(process.pid));
    rmdirSync(group);
  } catch {
    // a child still alive keeps the group; an empty group left behind costs nothing
  }
}

/** One line for the report: the priority the bench ran at, and what that means. */
export function priorityLine(priority) {
  return priority.raised
    ? `  Bench priority: a CPU group weighted ${priority.factor}× an ordinary process (other work on this machine gets the time the bench leaves; decision 104)`
    : `  Bench priority: not raised (${priority.why}): other processes share the CPU with the bench, and a loaded machine scores lower (run as root for a CPU group of its own; decision 104)`;
}
