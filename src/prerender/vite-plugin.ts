import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { minify, type Plugin, type ResolvedConfig } from 'vite';
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
      const runnerAhead = await assetScript(config, outDir, 'runner-ahead');
      for (const [path, markup] of Object.entries(pages)) {
        const file = join(outDir, viewPageFile(path));
        mkdirSync(dirname(file), { recursive: true });
        const page = viewPage(index, markup, boot);
        writeFileSync(file, path === '/trackers' ? withRunnerAhead(page, runnerAhead) : page);
      }
      config.logger.info(`  prerendered ${Object.keys(pages).length} views into views/`);
    },
  };
}

/** A script of this folder minified into the build's assets, named by its hash; its URL. */
async function assetScript(config: ResolvedConfig, outDir: string, name: string) {
  const { code } = await minify(`${name}.js`, readFileSync(join(here, `${name}.js`), 'utf8'));
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
  const file = `${config.build.assetsDir}/${name}-${hash}.js`;
  writeFileSync(join(outDir, file), code);
  return `${config.base}${file}`;
}

/**
 * The Trackers view's page asks a runner for an open tracker's first screen from its head
 * (runner-ahead.js, decision 122): a script of its own on that page alone, `async` so the
 * page's first paint never waits for it; every other view's page is as it was.
 */
const withRunnerAhead = (page: string, src: string) =>
  page.replace('</head>', `  <script src="${src}" async></script>\n  </head>`);
