import { describe, expect, test } from 'vitest';
import { LADDER_MAX_STEPS, prefixesOf } from '../../../lib/prefixes.ts';
import { newAtStep } from './ladder.ts';

const s = (value: string) => ({ value, relevance: null, type: null });

describe('prefix ladder', () => {
  test('has one step per typed character, skipping steps that end in a space', () => {
    expect(prefixesOf(' how  to ')).toEqual(['h', 'ho', 'how', 'how t', 'how to']);
  });

  test('stops at the most steps it will send', () => {
    expect(prefixesOf('x'.repeat(100))).toHaveLength(LADDER_MAX_STEPS);
  });

  test('marks what a step suggests that the step before did not', () => {
    expect(newAtStep([s('a'), s('b')], [s('a')])).toEqual(new Set(['b']));
    expect(newAtStep([s('a')], undefined)).toEqual(new Set());
  });
});
