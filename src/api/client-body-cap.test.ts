import { expect, test, vi } from 'vitest';
import { callEndpoint } from './client.ts';
import { ApiError } from './errors.ts';

// A huge body, as a hostile upstream or a gzip bomb looks to the tab (8 MB here, so a client
// that reads it whole fails rather than hangs). The network edge (fetch) answers it: no proxy
// in between caps it here.
test('a huge body is refused at the cap, not read whole first', async () => {
  let pulled = 0;
  let cancelled = false;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += 65_536;
      controller.enqueue(new Uint8Array(65_536));
      if (pulled >= 8_000_000) controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(endless, { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  const error = await callEndpoint(
    'search',
    { query: 'coffee' },
    { apiKey: 'demo-key', maxBodyBytes: 1_000_000 },
  ).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).title).toMatch(/larger than the dashboard accepts/);
  expect(cancelled).toBe(true);
  expect(pulled).toBeLessThan(2_000_000);
});
