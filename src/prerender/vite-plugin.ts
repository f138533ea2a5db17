import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build, minify, type Plugin, type ResolvedConfig } from 'vite';
import { viewPageFile } from '../server/view-pages.ts';
import { viewPage } from './view-page.ts';

const here = import.meta.dirname;
const appRoot = resolve(here, '../..');

/**
 * After a build, writes each view's prerendered page (decision 024) beside index.html:
 * `views/<name>.html`, which `vite preview` (src/server) and nginx (deploy/) serve for the
 * view's path. index.html stays the empty shell every other path gets. A view that cannot be
 * rendered fails the build: a page would otherwise go out without its picture.
 */
export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'dashboard-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // Other projects built with this config (the bench's framework floors) and other pages
      // (the bench's map page, its own input) are not the app.
      if (resolve(config.root) !== appRoot || config.build.rolldownOptions.input !== undefined)
        return;
      const outDir = resolve(config.root, config.build.outDir);
      // A child process: jsdom's globals must not leak into this one.
      const child = spawnSync(
        process.execPath,
        [
          '-e',
          `import('vite').then((v) => v.runnerImport(${JSON.stringify(join(here, 'run.ts'))}))`,
        ],
        { cwd: appRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      );
      if (child.status !== 0)
        throw new Error(`prerendering the views failed (exit ${child.status}):\n${child.stderr}`);
      const pages = JSON.parse(child.stdout) as Record<string, string>;
      const boot = await assetScript(config, outDir, 'boot');
      const index = readFileSync(join(outDir, 'index.html'), 'utf8');
      // The runner's reads first: a tiny script, so they leave before the painter is in.
      const trackersScripts = [
        await bundledScript(config, outDir, 'runner-ahead'),
        await bundledScript(config, outDir, 'tracker-first-screen'),
      ];
      for (const [path, markup] of Object.entries(pages)) {
        const file = join(outDir, viewPageFile(path));
        mkdirSync(dirname(file), { recursive: true });
        const page = viewPage(index, markup, boot);
        writeFileSync(file, path === '/trackers' ? withAsyncScripts(page, trackersScripts) : page);
      }
      config.logger.info(`  prerendered ${Object.keys(pages).length} views into views/`);
    },
  };
}

/** A script of this folder minified into the build's assets, named by its hash; its URL. */
async function assetScript(config: ResolvedConfig, outDir: string, name: string) {
  const { code } = await minify(`${name}.js`, readFileSync(join(here, `${name}.js`), 'utf8'));
  return writeAsset(config, outDir, name, code);
}

/**
 * A TypeScript entry of this folder bundled on its own with what it imports (one classic
 * script, no chunk shared with the app: loading it never starts the app's code), minified.
 */
async function bundledScript(config: ResolvedConfig, outDir: string, name: string) {
  const output = await build({
    configFile: false,
    root: appRoot,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      lib: { entry: join(here, `${name}.ts`), formats: ['iife'], name: name.replace(/\W/g, '_') },
      // What a module does when it is evaluated (a catalogue's schemas, a store's subscription)
      // is not kept unless the script uses what it exports: the script needs a few functions.
      rolldownOptions: { treeshake: { moduleSideEffects: false } },
    },
  });
  const [bundle] = Array.isArray(output) ? output : [output];
  if (!bundle || !('output' in bundle)) throw new Error(`prerender: ${name}.ts did not bundle`);
  return writeAsset(config, outDir, name, bundle.output[0].code);
}

function writeAsset(config: ResolvedConfig, outDir: string, name: string, code: string) {
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
  const file = `${config.build.assetsDir}/${name}-${hash}.js`;
  writeFileSync(join(outDir, file), code);
  return `${config.base}${file}`;
}

/**
 * The Trackers view's page reads an open tracker's first screen from its head and draws it into
 * the static copy (tracker-first-screen.ts, decision 126): a runner's from the runner's answers
 * (runner-ahead.ts, decision 122), this browser's from IndexedDB. A script of that page alone,
 * `async` so its first paint never waits for it; every other view's page is as it was.
 */
const withAsyncScripts = (page: string, sources: readonly string[]) =>
  page.replace(
    '</head>',
    `${sources.map((src) => `  <script src="${src}" async></script>\n`).join('')}  </head>`,
  );
