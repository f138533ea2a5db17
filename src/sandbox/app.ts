import type { IncomingMessage } from 'node:http';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  assumedDefault,
  endpointForPath,
  ENDPOINTS,
  mediaTypeForFormat,
  type EndpointSpec,
} from '../api/endpoints.ts';
import { validateParams } from '../api/params.ts';
import { suggestions } from './data/autocomplete.ts';
import { renderListingPhoto } from './data/photos.ts';
import { realtyListings, realtyTotalCount } from './data/realty.ts';
import { renderScreenshot, screenshotLatencyMs, type ScreenshotFormat } from './data/screenshot.ts';
import { organicResults } from './data/search.ts';
import { shortsHtmlPage, shortVideos } from './data/shorts.ts';
import { parseShortMediaFile, renderShortMedia, shortMediaType } from './data/shorts-media.ts';
import { webhookJob } from './data/webhook.ts';
import { accountBody, ACCOUNT_SHAPES, isAccountShape } from './account-shapes.ts';
import { parseCostChanges } from './costs.ts';
import { reservedFailure } from './reserved-queries.ts';
import { tourFile } from './tour.ts';
import {
  DEMO_KEY,
  MAX_DRIFT_DAYS,
  SandboxState,
  type FaultInit,
  type KeyAccount,
} from './state.ts';
import { isRecord } from '../lib/is-record.ts';

export interface SandboxOptions {
  /** Simulated latency per request (default 250 ms; tests use 0). */
  latencyMs?: number;
  /**
   * Served alone (`npm run sandbox`), with no Vite in front to check the `Host` header: then
   * every request must name a loopback host, and a control write come from a loopback origin.
   */
  standalone?: boolean;
}

export interface Sandbox {
  app: Hono;
  state: SandboxState;
}

/** Plain-text error bodies, like the live service (upstream-notes.md). */
const STATUS_BODIES: Record<number, string> = {
  400: 'Bad request.',
  401: 'Invalid API key. Your API key should be here: https://dashboard.example/manage-api-key',
  403: 'Your account has run out of searches. Upgrade your plan or wait for it to renew.',
  404: 'The target URL could not be found.',
  410: 'The request timed out after several retries.',
  429: 'Concurrent connection limit reached. Retry once a running request has finished.',
  500: 'Internal server error.',
  502: 'Bad gateway.',
  503: 'Service unavailable.',
};

type Payload =
  { kind: 'json'; body: unknown } | { kind: 'bytes'; body: Uint8Array; contentType: string };

const text = (c: Context, status: number, body?: string) =>
  c.text(body ?? STATUS_BODIES[status] ?? `HTTP ${status}`, status as 400);

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0) return resolve();
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

/** The reserved `.invalid` top-level domain stands for "the target URL is wrong" (a charged 404). */
const isUnreachable = (url: string | undefined) => {
  try {
    return url !== undefined && new URL(url).hostname.endsWith('.invalid');
  } catch {
    return false;
  }
};

/**
 * The control endpoint changes credits and injects faults: its writes must be JSON from the
 * app's own origin (or from a tool that sends no `Origin`, like curl), so a page on another
 * site cannot reset or sabotage a demo with a form or a `text/plain` fetch. Checked here, in
 * the app, so the sandbox behind Vite and the standalone one (`npm run sandbox`) agree. Behind
 * Vite the app's origin is the request's own `Host`, which Vite has checked (its
 * `allowedHosts`); alone, `Host` is whatever the page that sent it resolved (DNS rebinding:
 * `evil.example` pointed at 127.0.0.1), so only a loopback origin counts.
 */
function controlGuard(standalone: boolean): MiddlewareHandler {
  return async (c, next) => {
    const writes = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const refusal = writes ? controlRefusal(c, standalone) : null;
    if (refusal) return refusal;
    await next();
  };
}

/** The names that reach this machine only: what `npm run sandbox` answers to. */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether `host` (`name[:port]`, as in a `Host` header) names a loopback host. */
export function isLoopbackHost(host: string): boolean {
  try {
    return LOOPBACK_HOSTNAMES.has(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

function isAppOrigin(origin: string, host: string, standalone: boolean): boolean {
  if (!standalone) return origin === `http://${host}` || origin === `https://${host}`;
  try {
    const url = new URL(origin);
    return /^https?:$/.test(url.protocol) && url.origin === origin && isLoopbackHost(url.host);
  } catch {
    return false;
  }
}

function controlRefusal(c: Context, standalone: boolean): Response | null {
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  const host = c.req.header('host') ?? '';
  if (
    (site !== undefined && site !== 'same-origin' && site !== 'none') ||
    (origin !== undefined && !isAppOrigin(origin, host, standalone))
  )
    return c.text('The sandbox control endpoint accepts requests from this app only.', 403);
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
    return c.text('Send JSON: content-type: application/json.', 415);
  return null;
}

/**
 * Alone, the sandbox answers only requests that name a loopback host: a page that rebinds its
 * own name to 127.0.0.1 cannot read the sandbox (its ledger, its inbox, the demo key's
 * answers) any more than write it.
 */
const loopbackOnly: MiddlewareHandler = async (c, next) => {
  if (!isLoopbackHost(c.req.header('host') ?? ''))
    return c.text('The sandbox answers requests to localhost or 127.0.0.1 only.', 403);
  await next();
};

/**
 * The embedded upstream: the whole interface with key checks, credit metering,
 * a concurrency cap, plain-text errors, latency and fault injection. Served at
 * both `/…` and `/api/…`, so the same app works behind the dev proxy and standalone.
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const state = new SandboxState(options.latencyMs);
  const core = new Hono();

  if (options.standalone) core.use('*', loopbackOnly);
  core.use('/_sandbox/*', controlGuard(options.standalone ?? false));
  core.get('/_sandbox', (c) => c.json(state.snapshot()));
  core.post('/_sandbox/reset', async (c) => {
    // An optional {"costs": {…}} applies right after the reset (the jsdom tests keep
    // unpublished costs at 0 this way, so every test's ledger starts from the same rules).
    const body = (await c.req.json().catch(() => ({}))) as { costs?: unknown };
    const costs = body.costs === undefined ? {} : parseCostChanges(body.costs);
    if (typeof costs === 'string') return c.text(costs, 400);
    state.reset();
    Object.assign(state.costs, costs);
    return c.json(state.snapshot());
  });
  core.post('/_sandbox/costs', async (c) => {
    const costs = parseCostChanges(await c.req.json().catch(() => null));
    if (typeof costs === 'string') return c.text(costs, 400);
    Object.assign(state.costs, costs);
    return c.json(state.snapshot());
  });
  core.post('/_sandbox/account', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { shape?: unknown };
    const account = state.accounts.get(DEMO_KEY);
    if (!account || !isAccountShape(body.shape))
      return c.text(`send {"shape": one of ${ACCOUNT_SHAPES.join(', ')}}`, 400);
    account.shape = body.shape;
    return c.json(state.snapshot());
  });
  // The built-in tour: a demo script whose answers are made here, for the demo key's account.
  core.get('/_sandbox/tour', async (c) => {
    const account = state.accounts.get(DEMO_KEY);
    if (!account) return text(c, 500);
    return c.json(
      await tourFile((id, params) => answer(ENDPOINTS[id], params, account, c, state.day())),
    );
  });
  core.get('/_sandbox/inbox', (c) =>
    c.json({
      delayMs: state.inbox.delayMs,
      jobs: state.inbox.jobs,
      deliveries: state.inbox.deliveries,
      notices: state.inbox.notices,
    }),
  );
  // The dashboard's own notices (a tracker's alerts), as the owner's webhook would receive them.
  core.post('/_sandbox/inbox/notices', async (c) => {
    const payload = (await c.req.json().catch(() => null)) as unknown;
    if (!isRecord(payload)) return c.text('send a JSON object', 400);
    if (JSON.stringify(payload).length > 64_000) return c.text('the notice is too large', 413);
    return c.json(state.inbox.receive(payload), 201);
  });
  core.post('/_sandbox/inbox/delay', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { ms?: unknown };
    const ms = Number(body.ms);
    if (!Number.isFinite(ms) || ms < 0 || ms > 600_000)
      return c.text('ms must be from 0 to 600000', 400);
    state.inbox.delayMs = ms;
    return c.json({ delayMs: state.inbox.delayMs, deliveries: state.inbox.deliveries });
  });
  core.post('/_sandbox/faults', async (c) => {
    const init = (await c.req.json().catch(() => null)) as FaultInit | null;
    const fault = init
      ? state.addFault(init)
      : 'send a JSON fault, e.g. {"kind":"status","status":500}';
    return typeof fault === 'string' ? c.text(fault, 400) : c.json(fault, 201);
  });
  core.delete('/_sandbox/faults', (c) => {
    state.faults = [];
    return c.json(state.snapshot());
  });
  core.post('/_sandbox/latency', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { ms?: unknown; jitterMs?: unknown };
    const ms = Number(body.ms);
    const jitterMs = Number(body.jitterMs ?? 0);
    if (!Number.isFinite(ms) || ms < 0 || ms > 120_000)
      return c.text('ms must be from 0 to 120000', 400);
    if (!Number.isFinite(jitterMs) || jitterMs < 0 || jitterMs > 120_000)
      return c.text('jitterMs must be from 0 to 120000', 400);
    state.latencyMs = ms;
    state.latencyJitterMs = jitterMs;
    return c.json(state.snapshot());
  });
  core.post('/_sandbox/credits', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { used?: unknown; key?: unknown };
    const account = state.accounts.get(typeof body.key === 'string' ? body.key : DEMO_KEY);
    const used = Number(body.used);
    if (!account || !Number.isInteger(used) || used < 0)
      return c.text('send {"used": <whole number>}', 400);
    account.requestUsed = Math.min(used, account.requestLimit);
    return c.json(state.snapshot());
  });
  // Moves the sandbox's day on: search answers drift (ranks move, results enter and leave).
  core.post('/_sandbox/drift', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { days?: unknown };
    const days = Number(body.days ?? 1);
    if (!Number.isInteger(days) || days < 1 || days > MAX_DRIFT_DAYS)
      return c.text(`days must be a whole number from 1 to ${MAX_DRIFT_DAYS}`, 400);
    state.driftDays += days;
    return c.json(state.snapshot());
  });
  core.get('/_sandbox/photos/:file', async (c) => {
    const seed = c.req.param('file').replace(/\.jpg$/, '');
    if (!/^[\w-]{1,80}$/.test(seed)) return text(c, 404, 'No such photo.');
    const jpeg = await renderListingPhoto(seed);
    return c.body(new Uint8Array(jpeg), 200, {
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=86400, immutable',
    });
  });

  core.get('/_sandbox/shorts/:file', async (c) => {
    const media = parseShortMediaFile(c.req.param('file'));
    if (!media) return text(c, 404, 'No such image.');
    const bytes = await renderShortMedia(media.id, media.kind);
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': shortMediaType(media.kind),
      'cache-control': 'public, max-age=86400, immutable',
    });
  });

  core.get('*', async (c) => {
    // Mounted at both / and /api, hono keeps the full path: drop the prefix before the lookup.
    const path = c.req.path.replace(/^\/api(?=\/)/, '');
    const spec = endpointForPath(path);
    if (!spec) return text(c, 404, `No endpoint at ${path}.`);
    return handleEndpoint(c, spec, state);
  });

  const app = new Hono();
  app.route('/api', core);
  app.route('/', core);
  return { app, state };
}

async function handleEndpoint(
  c: Context,
  spec: EndpointSpec,
  state: SandboxState,
): Promise<Response> {
  const query = c.req.query();
  const receivedAt = state.receive(spec.path, query);
  const account = state.accounts.get(query.api_key ?? '');
  const finish = (status: number, credits = 0, aborted = false) => {
    if (account)
      account.requestUsed = Math.min(account.requestLimit, account.requestUsed + credits);
    state.record(
      { endpoint: spec.path, status, credits, ...(aborted ? { aborted } : {}) },
      receivedAt,
    );
  };
  if (!account) {
    finish(401);
    return text(c, 401);
  }

  const metered = spec.metered;
  if (metered && account.inFlight >= account.concurrencyLimit) {
    finish(429);
    return text(c, 429);
  }

  // Only metered requests take a concurrency slot (the catalogue's `metered`): the account
  // refresh beside a batch of requests must not push one of them into a 429.
  if (metered) {
    account.inFlight += 1;
    account.peakInFlight = Math.max(account.peakInFlight, account.inFlight);
  }
  const signal = c.req.raw.signal;
  try {
    // A screenshot waits as long as its wait_until asks (networkidle slowest).
    const latency =
      spec.id === 'screenshot'
        ? screenshotLatencyMs(state.nextLatencyMs(), query.wait_until)
        : state.nextLatencyMs();
    await sleep(latency, signal);
    const fault = signal.aborted ? undefined : state.takeFault(spec.id, metered);
    if (fault?.kind === 'slow') await sleep(fault.delayMs ?? 0, signal);
    // The client went away (a reload, a closed tab): the work was started, so the request is
    // charged as a success would be, once, at the time it arrived; nothing more is done for it.
    if (signal.aborted) {
      finish(499, state.costs[spec.id], true);
      return text(c, 499, 'Client closed the request.');
    }
    if (fault?.kind === 'drop' || fault?.kind === 'reset') {
      finish(0);
      return dropConnection(c, fault.kind === 'reset');
    }
    if (
      fault?.kind === 'status' &&
      fault.status !== undefined &&
      (fault.status !== 200 || fault.body !== undefined)
    ) {
      const charged = fault.status === 404 || fault.status === 200 ? state.costs[spec.id] : 0;
      finish(fault.status, charged);
      for (const [name, value] of Object.entries(fault.headers ?? {})) c.header(name, value);
      if (fault.contentType === undefined) return text(c, fault.status, fault.body);
      return c.body(fault.body ?? '', fault.status as 200, { 'content-type': fault.contentType });
    }

    // As strict as the interface and the OpenAPI document: the catalogue's wire reading.
    const checked = validateParams(spec, query, 'wire');
    if (!checked.ok) {
      finish(400);
      return text(c, 400, `Invalid request: ${Object.values(checked.errors).join(' ')}`);
    }
    const cost = state.costs[spec.id];
    if (metered && account.requestLimit - account.requestUsed < Math.max(cost, 1)) {
      finish(403);
      return text(c, 403);
    }
    const params = Object.fromEntries(checked.wire);
    if (isUnreachable(params.url)) {
      finish(404, cost);
      return text(c, 404);
    }
    const reserved = reservedFailure(params.query);
    if (reserved) {
      finish(reserved.status, reserved.charged ? cost : 0);
      return text(c, reserved.status);
    }

    const payload = await answer(spec, params, account, c, state.day());
    finish(200, cost);
    if (spec.id === 'webhook' && payload.kind === 'json')
      state.inbox.schedule((payload.body as { sid: string }).sid, params);
    if (fault?.kind === 'drop-body')
      return dropMidBody(c, payload.kind === 'bytes' ? payload : jsonBytes(payload.body));
    if (payload.kind === 'bytes') {
      return c.body(payload.body as Uint8Array<ArrayBuffer>, 200, {
        'content-type': payload.contentType,
      });
    }
    const json = JSON.stringify(payload.body);
    if (fault?.kind === 'malformed')
      return c.body(`<html><body>Upstream hiccup ${json.slice(0, 40)}`, 200, {
        'content-type': 'application/json',
      });
    if (fault?.kind === 'truncated')
      return c.body(json.slice(0, Math.floor(json.length / 2)), 200, {
        'content-type': 'application/json',
      });
    return c.body(json, 200, { 'content-type': 'application/json; charset=utf-8' });
  } finally {
    if (metered) account.inFlight -= 1;
  }
}

async function answer(
  spec: EndpointSpec,
  params: Record<string, string>,
  account: KeyAccount,
  c: Context,
  /** The sandbox's day: search answers drift by it. */
  day: number,
): Promise<Payload> {
  const prefix = c.req.path.startsWith('/api/') ? '/api' : '';
  const mediaBase = `${new URL(c.req.url).origin}${prefix}/_sandbox/photos`;
  const echo = { search_parameters: { engine: spec.path.slice(1), ...params } };
  switch (spec.id) {
    case 'shorts': {
      const shortsBase = `${new URL(c.req.url).origin}${prefix}/_sandbox/shorts`;
      const query = { query: params.query ?? '', ...params };
      // html=true: the search page itself (its shape is not documented), not JSON.
      if (params.html === 'true')
        return {
          kind: 'bytes',
          body: new TextEncoder().encode(shortsHtmlPage(query, shortsBase)),
          contentType: 'text/html; charset=utf-8',
        };
      return {
        kind: 'json',
        body: { ...echo, short_videos_results: shortVideos(query, shortsBase) },
      };
    }
    case 'search': {
      // Like the live engine, a query with nothing to match answers without the result list at all.
      if (!/[\p{L}\p{N}]/u.test(params.query ?? '')) return { kind: 'json', body: echo };
      return {
        kind: 'json',
        body: {
          ...echo,
          organic_results: organicResults({ query: params.query ?? '', ...params }, day),
        },
      };
    }
    case 'autocomplete':
      return { kind: 'json', body: suggestions({ query: params.query ?? '', ...params }) };
    case 'realty': {
      const total = realtyTotalCount(params.url ?? '');
      return {
        kind: 'json',
        body: {
          ...echo,
          realty_listings: realtyListings(params.url ?? '', mediaBase),
          ...(total === undefined ? {} : { totalResultCount: total }),
        },
      };
    }
    case 'webhook':
      return { kind: 'json', body: webhookJob() };
    case 'account':
      return { kind: 'json', body: accountBody(account, account.shape) };
    case 'screenshot': {
      // Empty parameters take the catalogue's defaults (or what the sandbox assumes where none is given).
      const value = (name: string) => params[name] ?? assumedDefault(spec, name) ?? '';
      const format = value('format') as ScreenshotFormat;
      const bytes = await renderScreenshot({
        url: value('url'),
        width: Number(value('width')),
        height: Number(value('height')),
        fullPage: value('fullPage') === 'true',
        format,
        quality: Number(value('quality')),
        waitUntil: value('wait_until'),
      });
      return {
        kind: 'bytes',
        body: new Uint8Array(bytes),
        contentType: mediaTypeForFormat(format) ?? 'application/octet-stream',
      };
    }
  }
}

const jsonBytes = (body: unknown) => ({
  body: new TextEncoder().encode(JSON.stringify(body)),
  contentType: 'application/json',
});

/** A 200 whose body breaks off half-way: the socket closes while the client reads it. */
function dropMidBody(c: Context, payload: { body: Uint8Array; contentType: string }): Response {
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  const half = payload.body.slice(0, Math.floor(payload.body.byteLength / 2));
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(half);
        // Without a socket (app.fetch called directly) the stream just stays open.
        setTimeout(() => socket?.destroy(), 20);
      },
    }),
    {
      status: 200,
      headers: {
        'content-type': payload.contentType,
        'content-length': String(payload.body.byteLength),
      },
    },
  );
}

/**
 * Closes the socket without an answer, like a proxy or the service falling over mid-request;
 * `reset` sends a TCP RST instead of a FIN, as a crashed or overloaded upstream does.
 */
function dropConnection(c: Context, reset = false): Response {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) {
    if (reset) incoming.socket.resetAndDestroy();
    else incoming.socket.destroy();
    return new Response(null);
  }
  // No socket (called through app.fetch directly): a body that fails half-way is the nearest thing.
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.error(new Error('connection dropped by the sandbox'));
      },
    }),
  );
}
