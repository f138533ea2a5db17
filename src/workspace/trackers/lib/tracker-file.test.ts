import { describe, expect, test } from 'vitest';
import { missedRun } from './run.ts';
import { parseTrackers, serializeTrackers } from './tracker-file.ts';
import { page, testRun, testTracker } from './test-runs.ts';

const tracker = {
  ...testTracker(['coffee', 'tea']),
  cadence: 'daily' as const,
  anchor: 1000,
  monthlyCap: 5000,
};
const runs = [
  testRun(tracker, 'r1', 1000, [page('example.com', 'rival.com'), null]),
  missedRun(tracker.id, 86_401_000, 'no-tab'),
];

describe('trackers file', () => {
  test('round-trips trackers with their runs', () => {
    const parsed = parseTrackers(serializeTrackers([{ tracker, runs }]));
    expect(parsed).toEqual({ entries: [{ tracker, runs }] });
  });

  test('writes only known fields: nothing else rides along (no key)', () => {
    const withKey = { ...tracker, apiKey: 'secret-key' } as typeof tracker;
    const text = serializeTrackers([{ tracker: withKey, runs }]);
    expect(text).not.toContain('secret-key');
  });

  test('refuses a wrong file with every reason, and uses nothing of it', () => {
    const file = JSON.parse(serializeTrackers([{ tracker, runs }])) as {
      trackers: Record<string, unknown>[];
    };
    const bad = file.trackers[0]!;
    (bad.definition as { rows: unknown[] }).rows.push({ query: '', params: { num: 'lots' } });
    bad.cadence = 'hourly';
    (bad.runs as Record<string, unknown>[])[0]!.cells = {
      x: { state: 'answered', at: 1, results: [{ rank: 0, link: 'x' }] },
    };
    const parsed = parseTrackers(JSON.stringify(file));
    expect('errors' in parsed && parsed.errors.join('\n')).toMatch(
      /cadence must be one of off, daily, weekly/,
    );
    expect('errors' in parsed && parsed.errors.join('\n')).toMatch(
      /Tracker 1, run 1: the cell x is not valid/,
    );
    expect('errors' in parsed && parsed.errors.some((e) => e.startsWith('Tracker 1: Row 3'))).toBe(
      true,
    );
    expect(parseTrackers('{"kind":"web-data-dashboard.batch"}')).toEqual({
      errors: ['The file is not a trackers file saved by this dashboard.'],
    });
  });

  test('masks a key echoed in a kept link', () => {
    const leaky = testRun(tracker, 'r9', 1, [
      [{ rank: 1, link: 'https://x.com/?api_key=abc123', title: '' }],
    ]);
    const parsed = parseTrackers(serializeTrackers([{ tracker, runs: [leaky] }]));
    expect(JSON.stringify(parsed)).not.toContain('abc123');
  });
});
