// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { serveViewPages, viewPageFile } from './view-pages.ts';

const outDir = mkdtempSync(join(tmpdir(), 'view-pages-'));
mkdirSync(join(outDir, 'views'));
writeFileSync(join(outDir, 'views.html'), 'overview');
writeFileSync(join(outDir, 'views', 'search.html'), 'search');
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The URL `vite preview` goes on to serve for a request. */
function served(url: string, method = 'GET'): string {
  const req = { url, method } as IncomingMessage;
  let called = false;
  serveViewPages(outDir)(req, {} as ServerResponse, () => {
    called = true;
  });
  expect(called).toBe(true);
  return req.url ?? '';
}

describe('prerendered view pages in `vite preview`', () => {
  test('a view’s path, with its query, gets the view’s page', () => {
    expect(served('/')).toBe('/views.html');
    expect(served('/search?query=coffee&gl=us')).toBe('/views/search.html?query=coffee&gl=us');
    expect(served('/search', 'HEAD')).toBe('/views/search.html');
  });

  test('any other path is left for the app’s shell or the file it names', () => {
    for (const url of ['/nowhere', '/assets/index-A1.js', '/favicon.svg', '/search/', '/Search'])
      expect(served(url)).toBe(url);
    expect(served('/search', 'POST')).toBe('/search');
  });

  test('no other path reaches a view’s page', () => {
    for (const url of ['/../package', '/%2e%2e/package', '/views', '/index', '/views/search'])
      expect(served(url)).toBe(url);
    expect(viewPageFile('/search')).toBe('views/search.html');
    expect(viewPageFile('/')).toBe('views.html');
  });
});
