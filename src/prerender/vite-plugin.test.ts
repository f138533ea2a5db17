import type { Rolldown } from 'vite';
import { describe, expect, test } from 'vitest';
import { viewChunks } from './vite-plugin.ts';

/** The parts of an output chunk viewChunks reads. */
const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) =>
  ({ type: 'chunk', fileName, facadeModuleId, imports }) as unknown as Rolldown.OutputChunk;

const BUNDLE: Rolldown.OutputBundle = Object.fromEntries(
  [
    chunk('assets/index.js', '/app/src/main.tsx', ['assets/react.js']),
    chunk('assets/react.js', null),
    chunk('assets/trackers-page.js', '/app/src/trackers-page.tsx', [
      'assets/react.js',
      'assets/view-shared.js',
    ]),
    chunk('assets/view-shared.js', null, ['assets/react.js', 'assets/schemas.js']),
    chunk('assets/schemas.js', null),
    chunk('assets/tracker-detail.js', '/app/src/tracker-detail.tsx', ['assets/view-shared.js']),
  ].map((c) => [c.fileName, c]),
);

describe('the chunks a view page preloads', () => {
  test('the view’s chunk and every chunk it imports, however deep, not its later code', () => {
    expect(viewChunks(BUNDLE, '/app/src/trackers-page.tsx').sort()).toEqual([
      'assets/react.js',
      'assets/schemas.js',
      'assets/trackers-page.js',
      'assets/view-shared.js',
    ]);
  });

  test('a module no chunk is made from preloads nothing', () => {
    expect(viewChunks(BUNDLE, '/app/src/nowhere.tsx')).toEqual([]);
  });
});
