import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PRESENTER_STORAGE_KEY } from '../session/presenter-mode.ts';
import { viewPage } from './view-page.ts';

// The shape of the index.html that `vite build` writes (scripts and preloads in the head).
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <title>Web Data Dashboard</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D4.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('a prerendered view page', () => {
  const page = viewPage(BUILT, '<main><h1>Search</h1></main>', '/assets/boot-E5.js');
  const doc = new DOMParser().parseFromString(page, 'text/html');

  test('shows the view inside #root, inert until the app replaces it', () => {
    const root = doc.getElementById('root')!;
    expect(root.hasAttribute('inert')).toBe(true);
    expect(root.querySelector('h1')?.textContent).toBe('Search');
  });

  test('keeps the stylesheet, and hands the app’s scripts to the boot script instead of loading them', () => {
    expect(doc.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe(
      '/assets/index-D4.css',
    );
    expect(doc.querySelectorAll('script[type="module"], link[rel="modulepreload"]')).toHaveLength(
      0,
    );
    const boot = doc.querySelector('head script')!;
    expect(boot.getAttribute('src')).toBe('/assets/boot-E5.js');
    expect(boot.getAttribute('data-entry')).toBe('/assets/index-A1.js');
    expect(boot.getAttribute('data-preload')).toBe('/assets/react-B2.js /assets/jsx-runtime-C3.js');
  });

  test('markup with `$` patterns is written as it is', () => {
    const odd = viewPage(BUILT, "<p>$& and $' cost $1</p>", '/b.js');
    expect(odd).toContain("<p>$& and $' cost $1</p>");
  });

  test('a build whose index.html changed shape fails loudly instead of shipping a broken page', () => {
    expect(() =>
      viewPage(BUILT.replace(/<script type="module"[^<]*<\/script>/, ''), '', '/b.js'),
    ).toThrow(/no module script/);
    expect(() =>
      viewPage(BUILT.replace('<div id="root"></div>', '<div id="app"></div>'), '', '/b.js'),
    ).toThrow(/no empty #root/);
  });

  test('the boot script reads presenter mode under the key the app stores it under', () => {
    const boot = readFileSync(join(import.meta.dirname, 'boot.js'), 'utf8');
    expect(boot).toContain(`'${PRESENTER_STORAGE_KEY}'`);
  });
});
