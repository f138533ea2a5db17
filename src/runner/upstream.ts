import { ENDPOINTS, type EndpointId } from '../api/endpoints.ts';
import { ApiError, parseRetryAfter } from '../api/errors.ts';
import { buildQueryString, validateParams } from '../api/params.ts';
import { toAccountSummary, type AccountSummary } from '../api/account.ts';
import type { AccountResponse } from '../api/schemas.ts';
import { maskEchoedKeysInText } from '../lib/mask-echoed-keys.ts';
import type { ApiConfig } from '../server/config.ts';
import { upstreamUrl } from '../server/proxy.ts';

/** Where the runner's requests go: the live service, or an embedded sandbox in this process. */
export interface Upstream {
  /** "the embedded sandbox" or the live host: said at start, never with the key. */
  describe: string;
  /** One request; resolves with the answer read by its endpoint's schema, throws ApiError. */
  send(
    endpoint: EndpointId,
    params: Readonly<Record<string, string>>,
    signal?: AbortSignal,
  ): Promise<unknown>;
  account(): Promise<AccountSummary>;
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** The key is masked out of anything kept from an answer (an error's excerpt). */
const masked = (text: string, key: string) =>
  maskEchoedKeysInText(key ? text.split(key).join('•••') : text);

/**
 * Requests as the dashboard's proxy forwards them (its URL building, API_PATH_MAP renames, the
 * key appended last as `api_key`), through `fetch`: the same answers, statuses and errors as
 * the browser's client, but the key comes from the runner's environment. No URL is ever logged.
 */
export function createUpstream(
  config: ApiConfig,
  apiKey: string,
  fetcher: Fetch,
  describe: string,
): Upstream {
  const base: ApiConfig & { mode: 'live' } =
    config.mode === 'live'
      ? config
      : {
          mode: 'live',
          target: new URL('http://sandbox.invalid'),
          pathMap: {},
          maxBodyBytes: 50_000_000,
          timeoutMs: 95_000,
        };
  async function call(
    endpoint: EndpointId,
    params: Readonly<Record<string, string>>,
    signal?: AbortSignal,
  ) {
    const spec = ENDPOINTS[endpoint];
    const checked = validateParams(spec, params, 'wire');
    if (!checked.ok) throw new Error(`Bad parameters: ${Object.values(checked.errors).join(' ')}`);
    const url = upstreamUrl(base, spec.path, `?${buildQueryString(checked.wire, apiKey)}`);
    const timeout = AbortSignal.timeout(base.timeoutMs);
    const started = Date.now();
    let response: Response;
    try {
      response = await fetcher(url, {
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        redirect: 'manual',
        headers: { accept: '*/*', 'user-agent': 'web-data-dashboard-runner' },
      });
    } catch {
      // No cause kept: a runtime's error may quote the URL, and with it the key.
      const kind = signal?.aborted ? 'aborted' : timeout.aborted ? 'timeout' : 'network';
      throw new ApiError({ kind, endpoint: spec.path, durationMs: Date.now() - started });
    }
    const text = await response.text().catch(() => '');
    if (response.status !== 200)
      throw new ApiError({
        kind: 'http',
        endpoint: spec.path,
        status: response.status,
        bodyExcerpt: masked(text, apiKey),
        durationMs: Date.now() - started,
        retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
      });
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ApiError({
        kind: 'invalid-response',
        invalid: text.trim() ? 'malformed' : 'empty',
        endpoint: spec.path,
        status: 200,
        bodyExcerpt: masked(text, apiKey),
      });
    }
    const schema = await spec.schema();
    const read = schema.safeParse(value);
    if (!read.success)
      throw new ApiError({
        kind: 'invalid-response',
        invalid: 'wrong-shape',
        endpoint: spec.path,
        status: 200,
      });
    return read.data;
  }
  return {
    describe,
    send: call,
    account: async () => toAccountSummary((await call('account', {})) as AccountResponse),
  };
}

/**
 * The upstream the configuration names. Without API_TARGET the runner embeds the sandbox, as
 * `npm run dev` does, and calls it in-process (no port): its ledger then shows what was paid.
 */
export async function openUpstream(config: ApiConfig, apiKey: string): Promise<Upstream> {
  if (config.mode === 'live')
    return createUpstream(
      config,
      apiKey,
      (url, init) => fetch(url, init),
      `the live upstream ${config.target.host}`,
    );
  const { createSandbox } = await import('../sandbox/app.ts');
  const { DEMO_KEY } = await import('../sandbox/state.ts');
  const { app } = createSandbox({ latencyMs: config.latencyMs });
  return createUpstream(
    config,
    apiKey || DEMO_KEY,
    async (url, init) => app.fetch(new Request(url, init)),
    'the embedded sandbox (key: demo-key)',
  );
}
