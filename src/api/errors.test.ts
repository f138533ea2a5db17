import { describe, expect, test } from 'vitest';
import { ApiError, chargedLabel, excerpt } from './errors.ts';

const http = (status: number) => new ApiError({ kind: 'http', status, endpoint: '/search' });

describe('ApiError', () => {
  test.each([
    [400, /parameter/, 'no'],
    [401, /key was rejected/, 'no'],
    [403, /no credits left/, 'no'],
    [404, /target URL is wrong/, 'yes'],
    [410, /gave up/, 'no'],
    [429, /concurren/, 'no'],
    [500, /internal error/, 'unknown'],
    [503, /internal error/, 'unknown'],
  ] as const)('HTTP %i says what happened and whether it was charged', (status, title, charged) => {
    const e = http(status);
    expect(e.title).toMatch(title);
    expect(e.charged).toBe(charged);
    expect(e.advice.length).toBeGreaterThan(10);
  });

  test('a 502 marked by the proxy explains its reason, not the status', () => {
    for (const [proxyError, title] of [
      ['redirect', /redirect/],
      ['too-large', /larger than/],
      ['interim', /interim answer \(HTTP 1xx\)/],
    ] as const)
      expect(new ApiError({ kind: 'http', status: 502, endpoint: '/x', proxyError }).title).toMatch(
        title,
      );
  });

  test('404 tells the user the attempt was charged', () => {
    expect(chargedLabel(http(404).charged)).toBe('Credits were spent on this request.');
  });

  test('names network, timeout, abort and malformed bodies apart', () => {
    expect(new ApiError({ kind: 'timeout', endpoint: '/x' }).title).toMatch(/90 seconds/);
    expect(new ApiError({ kind: 'aborted', endpoint: '/x' }).title).toMatch(/cancelled/);
    expect(new ApiError({ kind: 'network', endpoint: '/x' }).title).toMatch(/could not be reached/);
    expect(new ApiError({ kind: 'invalid-response', endpoint: '/x' }).title).toMatch(/malformed/);
  });

  test('treats 410, 429, 5xx and network failures as transient, 4xx otherwise not', () => {
    expect([410, 429, 500, 502].map((s) => http(s).isTransient)).toEqual([true, true, true, true]);
    expect([400, 401, 403, 404].map((s) => http(s).isTransient)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  test('keeps a short, flat excerpt of an HTML or text body', () => {
    const long = `<html>\n<body>${'x'.repeat(2000)}</body></html>`;
    const e = new ApiError({ kind: 'http', status: 500, endpoint: '/x', bodyExcerpt: long });
    expect(e.bodyExcerpt.length).toBeLessThanOrEqual(601);
    expect(e.bodyExcerpt.startsWith('<html> <body>')).toBe(true);
    expect(excerpt('  a \n\n b ')).toBe('a b');
  });
});
