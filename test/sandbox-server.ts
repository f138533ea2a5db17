import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiMiddleware } from '../src/server/api-middleware.ts';
import type { AccountShape } from '../src/sandbox/account-shapes.ts';
import type { FaultInit } from '../src/sandbox/state.ts';
import { ENDPOINT_LIST, ENDPOINTS, type EndpointId } from '../src/api/endpoints.ts';

const UNPUBLISHED_COSTS_AT_ZERO = Object.fromEntries(
  ENDPOINT_LIST.filter((e) => e.cost === null).map((e) => [e.id, 0]),
);

export interface TestSandbox {
  origin: string;
  reset(): Promise<void>;
  close(): Promise<void>;
}

let current: { origin: string } | undefined;

interface Hold {
  path: string;
  /** The held request, once it has come. */
  waiting: (() => void) | null;
  released: boolean;
  /** Fails the held request (the test is over): it never reaches the sandbox. */
  drop: (() => void) | null;
}
let holds: Hold[] = [];

/**
 * The header test/setup.ts numbers each of the app's requests with, so the test's network can
 * tell which of them are still on their way (see `carried`). The sandbox ignores it.
 */
export const WIRE_ID_HEADER = 'x-test-wire-id';
let lastWireId = 0;
/** Requests handed to fetch that have neither reached the sandbox nor failed. */
const onTheWire = new Set<string>();
let wireWaiters: (() => void)[] = [];

/** A request of the app leaves for the sandbox: its id, for its header. */
export function wireSent(): string {
  const id = String(++lastWireId);
  onTheWire.add(id);
  return id;
}

/** A request reached the sandbox, or failed (aborted before it arrived). */
export function wireLanded(id: string | undefined): void {
  if (id === undefined || !onTheWire.delete(id) || onTheWire.size > 0) return;
  for (const resolve of wireWaiters) resolve();
  wireWaiters = [];
}

/** The same middleware Vite mounts, on its own port, with no simulated latency. */
export async function startTestSandbox(): Promise<TestSandbox> {
  const middleware = createApiMiddleware({ mode: 'sandbox', latencyMs: 0 });
  const serve = (req: IncomingMessage, res: ServerResponse) =>
    middleware(req, res, () => {
      res.statusCode = 404;
      res.end('not an API path');
    });
  const server: Server = createServer((req, res) => {
    const wireId = req.headers[WIRE_ID_HEADER];
    wireLanded(typeof wireId === 'string' ? wireId : undefined);
    const path = new URL(req.url ?? '/', 'http://sandbox').pathname.replace(/\/$/, '');
    const hold = holds.find((h) => h.path === path && !h.released && !h.waiting);
    if (!hold) return serve(req, res);
    hold.waiting = () => serve(req, res);
    hold.drop = () => res.destroy();
  });
  // The server never closes an idle connection itself: the test's client does. A test that
  // blocks its event loop for seconds (linting, a long render) made both sides' idle timers
  // fire at once, and the next request met a socket the server had just closed (ECONNRESET).
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  current = { origin };
  return {
    origin,
    // Unpublished costs stay at 0 here (the dev sandbox charges small ones), so every test's
    // ledger follows the published costs; a test that measures costs sets them (setCosts).
    reset: async () => {
      for (const hold of holds) hold.drop?.();
      holds = [];
      await control('POST', '/reset', { costs: UNPUBLISHED_COSTS_AT_ZERO });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  if (!current) throw new Error('The test sandbox is not running');
  const res = await fetch(`${current.origin}/api/_sandbox${path}`, {
    method,
    // Writes to the control endpoint must be JSON (like the app sends them).
    headers: method === 'GET' ? undefined : { 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  if (!res.ok) throw new Error(`sandbox control ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export interface Ledger {
  latencyMs: number;
  accounts: Record<
    string,
    {
      requestUsed: number;
      requestLimit: number;
      creditsLeft: number;
      inFlight: number;
      peakInFlight: number;
    }
  >;
  calls: { at: string; endpoint: string; status: number; credits: number; aborted?: true }[];
  /** Every request as it arrived, with its parameters (never the key). */
  received: { at: string; endpoint: string; params: Record<string, string> }[];
}

/** Origin of the running test sandbox (e.g. to put a live-mode proxy in front of it). */
export function sandboxOrigin(): string {
  if (!current) throw new Error('The test sandbox is not running');
  return current.origin;
}

/** The sandbox's control endpoint, as tests and demos use it. */
export const sandboxControl = {
  ledger: () => control('GET', '') as Promise<Ledger>,
  fault: (fault: FaultInit) => control('POST', '/faults', fault),
  setCreditsUsed: (used: number) => control('POST', '/credits', { used }),
  /** Credits per successful request of some endpoints (e.g. `{ shorts: 10 }`). */
  setCosts: (costs: Partial<Record<EndpointId, number>>) => control('POST', '/costs', costs),
  /** How long the sandbox waits before it delivers a webhook job to its inbox. */
  setDeliveryDelay: (ms: number) => control('POST', '/inbox/delay', { ms }),
  /** Which shape seen in the wild `/account` answers in (full, minimal, activeThread, strings, empty). */
  setAccountShape: (shape: AccountShape) => control('POST', '/account', { shape }),
  /** Moves the sandbox's day on: search answers drift (src/sandbox/data/search.ts). */
  drift: (days = 1) => control('POST', '/drift', { days }),
  /** Every request waits `ms`, plus up to `jitterMs` more at random. */
  setLatency: (ms: number, jitterMs = 0) => control('POST', '/latency', { ms, jitterMs }),
  /**
   * Holds the next request to an endpoint at the sandbox's door until the returned function
   * is called: it stays in flight for as long as the test needs, where a slow fault's delay
   * could run out first on a loaded machine (or with StrictMode's second renders). A hold
   * still closed when the test ends fails its request; it never reaches the sandbox.
   */
  /**
   * Resolves once every request the app has handed to fetch has reached the sandbox (or
   * failed). In a browser the network carries a request while the page goes on; here it
   * shares the test's event loop, so a test that moves fake time on key by key (a person
   * typing) waits for it, where 80 ms of real typing would have let the request out.
   */
  carried: (): Promise<void> =>
    onTheWire.size === 0
      ? Promise.resolve()
      : new Promise((resolve) => {
          wireWaiters.push(resolve);
        }),
  hold: (id: EndpointId): (() => void) => {
    const hold: Hold = {
      path: `/api${ENDPOINTS[id].path}`,
      waiting: null,
      released: false,
      drop: null,
    };
    holds.push(hold);
    return () => {
      hold.released = true;
      hold.waiting?.();
    };
  },
};
