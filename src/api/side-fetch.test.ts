import { describe, expect, test } from 'vitest';
import { ApiError } from './errors.ts';
import { fetchJson } from './side-fetch.ts';

describe('fetchJson', () => {
  test('reads the JSON of a side request (the sandbox ledger)', async () => {
    const ledger = await fetchJson('/api/_sandbox', new AbortController().signal);
    expect(ledger).toMatchObject({ calls: expect.any(Array) });
  });

  test('a failed side request is an ApiError with its status, like any request', async () => {
    const failure = await fetchJson(
      '/api/_sandbox/no-such-thing',
      new AbortController().signal,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      kind: 'http',
      status: 404,
      endpoint: '/api/_sandbox/no-such-thing',
    });
  });

  test('an aborted side request says so', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(fetchJson('/api/_sandbox', controller.signal)).rejects.toMatchObject({
      kind: 'aborted',
    });
  });
});
