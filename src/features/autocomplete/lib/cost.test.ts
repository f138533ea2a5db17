import { describe, expect, test } from 'vitest';
import { liveTypingByDefault } from './cost.ts';

describe('live typing by default', () => {
  test('is on only where a request is known to cost 0, in the sandbox as against the live service', () => {
    expect(liveTypingByDefault(null)).toBe(false);
    expect(liveTypingByDefault({ credits: 2, basis: 'measured' })).toBe(false);
    expect(liveTypingByDefault({ credits: 0, basis: 'measured' })).toBe(true);
    expect(liveTypingByDefault({ credits: 0, basis: 'published' })).toBe(true);
  });
});
