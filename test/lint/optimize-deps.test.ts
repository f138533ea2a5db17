// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { BROWSER_PACKAGES } from '../../vite.config.ts';

const src = path.resolve(import.meta.dirname, '../../src');
/** Server-side code: the dev/preview proxy, the sandbox, the prerender, the headless runner. */
const NOT_IN_THE_BROWSER = /^(server|sandbox|prerender|runner)\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The packages a module imports at run time (not `import type`, not assets by URL). */
function packagesOf(code: string): string[] {
  const found = code.matchAll(/(?:^import(?! type)[^'"]*?from |import\()'([^'.][^']*)'/gm);
  return [...found]
    .map(([, name]) => name!)
    .filter((name) => !name.startsWith('node:') && !name.includes('?'));
}

test('every package the browser code imports is pre-bundled when the dev server starts', () => {
  const imported = new Set(
    sourceFiles(src)
      .filter((file) => !NOT_IN_THE_BROWSER.test(path.relative(src, file)))
      .flatMap((file) => packagesOf(readFileSync(file, 'utf8'))),
  );
  const missing = [...imported].filter((name) => !BROWSER_PACKAGES.includes(name));
  expect(missing).toEqual([]);
});
