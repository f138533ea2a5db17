import { describe, expect, test } from 'vitest';
import { awaitingDelivery, matchDeliveries, parseInbox } from './deliveries.ts';

const job = (sid: string) => ({
  sid,
  webhookId: '',
  url: 'https://example.com/',
  dynamic: false,
  submittedAt: 1,
});

describe('webhook deliveries', () => {
  test('each delivery is matched to its job by sid, newest first; a stranger has no job', () => {
    const inbox = parseInbox({
      deliveries: [
        { sid: 'a', latencyMs: 10, payload: {} },
        { sid: 'zz', latencyMs: 5, payload: {} },
      ],
    });
    const matched = matchDeliveries(inbox, [job('a')]);
    expect(matched.map((d) => [d.sid, d.job?.sid])).toEqual([
      ['zz', undefined],
      ['a', 'a'],
    ]);
  });

  test('jobs without a delivery are still awaited; an odd inbox reads as empty', () => {
    expect(
      awaitingDelivery([job('a'), job('b')], parseInbox({ deliveries: [{ sid: 'a' }] })),
    ).toEqual([job('b')]);
    expect(parseInbox('nonsense')).toEqual([]);
    expect(parseInbox({ deliveries: [{ nosid: 1 }] })).toEqual([]);
  });
});
