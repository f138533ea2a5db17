import { describe, expect, test } from 'vitest';
import { aboutDuration, describeForecast, forecastRunOut } from './run-out-forecast.ts';

const MIN = 60_000;
const reading = (minute: number, requestUsed: number, requestLimit = 1_000) => ({
  at: minute * MIN,
  requestUsed,
  requestLimit,
});

describe('forecastRunOut', () => {
  test('extrapolates the recent burn rate to when the credits run out', () => {
    // 100 credits in 10 minutes, 500 left: 50 minutes to go.
    const forecast = forecastRunOut([reading(0, 400), reading(10, 500)], 10 * MIN);
    expect(forecast).toMatchObject({ kind: 'runs-out', inMs: 50 * MIN, creditsPerHour: 600 });
    expect(describeForecast(forecast)).toBe('about 50 minutes');
  });

  test('says "not enough data" with one refresh or refreshes seconds apart', () => {
    expect(describeForecast(forecastRunOut([reading(0, 10)], 0))).toBe('not enough data');
    const close = [
      { at: 0, requestUsed: 1, requestLimit: 10 },
      { at: 2_000, requestUsed: 5, requestLimit: 10 },
    ];
    expect(describeForecast(forecastRunOut(close, 2_000))).toBe('not enough data');
  });

  test('counts only the last hour and only since the last renewal', () => {
    const readings = [reading(0, 0), reading(5, 900), reading(100, 10), reading(110, 20)];
    // Since the renewal at minute 100: 10 credits in 10 minutes, 980 left.
    const forecast = forecastRunOut(readings, 110 * MIN);
    expect(describeForecast(forecast)).toBe('about 16 hours');
  });

  test('no spending is said so, not as "never"', () => {
    expect(describeForecast(forecastRunOut([reading(0, 5), reading(5, 5)], 5 * MIN))).toBe(
      'no credits spent recently',
    );
  });
});

describe('aboutDuration', () => {
  test('durations read as days, hours or minutes', () => {
    expect(aboutDuration(6 * 24 * 60 * MIN)).toBe('about 6 days');
    expect(aboutDuration(90 * MIN)).toBe('about 2 hours');
    expect(aboutDuration(30_000)).toBe('less than a minute');
  });
});
