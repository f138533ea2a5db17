import { describe, expect, test } from 'vitest';
import { parseInbox } from '../../../api/sandbox-inbox.ts';
import { awaitingDelivery, inboxEntries } from './deliveries.ts';

const job = (sid: string) => ({
  sid,
  webhookId: '',
  url: 'https://example.com/',
  dynamic: false,
  submittedAt: 1,
});
const at = (minute: number) => `2026-11-25T03:${String(minute).padStart(2, '0')}:00.000Z`;

describe('webhook deliveries', () => {
  test('each delivery is matched to its job by sid, newest first; a stranger has no job', () => {
    const inbox = parseInbox({
      deliveries: [
        { sid: 'a', deliveredAt: at(1), latencyMs: 10, payload: {} },
        { sid: 'zz', deliveredAt: at(2), latencyMs: 5, payload: {} },
      ],
    });
    const entries = inboxEntries(inbox, [job('a')]);
    expect(entries.map((d) => (d.kind === 'delivery' ? [d.sid, d.job?.sid] : d.kind))).toEqual([
      ['zz', undefined],
      ['a', 'a'],
    ]);
  });

  test('a tracker’s notice sits among the deliveries by the time it arrived, summarised', () => {
    const inbox = parseInbox({
      deliveries: [
        { sid: 'a', deliveredAt: at(1), payload: {} },
        { sid: 'b', deliveredAt: at(5), payload: {} },
      ],
      notices: [
        {
          receivedAt: at(3),
          payload: { kind: 'tracker-alerts', tracker: 'Wiki', alerts: [{}, {}] },
        },
        { receivedAt: at(4), payload: { anything: true } },
      ],
    });
    const entries = inboxEntries(inbox, []);
    expect(entries.map((e) => (e.kind === 'delivery' ? e.sid : e.summary))).toEqual([
      'b',
      'a notice of this dashboard',
      '2 alerts of tracker “Wiki”',
      'a',
    ]);
  });

  test('jobs without a delivery are still awaited', () => {
    expect(
      awaitingDelivery([job('a'), job('b')], parseInbox({ deliveries: [{ sid: 'a' }] }).deliveries),
    ).toEqual([job('b')]);
  });
});
