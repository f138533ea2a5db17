import { describe, expect, test } from 'vitest';
import { parseInbox } from './sandbox-inbox.ts';

describe('the sandbox inbox', () => {
  test('reads deliveries and notices; an entry it cannot use is left out', () => {
    const inbox = parseInbox({
      deliveries: [{ sid: 'a', latencyMs: 10, payload: {} }, { nosid: 1 }],
      notices: [{ receivedAt: '2026-11-25T03:00:00.000Z', payload: { kind: 'x' } }, { at: 1 }],
    });
    expect(inbox.deliveries.map((d) => [d.sid, d.latencyMs])).toEqual([['a', 10]]);
    expect(inbox.notices).toEqual([
      { receivedAt: '2026-11-25T03:00:00.000Z', payload: { kind: 'x' } },
    ]);
    expect(parseInbox({ deliveries: [{ sid: 'b' }] }).deliveries[0]?.latencyMs).toBeNaN();
  });

  test('an odd inbox reads as empty', () => {
    for (const odd of ['nonsense', null, [], { deliveries: 'x', notices: 3 }])
      expect(parseInbox(odd)).toEqual({ deliveries: [], notices: [] });
  });
});
