import { describe, expect, test } from 'vitest';
import type { ResponseMeta } from '../../../api/client.ts';
import { framedHtml, htmlOfAnswer } from './html-answer.ts';
import { nextStart, previousStart, startOf } from './paging.ts';

const meta = {} as ResponseMeta;
const PAGE = '<!doctype html><html><body>hi</body></html>';

describe('the HTML of an html=true answer', () => {
  test('is the body when the service answered HTML', () => {
    expect(htmlOfAnswer({ data: {}, raw: PAGE, meta, html: PAGE })).toBe(PAGE);
  });

  test('is a JSON field that carries it, by a known name or by its look', () => {
    expect(htmlOfAnswer({ data: {}, raw: { html: '<div>x</div>' }, meta })).toBe('<div>x</div>');
    expect(htmlOfAnswer({ data: {}, raw: { search_page: PAGE }, meta })).toBe(PAGE);
  });

  test('is nothing for a JSON answer without a page', () => {
    expect(htmlOfAnswer({ data: {}, raw: { short_videos_results: [], note: '<b>' }, meta })).toBe(
      null,
    );
  });
});

describe('paging with start', () => {
  test('the next page starts after this page’s results; an empty page has none after it', () => {
    expect(nextStart(0, 10)).toBe(10);
    expect(nextStart(20, 7)).toBe(27);
    expect(nextStart(30, 0)).toBeNull();
  });

  test('the previous page starts a page earlier, never below 0; the first has none', () => {
    expect(previousStart(20, 10)).toBe(10);
    expect(previousStart(5, 10)).toBe(0);
    expect(previousStart(0, 10)).toBeNull();
    expect(startOf({ start: '12' })).toBe(12);
    expect(startOf({ start: 'x' })).toBe(0);
  });
});

describe('the page as the frame shows it', () => {
  test('keeps text, links and images, and leaves out scripts, handlers and styles', () => {
    const framed = framedHtml(
      '<!doctype html><html><head><style>body{color:red}</style>' +
        '<link rel="Stylesheet" href="https://cdn.example/x.css"></head>' +
        '<body style="margin:0" onload="x()"><a href="https://a.example/" onclick="y()">A</a>' +
        '<img src="https://img.example/i.png" onerror="z()"><script>alert(1)</script></body></html>',
    );
    expect(framed).toContain('<a href="https://a.example/">A</a>');
    expect(framed).toContain('<img src="https://img.example/i.png">');
    for (const gone of [
      '<style',
      'stylesheet',
      'style=',
      'onload',
      'onclick',
      'onerror',
      '<script',
    ])
      expect(framed).not.toContain(gone);
  });
});
