// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';

// The layer rules of eslint.config.js (docs/decisions/010-layer-rules.md), run through ESLint's
// own API on source text linted as if it were a file at the given path. Only the two import rules
// run, so the type-aware parser's program is not needed: without it a lint takes milliseconds
// and the linted path need not exist. Imported paths must exist, because the rule compares
// resolved paths (that is what makes every spelling of a path count).
const RULES = new Set(['import-x/no-restricted-paths', 'import-x/no-cycle']);
const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => RULES.has(ruleId),
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  });
});

/** The messages of one rule (an upward import often closes a cycle too; that is tested apart). */
async function lintAs(file: string, code: string, rule = 'import-x/no-restricted-paths') {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages
    .filter((m) => m.ruleId === rule || m.fatal)
    .map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

const forbidden: [string, string, string][] = [
  // One feature never imports another, whatever the spelling.
  ['src/features/search/search-page.tsx', '../realty/realty-page.tsx', 'Features never import'],
  [
    'src/features/search/components/result-card.tsx',
    '../../../features/realty/realty-page.tsx',
    'Features never import',
  ],
  ['src/features/search/search-page.tsx', '../../../src/features/realty/realty-page.tsx', ''],
  // Layers import only to their left: lib → session → api → components → workspace → features → app.
  ['src/components/copy-button.tsx', '../features/search/search-page.tsx', 'src/components/'],
  ['src/components/copy-button.tsx', '../workspace/history/history-store.ts', 'src/components/'],
  ['src/components/x.tsx', '../workspace/request/request-panel.tsx', 'src/components/'],
  ['src/api/client.ts', '../workspace/costs/measured-costs.ts', 'src/api/'],
  ['src/session/key-store.ts', '../workspace/history/history-store.ts', 'src/session/'],
  ['src/lib/format.ts', '../workspace/costs/use-account.ts', 'src/lib/'],
  // The workspace (what a user carries across views) never imports a view or the app shell.
  [
    'src/workspace/history/history-page.tsx',
    '../../features/search/search-page.tsx',
    'src/workspace/',
  ],
  ['src/workspace/new-feature/x.ts', '../../features/search/queries.ts', 'src/workspace/'],
  ['src/workspace/costs/use-account.ts', '../../app/layout.tsx', 'src/workspace/'],
  ['src/workspace/costs/use-account.ts', '../../sandbox/app.ts', 'src/workspace/'],
  ['src/sandbox/app.ts', '../workspace/history/history-store.ts', 'src/sandbox/'],
  ['src/components/x.tsx', '../features/search/search-page.tsx', 'src/components/'],
  ['src/components/copy-button.tsx', '../app/layout.tsx', 'src/components/'],
  ['src/api/client.ts', '../components/copy-button.tsx', 'src/api/'],
  ['src/api/new-module.ts', '../components/copy-button.tsx', 'src/api/'],
  ['src/session/key-store.ts', '../api/errors.ts', 'src/session/'],
  ['src/lib/format.ts', '../api/errors.ts', 'src/lib/'],
  ['src/lib/format.ts', '../session/key-store.ts', 'src/lib/'],
  ['src/features/search/search-page.tsx', '../../app/layout.tsx', 'src/features/'],
  ['src/features/search/search-page.tsx', '../../main.tsx', 'src/features/'],
  // Browser code never imports the sandbox or the dev server.
  ['src/features/search/search-page.tsx', '../../sandbox/app.ts', 'src/features/'],
  ['src/app/layout.tsx', '../server/config.ts', 'src/app/'],
  ['src/main.tsx', './sandbox/app.ts', 'src/app/'],
  ['src/api/meta-queries.ts', '../server/config.ts', 'src/api/'],
  // The sandbox reads the catalogue (api, lib) and nothing above it; the server adds the sandbox.
  ['src/sandbox/app.ts', '../components/copy-button.tsx', 'src/sandbox/'],
  ['src/sandbox/app.ts', '../features/search/search-page.tsx', 'src/sandbox/'],
  ['src/sandbox/app.ts', '../server/config.ts', 'src/sandbox/'],
  ['src/server/proxy.ts', '../app/layout.tsx', 'src/server/'],
  // A workspace feature's lib/ is pure logic; the workspace sits between components and features.
  ['src/workspace/runs/lib/pivot.ts', '../../../components/copy-button.tsx', 'pure logic'],
  ['src/workspace/trackers/lib/tracker.ts', '../../runs/run-cells.ts', 'pure logic'],
  ['src/workspace/batch/batch-page.tsx', '../../features/search/search-page.tsx', 'src/workspace/'],
  ['src/components/copy-button.tsx', '../workspace/runs/lib/matrix.ts', 'src/components/'],
  // Workspace folders import each other one way only: batch and trackers never, the engine
  // (runs) none of the folders built on it (WORKSPACE_USES).
  [
    'src/workspace/batch/batch-results.tsx',
    '../trackers/tracker-session.ts',
    'src/workspace/batch/',
  ],
  [
    'src/workspace/trackers/trackers-page.tsx',
    '../batch/batch-session.ts',
    'src/workspace/trackers/',
  ],
  ['src/workspace/runs/run-cells.ts', '../batch/batch-session.ts', 'src/workspace/runs/'],
  ['src/workspace/runs/lib/engine.ts', '../../trackers/lib/run.ts', 'src/workspace/runs/'],
  ['src/workspace/history/history-page.tsx', '../batch/batch-page.tsx', 'src/workspace/history/'],
  ['src/workspace/demos/demo-player.tsx', '../batch/batch-page.tsx', 'src/workspace/demos/'],
  // The runner takes the engine and the tracker model, never the browser's glue or a view.
  ['src/runner/run-tracker.ts', '../workspace/runs/run-cells.ts', 'src/runner/'],
  ['src/runner/store.ts', '../workspace/trackers/tracker-storage.ts', 'src/runner/'],
  ['src/runner/cli.ts', '../session/key-store.ts', 'src/runner/'],
  ['src/runner/cli.ts', '../components/copy-button.tsx', 'src/runner/'],
  ['src/server/proxy.ts', '../runner/runner.ts', 'src/server/'],
  // Only tests import the test infrastructure.
  ['src/lib/format.ts', '../../test/render.tsx', 'Only tests'],
  // Tests follow their folder's rule.
  ['src/lib/csv.test.ts', '../api/errors.ts', 'src/lib/'],
  ['src/lib/snippets.ts', '../api/errors.ts', 'src/lib/'],
];

describe('layer rules', { timeout: 30_000 }, () => {
  test.each(forbidden)('%s may not import %s', async (file, target, hint) => {
    const spellings = [
      `import { x } from '${target}';\nexport const y = x;\n`,
      `import type { X } from '${target}';\nexport type Y = X;\n`,
      `export { x } from '${target}';\n`,
      `export const load = () => import('${target}');\n`,
    ];
    for (const code of spellings) {
      const messages = await lintAs(file, code);
      expect(messages, code).toEqual([
        {
          ruleId: 'import-x/no-restricted-paths',
          message: expect.stringContaining(`"${target}"`),
        },
      ]);
      expect(messages[0]!.message).toContain(hint);
    }
  });

  test.each([
    ['src/features/search/search-page.tsx', '../../components/copy-button.tsx'],
    ['src/features/search/search-page.tsx', '../../workspace/request/request-panel.tsx'],
    ['src/app/layout.tsx', '../workspace/history/history-drawer.tsx'],
    ['src/workspace/request/request-panel.tsx', '../snapshots/snapshot-banner.tsx'],
    ['src/workspace/history/history-list.tsx', '../../components/copy-button.tsx'],
    ['src/workspace/history/history-list.tsx', '../../api/endpoints.ts'],
    ['src/features/search/search-page.tsx', '../../api/errors.ts'],
    ['src/features/search/search-page.tsx', '../../lib/format.ts'],
    ['src/features/search/search-page.tsx', '../../session/key-store.ts'],
    ['src/features/search/search-page.tsx', './lib/export.ts'],
    ['src/features/search/components/result-card.tsx', '../../../features/search/lib/export.ts'],
    ['src/components/x.tsx', './copy-button.tsx'],
    ['src/app/layout.tsx', '../features/search/search-page.tsx'],
    ['src/main.tsx', './app/layout.tsx'],
    ['src/api/meta-queries.ts', './upstream-meta.ts'],
    ['src/sandbox/app.ts', '../api/endpoints.ts'],
    ['src/sandbox/app.ts', '../lib/format.ts'],
    ['src/server/config.ts', '../api/upstream-meta.ts'],
    ['src/server/proxy.ts', '../sandbox/app.ts'],
    ['src/lib/csv.test.ts', '../../test/render.tsx'],
    ['src/workspace/runs/lib/matrix.ts', '../../../api/params.ts'],
    ['src/workspace/runs/lib/matrix.ts', './intake.ts'],
    // One workspace feature's pure logic builds on another's (a tracker is a batch run again).
    ['src/workspace/trackers/lib/tracker.ts', '../../runs/lib/matrix.ts'],
    ['src/workspace/batch/batch-page.tsx', '../../components/copy-button.tsx'],
    ['src/workspace/batch/batch-session.ts', '../runs/run-cells.ts'],
    ['src/workspace/trackers/tracker-session.ts', '../runs/run-cells.ts'],
    ['src/workspace/demos/demo-steps.ts', '../runs/cell-query.ts'],
    ['src/features/search/search-page.tsx', '../../workspace/runs/lib/matrix.ts'],
    ['src/runner/run-tracker.ts', '../workspace/runs/lib/engine.ts'],
    ['src/runner/store.ts', '../workspace/trackers/lib/tracker-schemas.ts'],
    ['src/runner/upstream.ts', '../server/proxy.ts'],
    ['src/runner/upstream.ts', '../sandbox/app.ts'],
  ])('%s may import %s', async (file, target) => {
    expect(await lintAs(file, `import type { X } from '${target}';\nexport type Y = X;\n`)).toEqual(
      [],
    );
  });

  test('an import cycle is reported', async () => {
    // cost.ts imports format.ts; format.ts importing cost.ts back closes the loop.
    const code = `import { costLabel } from './cost.ts';\nexport const c = costLabel;\n`;
    expect(await lintAs('src/lib/format.ts', code, 'import-x/no-cycle')).toEqual([
      { ruleId: 'import-x/no-cycle', message: expect.stringContaining('Dependency cycle') },
    ]);
  });
});
