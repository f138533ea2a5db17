import { randomUUID } from 'node:crypto';

/**
 * A job id in UUID v4 format, new for every submission: the dashboard keeps jobs across
 * reloads and sandbox resets, so an id must never come back.
 */
export function webhookJob(): { sid: string } {
  return { sid: randomUUID() };
}
