// How many files a reader follows through one flow (issue #34's measure of the workspace core):
// the source files on some import path from where the flow starts to where its work is done
// (the request sent, the answer stored, the table drawn). A file the start imports but that
// leads to none of those ends is not on the reader's way and is not counted.
//   node test/bench/reader-paths.mjs           both flows, counts
//   node test/bench/reader-paths.mjs --list    and the files
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RELATIVE_IMPORT =
  /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|import\s+['"](\.[^'"]+)['"]/g;

const T = 'src/workspace/trackers';
const B = 'src/workspace/batch';
const R = 'src/workspace/runs';
/** Each flow: where a reader starts, and the files where its work is done. */
export const FLOWS = {
  "a tracker's scheduled run → the movers table": {
    starts: [`${T}/tracker-schedule.tsx`, `${T}/tracker-detail.tsx`],
    ends: [
      'src/lib/run-queue.ts',
      'src/api/client.ts',
      `${T}/tracker-history.ts`,
      `${T}/movers-table.tsx`,
    ],
  },
  "Run → a batch's pivot": {
    starts: [`${B}/batch-page.tsx`],
    ends: [
      'src/lib/run-queue.ts',
      'src/api/client.ts',
      `${R}/batch-store.ts`,
      `${R}/lib/pivot.ts`,
      `${B}/batch-table.tsx`,
    ],
  },
};

function importsOf(file) {
  const found = [];
  for (const m of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
    const base = resolve(dirname(file), m[1] ?? m[2] ?? m[3]);
    const hit = [base, `${base}.ts`, `${base}.tsx`].find((p) => /\.tsx?$/.test(p) && existsSync(p));
    if (hit) found.push(hit);
  }
  return found;
}

const closures = new Map();
function closure(file) {
  if (closures.has(file)) return closures.get(file);
  const seen = new Set();
  const stack = [file];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...importsOf(f));
  }
  closures.set(file, seen);
  return seen;
}

/** The files on an import path from any start to any end. */
export function filesOnPaths({ starts, ends }) {
  const endSet = ends.map((e) => resolve(root, e));
  const on = new Set();
  for (const start of starts)
    for (const f of closure(resolve(root, start)))
      if (endSet.some((end) => closure(f).has(end))) on.add(relative(root, f));
  return [...on].sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, flow] of Object.entries(FLOWS)) {
    const files = filesOnPaths(flow);
    console.log(`${name}: ${files.length} files`);
    if (process.argv.includes('--list')) console.log(files.map((f) => `  ${f}`).join('\n'));
  }
}
