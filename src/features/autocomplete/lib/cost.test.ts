import { describe, expect, test } from 'vitest';
import { liveTypingByDefault } from './cost.ts';

describe('live typing by default', () => {
  test('is on in the sandbox, and against the live service only when a request is known to cost 0', () => {
    expect(liveTypingByDefault('sandbox', null)).toBe(true);
    expect(liveTypingByDefault('live', null)).toBe(false);
    expect(liveTypingByDefault('live', { credits: 2, basis: 'measured' })).toBe(false);
    expect(liveTypingByDefault('live', { credits: 0, basis: 'measured' })).toBe(true);
    expect(liveTypingByDefault(undefined, null)).toBe(false);
  });
});
