import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import { endpointQuery } from '../api/endpoint-query.ts';
import { ENDPOINTS } from '../api/endpoints.ts';
import { setApiKey } from '../session/key-store.ts';
import { sandboxControl } from '../../test/sandbox-server.ts';
import { useEndpointRuns } from './use-endpoint-runs.ts';
import type { Params } from '../api/params.ts';

const factory = (params: Params) => endpointQuery('autocomplete', params);

function renderRuns() {
  setApiKey('demo-key');
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useEndpointRuns(ENDPOINTS.autocomplete, factory), { wrapper });
}

const queries = (n: number) => Array.from({ length: n }, (_, i) => ({ query: `coffee ${i}` }));

const allAnswered = (slots: readonly { data: unknown }[], n: number) =>
  slots.length === n && slots.every((s) => s.data !== undefined);

describe('useEndpointRuns with a concurrency cap', () => {
  test('keeps no more than the cap in flight at the sandbox and answers every request', async () => {
    await sandboxControl.setLatency(40);
    const { result } = renderRuns();
    result.current.run(queries(8), { concurrency: 2 });
    await waitFor(() => expect(allAnswered(result.current.slots, 8)).toBe(true));
    const ledger = await sandboxControl.ledger();
    expect(ledger.accounts['demo-key']!.peakInFlight).toBeLessThanOrEqual(2);
    expect(ledger.calls.filter((c) => c.endpoint === '/engine_autocomplete')).toHaveLength(8);
    expect(result.current.queue).toBeNull();
  });

  test('a 429 pauses the queue, which resumes by itself and sends each refused request once more', async () => {
    await sandboxControl.setLatency(150);
    const { result } = renderRuns();
    // Above the sandbox's limit of 5: two are refused with a 429 (which is never charged).
    result.current.run(queries(7), { concurrency: 7 });
    await waitFor(() => expect(result.current.queue?.pausedUntil).toEqual(expect.any(Number)));
    expect(result.current.queue?.limit).toBeLessThan(7);
    await waitFor(() => expect(allAnswered(result.current.slots, 7)).toBe(true), {
      timeout: 8_000,
    });
    const calls = (await sandboxControl.ledger()).calls;
    expect(calls.filter((c) => c.status === 200)).toHaveLength(7);
    expect(calls.filter((c) => c.status === 429).length).toBeGreaterThan(0);
  });

  test('cancel drops the requests still waiting: the sandbox never sees them', async () => {
    await sandboxControl.setLatency(100);
    const { result } = renderRuns();
    result.current.run(queries(6), { concurrency: 2 });
    await waitFor(() => expect(result.current.queue?.active).toBe(2));
    result.current.cancel();
    await waitFor(() => expect(result.current.cancelled).toBe(true));
    await new Promise((r) => setTimeout(r, 250));
    const ledger = await sandboxControl.ledger();
    expect(ledger.calls.length).toBeLessThanOrEqual(2);
    expect(result.current.slots.filter((s) => s.data)).toHaveLength(0);
  });
});
