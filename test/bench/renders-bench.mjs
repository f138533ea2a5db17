// The deterministic part of `npm run bench` (issue #28): components rendered per keystroke in
// a form with results on screen, counted in React's tree at each commit. The counting and
// the ceilings live in a Vitest file (test/integration/renders-per-keystroke.test.tsx), so
// CI runs them with the other tests on every push; this part runs that file and prints its
// counts. No clock is read: the numbers are the same under any load.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './serve.mjs';

const TEST_FILE = 'test/integration/renders-per-keystroke.test.tsx';

export function benchRenders() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-renders-'));
  const out = join(dir, 'renders.json');
  try {
    const run = spawnSync(join(root, 'node_modules/.bin/vitest'), ['run', TEST_FILE], {
      cwd: root,
      // Vite's build (the bundle part) leaves NODE_ENV=production in this process: React's
      // production build has no Profiler callbacks, and Vitest would not start.
      env: { ...process.env, NODE_ENV: 'test', RENDER_COUNTS_OUT: out },
      encoding: 'utf8',
    });
    if (!existsSync(out))
      throw new Error(
        `${TEST_FILE} wrote no counts (exit ${run.status}): ${`${run.stdout}${run.stderr}`.trim().split('\n').slice(-5).join(' / ')}`,
      );
    const counts = JSON.parse(readFileSync(out, 'utf8'));
    const rows = Object.entries(counts).map(([what, c]) => ({ what, ...c }));
    const broken = rows
      .filter((r) => r.perKeystroke > r.ceiling)
      .map((r) => `renders per keystroke ${r.perKeystroke} in ${r.what} (ceiling ${r.ceiling})`);
    if (run.status !== 0 && broken.length === 0)
      broken.push(
        `renders per keystroke: ${TEST_FILE} failed (run it: npx vitest run ${TEST_FILE})`,
      );
    const markdownRows = rows.map((r) => [
      `Renders per keystroke: ${r.what}`,
      r.inKeyCommit === undefined || r.inKeyCommit === r.perKeystroke
        ? `${r.perKeystroke} components`
        : `${r.perKeystroke} components (${r.inKeyCommit} in the key's own commit, the rest deferred)`,
      `${r.mounted} mounted; counted, not timed (CI runs it)`,
      `≤ ${r.ceiling}`,
      r.perKeystroke <= r.ceiling ? 'met' : '**missed**',
    ]);
    return { rows, broken, ciBroken: broken, markdownRows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function rendersReport(r) {
  return [
    '\n10. Components rendered per keystroke (React tree at each commit, median over the keys typed; deterministic, CI runs it)',
    ...r.rows.map(
      (x) =>
        `  ${x.what.padEnd(48)} ${String(x.perKeystroke).padStart(4)} of ${x.mounted} mounted; ceiling ${x.ceiling} → ${x.perKeystroke <= x.ceiling ? 'met' : 'MISSED'}`,
    ),
  ].join('\n');
}
