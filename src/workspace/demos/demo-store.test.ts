import 'fake-indexeddb/auto';
import { expect, test } from 'vitest';
import { newId, type DemoStep } from './demo-file.ts';
import { addStepTo, createDemo, keepTour, loadDemos } from './demo-store.ts';

const step = (title: string): DemoStep =>
  ({
    id: newId(),
    title,
    caption: '',
    batch: { endpoint: 'search', rows: [{ query: title, params: {} }], locales: [], cap: 20 },
  }) as unknown as DemoStep;

test('three steps added at once are three steps, in the order they were added', async () => {
  await loadDemos();
  const script = createDemo('Pitch');
  await Promise.all(
    ['one', 'two', 'three'].map((t) => addStepTo({ scriptId: script.id }, step(t))),
  );
  const saved = (await loadDemos()).find((s) => s.id === script.id);
  expect(saved?.steps.map((s) => s.title)).toEqual(['one', 'two', 'three']);
});

test('the built-in tour takes no step', async () => {
  await loadDemos();
  const tour = keepTour({ id: 'sandbox-tour', name: 'Tour', updatedAt: 0, steps: [step('a')] });
  expect(await addStepTo({ scriptId: tour.id }, step('b'))).toBeNull();
  expect((await loadDemos()).find((s) => s.id === tour.id)?.steps).toHaveLength(1);
});
