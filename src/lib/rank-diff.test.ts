import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { diffRanks, type DiffableResult } from './rank-diff.ts';

const result = (link: string, rank: number): DiffableResult => ({
  link,
  rank,
  title: link,
});
const list = (...links: string[]) => links.map((l, i) => result(`https://${l}/`, i + 1));

describe('diffRanks', () => {
  test('names moves up and down by N, new and dropped links', () => {
    const a = list('a.com', 'b.com', 'c.com', 'd.com');
    const b = list('c.com', 'a.com', 'e.com', 'b.com');
    const diff = diffRanks(a, b);
    const byLink = Object.fromEntries(diff.b.map((r) => [r.link, [r.change, r.delta]]));
    expect(byLink).toEqual({
      'https://c.com/': ['up', 2],
      'https://a.com/': ['down', -1],
      'https://e.com/': ['new', undefined],
      'https://b.com/': ['down', -2],
    });
    expect(diff.a.find((r) => r.link === 'https://d.com/')?.change).toBe('dropped');
    expect(diff.common.map((r) => [r.link, r.rankA, r.rankB])).toEqual([
      ['https://c.com/', 3, 1],
      ['https://a.com/', 1, 2],
      ['https://b.com/', 2, 4],
    ]);
  });

  test('matches links regardless of fragment, trailing slash, www and host case', () => {
    const diff = diffRanks(
      [result('https://www.Example.com/page/#top', 1)],
      [result('https://example.com/page', 3)],
    );
    expect(diff.common).toHaveLength(1);
    expect(diff.common[0]).toMatchObject({ change: 'down', delta: -2 });
  });

  test('uses the array position when a rank is missing, and skips results without a link', () => {
    const a: DiffableResult[] = [{ title: 'no link' }, { link: 'https://x.com' }];
    const diff = diffRanks(a, [result('https://x.com', 1)]);
    expect(diff.a).toHaveLength(1);
    expect(diff.common[0]).toMatchObject({ rankA: 2, rankB: 1, change: 'up', delta: 1 });
  });

  test('for any two lists: every link is classified once, and common moves add up', () => {
    const domains = fc.uniqueArray(fc.constantFrom(...'abcdefghijklmnop'.split('')), {
      maxLength: 12,
    });
    fc.assert(
      fc.property(domains, domains, (da, db) => {
        const diff = diffRanks(
          list(...da.map((d) => `${d}.com`)),
          list(...db.map((d) => `${d}.com`)),
        );
        expect(diff.a).toHaveLength(da.length);
        expect(diff.b).toHaveLength(db.length);
        const both = da.filter((d) => db.includes(d));
        expect(diff.common).toHaveLength(both.length);
        expect(diff.b.filter((r) => r.change === 'new')).toHaveLength(db.length - both.length);
        expect(diff.a.filter((r) => r.change === 'dropped')).toHaveLength(da.length - both.length);
        for (const r of diff.common) expect(r.rankA! - r.rankB!).toBe(r.delta);
      }),
    );
  });
});
