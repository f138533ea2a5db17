import { describe, expect, test } from 'vitest';
import { completesWord } from './live-typing.ts';

describe('completesWord', () => {
  test('a space typed after a word completes it, also when pasted with the word', () => {
    expect(completesWord('best', 'best ')).toBe(true);
    expect(completesWord('best coffee', 'best coffee ')).toBe(true);
    expect(completesWord('', 'best coffee ')).toBe(true);
  });

  test('letters, a second space, a leading space, deleting and edits inside the text do not', () => {
    expect(completesWord('bes', 'best')).toBe(false);
    expect(completesWord('best ', 'best  ')).toBe(false);
    expect(completesWord('', ' ')).toBe(false);
    expect(completesWord('best c', 'best ')).toBe(false);
    expect(completesWord('best', 'be st')).toBe(false);
    expect(completesWord('best tea', 'best  tea')).toBe(false);
  });
});
