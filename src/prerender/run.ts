// Build step (decision 024), run by the prerender plugin in a child process: renders every
// view's first commit in jsdom and prints `{ path: markup }` as JSON on stdout. A child
// process, because the DOM globals it installs must not leak into the build.
import { JSDOM } from 'jsdom';
import { createServer } from 'vite';

const dom = new JSDOM('<!doctype html><html><body></body></html>', {
  url: 'http://localhost/',
  pretendToBeVisual: true,
});
const { window } = dom;
// What React and the app read from the browser. Node's own fetch, timers and URL stay.
const globals: Record<string, unknown> = {
  window,
  document: window.document,
  navigator: window.navigator,
  location: window.location,
  localStorage: window.localStorage,
  sessionStorage: window.sessionStorage,
  requestAnimationFrame: window.requestAnimationFrame.bind(window),
  cancelAnimationFrame: window.cancelAnimationFrame.bind(window),
  // Requests never answer here: nothing fetched belongs in a page every visitor gets.
  fetch: () => new Promise(() => undefined),
};
for (const key of Object.getOwnPropertyNames(window)) {
  if (
    /^(HTML|SVG|Node|Element|Event|CustomEvent|Document|Text|Comment|DOM|MutationObserver)/.test(
      key,
    )
  )
    globals[key] = (window as unknown as Record<string, unknown>)[key];
}
for (const [key, value] of Object.entries(globals))
  Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });

const server = await createServer({
  configFile: false,
  root: process.cwd(),
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const { renderView, VIEW_PATHS } = (await server.ssrLoadModule(
    '/src/prerender/render-view.tsx',
  )) as typeof import('./render-view.tsx');
  const pages: Record<string, string> = {};
  for (const path of VIEW_PATHS) pages[path] = await renderView(path);
  process.stdout.write(JSON.stringify(pages));
} finally {
  await server.close();
}
process.exit(0);
