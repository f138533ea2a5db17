import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { forgetRequests } from '../src/api/cost-meter.ts';
import { abortAllRequests } from '../src/api/in-flight.ts';
import { flushStoredStores } from '../src/lib/store.ts';
import { closeKeyDialog } from '../src/session/key-dialog-store.ts';
import { forgetOfferedKey } from '../src/workspace/interop/key-offer.ts';
import { checkConsole, guardConsole } from './console-guard.ts';
import {
  startTestSandbox,
  type TestSandbox,
  WIRE_ID_HEADER,
  wireLanded,
  wireSent,
} from './sandbox-server.ts';

// Property tests explore new random cases on every local run; in CI they replay one fixed
// seed so a run is repeatable (a failure prints its seed and path to reproduce locally).
if (process.env.CI) fc.configureGlobal({ seed: 20_261_121 });

// findBy… waits up to 6 s (not 1 s): on a busy 2-core machine the first test of a file waits for
// its view to be transformed and loaded.
configure({ asyncUtilTimeout: 6000 });

// jsdom lays nothing out, so it has no scrolling: window.scrollTo only logs "Not implemented".
if (typeof window !== 'undefined') window.scrollTo = () => {};

let sandbox: TestSandbox;
const nodeFetch = globalThis.fetch;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  // The app calls same-origin `/api/…`. jsdom has no server behind its origin, so
  // relative URLs go to the real sandbox on its port (the network edge, not our modules).
  // jsdom's AbortSignal is not the one Node's fetch accepts, so aborts are forwarded.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const toSandbox = raw.startsWith('/');
    const url = toSandbox ? `${sandbox.origin}${raw}` : raw;
    const controller = new AbortController();
    const signal = init?.signal;
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', () => controller.abort(), { once: true });
    if (!toSandbox) return nodeFetch(url, { ...init, signal: controller.signal });
    // Numbered, so a test can wait for the requests still on their way (sandboxControl.carried).
    const wireId = wireSent();
    const headers = new Headers(init?.headers);
    headers.set(WIRE_ID_HEADER, wireId);
    const sent = nodeFetch(url, { ...init, headers, signal: controller.signal });
    sent.then(
      () => wireLanded(wireId),
      () => wireLanded(wireId),
    );
    return sent;
  });
});

afterAll(async () => {
  await sandbox?.close();
});

beforeEach(async () => {
  await sandbox.reset();
  // Files that run in the node environment (server tests) have no window.
  if (typeof window !== 'undefined') {
    // A store's put-off write from the last test lands now, not inside this one.
    flushStoredStores();
    window.sessionStorage.clear();
    window.localStorage.clear();
    // As the browser tells a page whose storage another page cleared: a shared list (the
    // history) then stops merging its earlier writes back into the next (lib/shared-list.ts).
    window.dispatchEvent(
      new StorageEvent('storage', { key: null, newValue: null, storageArea: window.localStorage }),
    );
  }
  guardConsole();
});

afterEach(() => {
  cleanup();
  // A test's env (e.g. a 300 ms client timeout) must not reach the next test of its file.
  vi.unstubAllEnvs();
  // Paid requests outlive their view by design; they must not outlive their test.
  abortAllRequests();
  forgetRequests();
  // Module state: a dialog left open (and a key it was offered) would greet the next test.
  closeKeyDialog();
  forgetOfferedKey();
  checkConsole();
});
