import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Layers (docs/decisions/010-layer-rules.md): a layer imports only itself and the layers before it.
// Paths are matched after resolution, so every spelling of an import (../x, ../../src/x, type-only,
// re-export, dynamic import()) counts. A folder in src/ that no layer lists is importable by none.
const LAYERS = [
  { name: 'lib', paths: ['lib'] },
  { name: 'session', paths: ['session'] },
  { name: 'api', paths: ['api'] },
  { name: 'components', paths: ['components', 'config'] },
  // What a user carries from view to view, one folder each: history, snapshots, costs, the
  // view's request panel. Its folders may use each other (no cycles); no view is imported.
  { name: 'workspace', paths: ['workspace'] },
  { name: 'features', paths: ['features'] },
  { name: 'app', paths: ['app', 'main.tsx', 'index.css'] },
];
const ORDER = LAYERS.map((l) => l.name).join(' → ');
// Server-side code: never bundled, never imported by the browser layers above.
const SERVER_SIDE = [
  { name: 'sandbox', paths: ['sandbox'], may: ['api', 'lib'] },
  { name: 'server', paths: ['server'], may: ['sandbox', 'api', 'lib'] },
  // The headless runner (decision 073): the proxy's upstream rules, the sandbox it may embed, the
  // catalogue, and the run engine and tracker model as pure logic, never a view, a session store
  // or the browser's glue (runs/run-cells.ts, IndexedDB).
  {
    name: 'runner',
    paths: ['runner'],
    may: ['server', 'sandbox', 'api', 'lib'],
    also: ['workspace/runs/lib', 'workspace/trackers/lib'],
  },
  // Build-time: renders the app's views into pages (decision 024).
  {
    name: 'prerender',
    paths: ['prerender'],
    may: [...LAYERS.map((l) => l.name), 'server'],
  },
];
// Which workspace folder may import which (issue 34). `runs` is the run engine and the store of
// runs that batch, trackers, demos and history build on, one way; batch and trackers never import
// each other. A workspace folder not listed here may import no other.
const WORKSPACE_USES = {
  costs: [],
  snapshots: [],
  interop: [],
  runs: ['costs'],
  history: ['interop', 'runs', 'snapshots'],
  demos: ['history', 'interop', 'runs', 'snapshots'],
  request: ['costs', 'demos', 'snapshots'],
  batch: ['costs', 'demos', 'history', 'interop', 'runs', 'snapshots'],
  trackers: ['costs', 'history', 'interop', 'runs', 'snapshots'],
};
const foldersOf = (dir) =>
  existsSync(new URL(dir, import.meta.url))
    ? readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
const pathsOf = (names) =>
  [...LAYERS, ...SERVER_SIDE].filter((l) => names.includes(l.name)).flatMap((l) => l.paths);

const layerZones = [
  ...LAYERS.map((layer, i) => ({
    target: layer.paths.map((p) => `src/${p}`),
    from: 'src',
    except: pathsOf(LAYERS.slice(0, i + 1).map((l) => l.name)).map((p) => `./${p}`),
    message: `src/${layer.paths[0]}/ may import only ${LAYERS.slice(0, i + 1)
      .map((l) => l.name)
      .join(', ')} (layers: ${ORDER}); browser code never imports src/sandbox or src/server.`,
  })),
  ...SERVER_SIDE.map((side) => ({
    target: side.paths.map((p) => `src/${p}`),
    from: 'src',
    except: [...pathsOf([side.name, ...side.may]), ...(side.also ?? [])].map((p) => `./${p}`),
    message: `src/${side.name}/ may import only ${[side.name, ...side.may, ...(side.also ?? [])].join(', ')}.`,
  })),
  // A workspace feature's lib/ is pure logic (no UI), so its view, benches and tests share it.
  // It may build on another one's pure logic (a tracker is a batch run again), never on a view.
  ...foldersOf('src/workspace').map((name) => ({
    target: `src/workspace/${name}/lib`,
    from: 'src',
    except: [
      './lib',
      './session',
      './api',
      ...foldersOf('src/workspace').map((other) => `./workspace/${other}/lib`),
    ],
    message: `src/workspace/${name}/lib/ is pure logic: it may import only lib, session, api and the workspace's lib/ folders.`,
  })),
  ...foldersOf('src/workspace').map((name) => ({
    target: `src/workspace/${name}`,
    from: 'src/workspace',
    except: [name, ...(WORKSPACE_USES[name] ?? [])].map((folder) => `./${folder}`),
    message: `src/workspace/${name}/ may import only the workspace folders ${
      (WORKSPACE_USES[name] ?? []).join(', ') || '(none)'
    } (WORKSPACE_USES in eslint.config.js).`,
  })),
  // One feature never imports another, whatever the folder is called.
  ...readdirSync(new URL('src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `src/features/${name}`,
      from: 'src/features',
      except: [`./${name}`],
      message: `Features never import each other: move what src/features/${name}/ needs to workspace/, components/, api/ or lib/.`,
    })),
];
// Code in src/ that is not a test never imports the test infrastructure.
const noTestInfra = {
  target: 'src',
  from: 'test',
  message: 'Only tests import the test infrastructure in test/.',
};
const restrictedPaths = (zones) => ['error', { basePath: import.meta.dirname, zones }];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-floor',
      'dist-*',
      'node_modules',
      'test-results',
      'playwright-report',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...pluginQuery.configs['flat/recommended'],
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'test/*.mjs', 'test/bench/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['src/**'],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([...layerZones, noTestInfra]),
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A function over 150 lines makes several decisions: split it by what each part decides
    // (issue #34). Tests are left out: a describe block's callback lists tests, it decides nothing.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.spec.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // React reads what lives outside it through one door: useStore (lib/store.ts) or
    // useExternal (lib/use-external.ts), which take a store's slice, the query cache or a
    // media query (issue #34).
    files: ['**/*.{ts,tsx}'],
    ignores: ['src/lib/use-external.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['useSyncExternalStore'],
              message:
                'Read outside state with useStore (lib/store.ts) or useExternal (lib/use-external.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests follow their folder's rule, and may also import the test infrastructure.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths(layerZones) },
  },
  {
    // expect.any() and friends are typed `any` by design.
    files: ['**/*.test.{ts,tsx}', 'test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
