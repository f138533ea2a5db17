import { describe, expect, test } from 'vitest';
import { createRng } from './random.ts';

describe('createRng', () => {
  test('the same seed gives the same sequence', () => {
    const a = createRng('coffee');
    const b = createRng('coffee');
    expect([a.next(), a.int(1, 6), a.next()]).toEqual([b.next(), b.int(1, 6), b.next()]);
  });
  test('forks are independent of how far the parent has run', () => {
    const a = createRng('x');
    const b = createRng('x');
    b.next();
    expect(a.fork('y').next()).toBe(b.fork('y').next());
  });
});
