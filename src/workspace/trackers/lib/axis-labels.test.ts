import { describe, expect, test } from 'vitest';
import { axisLabels } from './axis-labels.ts';

const at = (day: number, hour: number, minute: number, second = 0) =>
  new Date(2026, 10, day, hour, minute, second).getTime();

describe('chart axis labels', () => {
  test('runs of one day read by their time', () => {
    expect(axisLabels([at(24, 9, 30), at(24, 15, 25)])).toEqual(['9:30 AM', '3:25 PM']);
  });

  test('two runs in one minute (a sandbox day apart) get their seconds, not one label twice', () => {
    expect(axisLabels([at(24, 15, 25, 3), at(24, 15, 25, 41)])).toEqual([
      '3:25:03 PM',
      '3:25:41 PM',
    ]);
  });

  test('two runs in one second (a tracker saved from a batch and run at once) get milliseconds', () => {
    const first = at(24, 15, 25, 3);
    expect(axisLabels([first + 120, first + 870])).toEqual(['3:25:03.120 PM', '3:25:03.870 PM']);
  });

  test('runs over days read by their day, with the time when two fall on one day', () => {
    expect(axisLabels([at(23, 9, 0), at(24, 9, 0)])).toEqual(['Nov 23', 'Nov 24']);
    expect(axisLabels([at(23, 9, 0), at(24, 9, 0), at(24, 15, 25)])).toEqual([
      'Nov 23, 9:00 AM',
      'Nov 24, 9:00 AM',
      'Nov 24, 3:25 PM',
    ]);
  });
});
