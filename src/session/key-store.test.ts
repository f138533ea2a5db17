import { describe, expect, test } from 'vitest';
import { getApiKey, maskedKey, setApiKey, subscribeApiKey } from './key-store.ts';

describe('key store', () => {
  test('keeps the key in sessionStorage only', () => {
    setApiKey('abc-123');
    expect(getApiKey()).toBe('abc-123');
    expect(Object.values({ ...window.sessionStorage })).toContain('abc-123');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('abc-123');
    expect(document.cookie).not.toContain('abc-123');
  });

  test('clearing removes it and notifies listeners once per change', () => {
    const seen: (string | null)[] = [];
    const stop = subscribeApiKey(() => seen.push(getApiKey()));
    setApiKey('k1');
    setApiKey('k1');
    setApiKey('  ');
    stop();
    expect(seen).toEqual(['k1', null]);
    expect(window.sessionStorage.length).toBe(0);
  });

  test('masks all but the last four characters', () => {
    expect(maskedKey('sk_live_abcdef1234')).toBe('••••1234');
    expect(maskedKey('abc')).toBe('••••');
  });
});
