import { describe, expect, test } from 'vitest';
import { STATUS_COLORS, statusColor } from './status.ts';

describe('status colours', () => {
  test('no two statuses share a colour, and any other status has one of its own', () => {
    const colors = Object.values(STATUS_COLORS);
    expect(new Set(colors).size).toBe(colors.length);
    expect(colors).not.toContain(statusColor('COMING_SOON'));
  });
});
