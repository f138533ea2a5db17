import { describe, expect, test } from 'vitest';
import { toAccountSummary } from './account.ts';
import { accountResponseSchema } from './schemas.ts';

const summary = (raw: unknown) => toAccountSummary(accountResponseSchema.parse(raw));

describe('toAccountSummary', () => {
  test('computes credits left from requestLimit − requestUsed', () => {
    expect(summary({ requestLimit: 5000, requestUsed: 1234 }).creditsLeft).toBe(3766);
  });

  test('accepts threadCount or the older activeThread', () => {
    expect(summary({ threadCount: 2 }).threadCount).toBe(2);
    expect(summary({ activeThread: 3 }).threadCount).toBe(3);
  });

  test('tolerates missing fields and numbers sent as strings', () => {
    const s = summary({ requestLimit: '100', email: 'a@b.c' });
    expect(s.requestLimit).toBe(100);
    expect(s.creditsLeft).toBeUndefined();
    expect(s.email).toBe('a@b.c');
  });

  test('lists unknown numeric fields generically', () => {
    const s = summary({
      requestLimit: 1,
      requestUsed: 0,
      screenshotConcurrencyLimit: 3,
      serpThreadCount: 1,
      note: 'x',
    });
    expect(s.otherNumbers).toEqual([
      ['screenshotConcurrencyLimit', 3],
      ['serpThreadCount', 1],
    ]);
  });
});
