import { expect, test } from 'vitest';
import { addSlice, sliceBody } from './body-slices.ts';

test('an answer cut into slices and put back together is the answer, its keys in order', () => {
  const answer = JSON.parse(
    '{"meta":{"n":7},"items":[1,2,3,4,5,6,7],"short":[1,2],"__proto__":[8,9,10,11]}',
  ) as Record<string, unknown>;
  const { head, lists } = sliceBody(answer, 3);
  expect(lists.map((l) => [l.key, l.slices])).toEqual([
    ['items', ['[1,2,3]', '[4,5,6]', '[7]']],
    ['__proto__', ['[8,9,10]', '[11]']],
  ]);
  const back = JSON.parse(head) as unknown;
  for (const { key, slices } of lists) for (const slice of slices) addSlice(back, key, slice);
  expect(JSON.stringify(back)).toBe(JSON.stringify(answer));
});

test('an answer that is no object, or has no long list, is one piece', () => {
  expect(sliceBody([1, 2, 3, 4], 2)).toEqual({ head: '[1,2,3,4]', lists: [] });
  expect(sliceBody({ a: [1] }, 2)).toEqual({ head: '{"a":[1]}', lists: [] });
});
