import 'fake-indexeddb/auto';
import { keys } from 'idb-keyval';
import { afterEach, expect, test } from 'vitest';
import { forgetOnClear } from '../../src/app/forget-on-clear.ts';
import { clearAllDatabases, databaseStore } from '../../src/session/browser-databases.ts';
import { clearResults } from '../../src/session/results-cleared.ts';
import type { SnapshotFile } from '../../src/workspace/snapshots/snapshot-file.ts';
import type { DemoScript } from '../../src/workspace/demos/demo-file.ts';
import {
  copyDemo,
  deleteDemo,
  importDemo,
  keepTour,
  loadDemos,
  removeStep,
} from '../../src/workspace/demos/demo-store.ts';
import {
  forgetStoredScript,
  storeSplit,
  withAnswers,
} from '../../src/workspace/demos/step-answers.ts';

const answer = (query: string, body: unknown): SnapshotFile => ({
  kind: 'web-data-dashboard.snapshot',
  version: 1,
  savedAt: '2026-11-27T12:00:00.000Z',
  request: { endpoint: 'search', params: { query } },
  response: { status: 200, contentType: 'application/json', body },
});

const script = (id: string): DemoScript => ({
  id,
  name: 'Read from a file',
  updatedAt: 1,
  steps: [
    {
      id: 'one',
      title: 'Coffee',
      caption: '',
      view: { compare: '1' },
      snapshot: answer('coffee', { organic_results: [{ title: 'big' }] }),
      also: [answer('kaffee', { organic_results: [{ title: 'other' }] })],
    },
    { id: 'two', title: 'Tea', caption: '', snapshot: answer('tea', { organic_results: [] }) },
  ],
});

const stored = () => keys(databaseStore('demos'));

afterEach(() => clearAllDatabases());

test('a script stored apart lists its outline, and a step played reads its answers back whole', async () => {
  const whole = script('apart');
  const outline = await storeSplit(whole);
  expect(outline?.steps[0]?.snapshot?.response).toEqual({
    status: 200,
    contentType: 'application/json',
  });
  expect(outline?.steps[0]?.also?.[0]?.response.body).toBeUndefined();
  expect(outline?.steps[0]).toMatchObject({ title: 'Coffee', view: { compare: '1' } });
  importDemo(outline!, { stored: true });

  const listed = (await loadDemos()).find((s) => s.id === 'apart');
  expect(listed?.steps.map((s) => s.snapshot?.response.body)).toEqual([undefined, undefined]);
  const played = await withAnswers(listed!.steps[0]!);
  expect(played.snapshot).toEqual(whole.steps[0]!.snapshot);
  expect(played.also).toEqual(whole.steps[0]!.also);
  expect(played.answers).toBeUndefined();
});

test('Clear key forgets what the reader stored: the outline and every step’s answers', async () => {
  const stop = forgetOnClear();
  const outline = await storeSplit(script('cleared'));
  expect(await stored()).toHaveLength(3);
  clearResults();
  await expect.poll(stored).toEqual([]);
  await expect(withAnswers(outline!.steps[1]!)).rejects.toThrow(
    'its answer is no longer in this browser’s storage',
  );
  expect((await loadDemos()).find((s) => s.id === 'cleared')).toBeUndefined();
  stop();
});

test('a reading cancelled after its write leaves nothing stored', async () => {
  await storeSplit(script('cancelled'));
  await storeSplit(script('kept'));
  await forgetStoredScript('cancelled');
  expect((await stored()).map(String).sort()).toEqual([
    'answers,kept/one',
    'answers,kept/two',
    'kept',
  ]);
});

test('a step removed, then its script deleted, forget their answers; a copy keeps playing them', async () => {
  await loadDemos();
  importDemo((await storeSplit(script('owner')))!, { stored: true });
  removeStep('owner', 'two');
  await expect.poll(async () => (await stored()).map(String)).not.toContain('answers,owner/two');
  const copy = copyDemo('owner')!;
  deleteDemo('owner');
  const played = await withAnswers(copy.steps[0]!);
  expect(played.snapshot?.response.body).toEqual({ organic_results: [{ title: 'big' }] });
  deleteDemo(copy.id);
  await expect.poll(async () => (await stored()).map(String)).toEqual([]);
});

test('the tour keeps its outline on the page, its answers apart, and a new copy forgets the earlier one’s', async () => {
  // As the Worker does for the tour (decision 117): the answers alone, the outline to the page.
  const first = await storeSplit(script('first-reading'), { outline: false });
  expect(await stored()).toHaveLength(2);
  keepTour({ ...first!, id: 'sandbox-tour' });
  await expect.poll(async () => (await stored()).length).toBe(3);
  const listed = (await loadDemos()).find((s) => s.id === 'sandbox-tour');
  expect((await withAnswers(listed!.steps[1]!)).snapshot?.response.body).toEqual({
    organic_results: [],
  });

  const second = await storeSplit(script('second-reading'), { outline: false });
  keepTour({ ...second!, id: 'sandbox-tour' });
  // The earlier copy's two records of answers go; the new copy's two and its outline stay.
  await expect.poll(async () => (await stored()).length).toBe(3);
  const now = (await loadDemos()).filter((s) => s.id === 'sandbox-tour');
  expect(now).toHaveLength(1);
  expect(await withAnswers(now[0]!.steps[0]!)).toMatchObject({ title: 'Coffee' });
});
