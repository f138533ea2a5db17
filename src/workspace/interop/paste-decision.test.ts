import { describe, expect, test } from 'vitest';
import { decidePaste } from './paste-decision.ts';

const takes = (text: string, target: Parameters<typeof decidePaste>[1]) =>
  decidePaste(text, target).take;

describe('decidePaste', () => {
  test('a curl command is always taken, read or refused', () => {
    expect(takes("curl 'https://x.example/search?query=a'", 'url')).toBe(true);
    expect(takes('curl https://x.example/nowhere', 'text')).toBe(true);
    expect(decidePaste('curl x; id', 'text')).toEqual({
      take: true,
      result: { ok: false, reason: expect.stringMatching(/second command/) },
    });
  });

  test('a bare URL is taken in a text field when the catalogue knows its path', () => {
    expect(takes('https://x.example/search?query=a', 'text')).toBe(true);
    expect(takes('https://blog.example/2024/tea-guide', 'text')).toBe(false);
    // An unknown path that names a key is an API request with a wrong path: said so.
    expect(takes('https://x.example/images?api_key=k', 'text')).toBe(true);
  });

  test('a vendor path with a nearest view is taken in a text field, to say so', () => {
    expect(takes('https://api.vendor.example/google?query=tea', 'text')).toBe(true);
    expect(takes('https://api.vendor.example/google_shorts?query=tea', 'text')).toBe(true);
    expect(takes('https://pages.example/google', 'url')).toBe(false);
  });

  test('in a URL field a URL is the value, unless it carries a key', () => {
    expect(takes('https://shop.example/search?q=boots', 'url')).toBe(false);
    expect(takes('https://api.example.com/screenshot?url=https://a.example&api_key=k', 'url')).toBe(
      true,
    );
  });

  test('in the palette any URL is taken, so an unknown path gets its message', () => {
    expect(takes('https://blog.example/2024/tea-guide', 'palette')).toBe(true);
    expect(takes('search tea', 'palette')).toBe(false);
  });

  test('ordinary text is never taken', () => {
    expect(takes('green tea', 'text')).toBe(false);
    expect(takes('curling', 'palette')).toBe(false);
  });
});
