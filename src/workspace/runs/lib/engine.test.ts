import { describe, expect, test } from 'vitest';
import { requestEndpoint } from '../../../api/requests.ts';
import type { QueueState } from '../../../lib/run-queue.ts';
import { sandboxControl } from '../../../../test/sandbox-server.ts';
import { afterReload, cellsToResume, cellView, type CellRun } from './cells.ts';
import type { BatchEndpointId } from './endpoints.ts';
import { parseQueryLines } from './intake.ts';
import type { Locale } from './locale.ts';
import { buildMatrix, type BatchCell } from './matrix.ts';
import type { CountedCost } from './pricing.ts';
import { batchRunPolicy, isFreeRequest } from './run-policy.ts';
import { startRun, type RunOptions } from './engine.ts';

// The engine against the real sandbox: every request goes through the app's client to the
// sandbox's HTTP server, and its ledger says what was charged.

const US: Locale = { country: 'us', language: 'en' };
const GB: Locale = { country: 'gb', language: 'en' };

const cellsOf = (queries: string[], locales = [US], endpoint: BatchEndpointId = 'search') =>
  buildMatrix(endpoint, parseQueryLines(queries.join('\n'), endpoint).rows, locales).cells;

const queries = (n: number) => Array.from({ length: n }, (_, i) => `keyword ${i + 1}`);

/** Starts a run and resolves when it has nothing in flight and nothing it could still send. */
function start(
  cells: readonly BatchCell[],
  options: Partial<RunOptions> & { free?: boolean } = {},
) {
  // A free request: one whose cost was measured at 0 (the test sandbox charges nothing for it).
  const unit: CountedCost = options.free
    ? { credits: 0, basis: 'measured' }
    : { credits: 20, basis: 'published' };
  const runs = new Map<string, CellRun>();
  let settle: (state: QueueState) => void;
  const finished = new Promise<QueueState>((resolve) => (settle = resolve));
  const batch = startRun({
    cells,
    limit: 4,
    cap: null,
    unitCost: () => unit.credits,
    cachedAt: () => undefined,
    writeAhead: () => Promise.resolve(),
    send: (cell, signal) =>
      requestEndpoint(cell.endpoint, cell.params, { apiKey: 'demo-key', signal }),
    policy: batchRunPolicy(() => isFreeRequest(cells[0]!.endpoint, unit), 20),
    onCell: (cell, run) => runs.set(cell.id, run),
    onRest: ({ state }) => settle(state),
    ...options,
  });
  return { batch, runs, finished };
}

const searchCalls = async () =>
  (await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/search');
const paid = async () => (await searchCalls()).filter((c) => c.credits > 0);
const statesOf = (runs: Map<string, CellRun>) => [...runs.values()].map((r) => r.state);

describe('a batch run against the sandbox', () => {
  test('the cap stops the run before the request that would cross it: exactly that many are paid', async () => {
    const cells = cellsOf(queries(12));
    const { batch, runs, finished } = start(cells, { cap: 100 });
    const state = await finished;
    expect(await paid()).toHaveLength(5);
    expect((await sandboxControl.ledger()).accounts['demo-key']!.requestUsed).toBe(100);
    expect(state).toMatchObject({ held: 'cap', spent: 100, waiting: 7, waitingCost: 140 });
    expect(cells.slice(5).map((c) => cellView(runs.get(c.id)).text)).toEqual(
      Array(7).fill('not checked — stopped by the cap'),
    );

    // Continuing with a higher cap sends what it allows, and still nothing past it.
    const again = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        const s = batch.state();
        if (s.active === 0 && s.held === 'cap' && s.spent === 200) resolve(clearInterval(check));
      }, 10);
    });
    batch.resume(200);
    await again;
    expect(await paid()).toHaveLength(10);
  });

  test('a cell already answered in this tab is shown as cached, sends nothing and costs nothing', async () => {
    const cells = cellsOf(['coffee', 'tea', 'milk']);
    const answeredAt = Date.UTC(2026, 10, 24, 8);
    const { runs, finished } = start(cells, {
      cap: 40,
      cachedAt: (cell) => (cell.query === 'tea' ? answeredAt : undefined),
    });
    const state = await finished;
    expect(runs.get(cells[1]!.id)).toEqual({ state: 'cached', at: answeredAt });
    expect(cellView(runs.get(cells[1]!.id), { rank: 4 }).text).toBe('cached · #4 · 0 credits');
    // Two paid requests fill the cap of 40: the cached one took none of it.
    expect(await paid()).toHaveLength(2);
    expect(state).toMatchObject({ done: 2, spent: 40, held: null });
  });

  test('never has more requests in flight than its limit, and meets no 429 below the account’s', async () => {
    await sandboxControl.setLatency(20, 30);
    const cells = cellsOf(queries(12), [US, GB]);
    const { runs, finished } = start(cells, { limit: 3 });
    const state = await finished;
    const ledger = await sandboxControl.ledger();
    expect(ledger.accounts['demo-key']!.peakInFlight).toBe(3);
    expect(ledger.calls.filter((c) => c.status === 429)).toEqual([]);
    expect(state).toMatchObject({ done: 24, failed: 0, spent: 480 });
    expect(statesOf(runs).every((s) => s === 'answered')).toBe(true);
    expect(state.meanLatencyMs).toBeGreaterThanOrEqual(20);
  });

  test('above the account’s limit a 429 pauses the run, which resumes by itself and pays each cell once', async () => {
    await sandboxControl.setLatency(40);
    const cells = cellsOf(queries(16));
    const { runs, finished } = start(cells, { limit: 8 });
    const state = await finished;
    const calls = await searchCalls();
    expect(calls.some((c) => c.status === 429)).toBe(true);
    expect(calls.filter((c) => c.status === 429).every((c) => c.credits === 0)).toBe(true);
    expect(calls.filter((c) => c.status === 200)).toHaveLength(16);
    expect(state).toMatchObject({ done: 16, spent: 320 });
    expect(statesOf(runs).every((s) => s === 'answered')).toBe(true);
  });

  test('failed cells say whether credits were spent, and a paid request is never sent again by itself', async () => {
    const cells = cellsOf(['coffee', 'sandbox:error-500', 'sandbox:charged-404', 'tea']);
    const { runs, finished } = start(cells, { limit: 1 });
    const state = await finished;
    expect(cells.map((c) => cellView(runs.get(c.id), null).text)).toEqual([
      'not in the results',
      // The service documents no rule for a 5xx (upstream-notes.md): the cell cannot know, and
      // the cap counts it; the sandbox's ledger shows it was free.
      'failed — HTTP 500 · credits may have been spent',
      'failed — HTTP 404 · credits spent',
      'not in the results',
    ]);
    expect(runs.get(cells[1]!.id)).toMatchObject({
      state: 'failed',
      charged: 'unknown',
      credits: 20,
    });
    expect(runs.get(cells[2]!.id)).toMatchObject({ state: 'failed', charged: 'yes', credits: 20 });
    expect((await searchCalls()).map((c) => [c.status, c.credits])).toEqual([
      [200, 20],
      [500, 0],
      [404, 20],
      [200, 20],
    ]);
    expect(state).toMatchObject({ done: 2, failed: 2, spent: 80 });
  });

  test('a transient failure of a free request is retried with backoff; of a paid one, never', async () => {
    const retryAt = { 'Retry-After': '0' };
    await sandboxControl.fault({
      kind: 'status',
      status: 503,
      times: 2,
      endpoint: 'autocomplete',
      headers: retryAt,
    });
    const free = start(cellsOf(['coffee'], [US], 'autocomplete'), { free: true, limit: 1 });
    await free.finished;
    expect(statesOf(free.runs)).toEqual(['answered']);
    await sandboxControl.fault({
      kind: 'status',
      status: 503,
      endpoint: 'search',
      headers: retryAt,
    });
    const paidRun = start(cellsOf(['coffee']), { limit: 1 });
    await paidRun.finished;
    expect(cellView([...paidRun.runs.values()][0]).text).toBe(
      'failed — HTTP 503 · credits may have been spent',
    );
    const calls = (await sandboxControl.ledger()).calls.map((c) => [c.endpoint, c.status]);
    expect(calls).toEqual([
      ['/engine_autocomplete', 503],
      ['/engine_autocomplete', 503],
      ['/engine_autocomplete', 200],
      ['/search', 503],
    ]);
    expect(isFreeRequest('search', { credits: 20, basis: 'published' })).toBe(false);
    expect(isFreeRequest('autocomplete', { credits: 0, basis: 'assumed', from: 'published' })).toBe(
      false,
    );
  });

  test('a failure every request would meet (no credits left) holds the run after one request', async () => {
    await sandboxControl.setCreditsUsed(100_000 - 10);
    const cells = cellsOf(queries(5));
    const { runs, finished } = start(cells, { limit: 1 });
    const state = await finished;
    expect(state.held).toBe('fatal');
    expect(await searchCalls()).toHaveLength(1);
    expect(cells.map((c) => runs.get(c.id)?.state)).toEqual([
      'failed',
      'not-checked',
      'not-checked',
      'not-checked',
      'not-checked',
    ]);
  });

  test('cancel keeps what was in flight and sends nothing more', async () => {
    await sandboxControl.setLatency(100);
    const cells = cellsOf(queries(6));
    const { batch, runs, finished } = start(cells, { limit: 2 });
    await expect.poll(() => batch.state().active).toBe(2);
    batch.cancel();
    await finished;
    expect(cells.map((c) => cellView(runs.get(c.id), null).kind)).toEqual([
      'unranked',
      'unranked',
      'not-checked',
      'not-checked',
      'not-checked',
      'not-checked',
    ]);
    expect(await paid()).toHaveLength(2);
  });

  test('after a reload, Resume sends only the cells never sent: nothing is paid twice', async () => {
    await sandboxControl.setLatency(150);
    const cells = cellsOf(queries(6));
    const first = start(cells, { limit: 2 });
    // The page goes away while the second pair is in flight.
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        const s = first.batch.state();
        if (s.done === 2 && s.active === 2) resolve(clearInterval(check));
      }, 5);
    });
    const stored = first.batch.runs();
    first.batch.stop();
    const reopened = afterReload(stored);
    expect(cells.map((c) => reopened[c.id]!.state)).toEqual([
      'answered',
      'answered',
      'interrupted',
      'interrupted',
      'not-checked',
      'not-checked',
    ]);
    const resume = cellsToResume(cells, reopened);
    expect(resume.map((c) => c.query)).toEqual(['keyword 5', 'keyword 6']);
    const second = start(resume, { limit: 2 });
    await second.finished;
    // The interrupted pair reached the service before the page went away: it may charge them.
    await expect
      .poll(async () => (await sandboxControl.ledger()).accounts['demo-key']!.inFlight)
      .toBe(0);
    const calls = await searchCalls();
    expect(calls).toHaveLength(6);
    expect(cellsToResume(cells, { ...reopened, ...second.batch.runs() })).toEqual([]);
  });
});
