// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { expect, test } from 'vitest';

/**
 * The modules a file loads with itself: its static imports (not `import type`, not `import()`),
 * followed through the app's own source. Packages are named as imported.
 */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!existsSync(file)) return;
    const text = readFileSync(file, 'utf8');
    const imports = text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms);
    for (const [, spec] of imports) {
      if (!spec) continue;
      visit(spec.startsWith('.') ? resolve(dirname(file), spec) : spec);
    }
  };
  visit(entry);
  return seen;
}

test('a tracker opens without loading the schemas (zod): they load when a file or a runner answer is read', () => {
  const here = import.meta.dirname;
  for (const first of ['trackers-page.tsx', 'tracker-detail.tsx']) {
    const graph = [...staticGraph(resolve(here, first))];
    expect(graph.filter((m) => /schemas\.ts$|^zod/.test(m))).toEqual([]);
  }
});
