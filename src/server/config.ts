import { DEFAULT_MAX_BODY_BYTES } from '../api/proxy-contract.ts';
import { UPSTREAM_TIMEOUT_MS } from './proxy.ts';
import type { ApiMeta, SandboxExamples } from '../api/upstream-meta.ts';

/** Where `/api/*` goes: the live service (API_TARGET) or the embedded sandbox. */
export type ApiConfig =
  | { mode: 'sandbox'; latencyMs: number | undefined }
  | {
      mode: 'live';
      target: URL;
      pathMap: Readonly<Record<string, string>>;
      /** Largest upstream body forwarded (API_MAX_BODY_BYTES). */
      maxBodyBytes: number;
      /** The whole exchange with the upstream, body included (API_TIMEOUT_MS). */
      timeoutMs: number;
    };

/** Reads API_TARGET, API_PATH_MAP, API_MAX_BODY_BYTES, API_TIMEOUT_MS and SANDBOX_LATENCY_MS; throws a message that says what to fix. */
export function readApiConfig(env: Readonly<Record<string, string | undefined>>): ApiConfig {
  const rawTarget = env.API_TARGET?.trim();
  if (!rawTarget) {
    const latency = env.SANDBOX_LATENCY_MS?.trim();
    const latencyMs = latency ? Number(latency) : undefined;
    if (latencyMs !== undefined && !(Number.isFinite(latencyMs) && latencyMs >= 0)) {
      throw new Error(`SANDBOX_LATENCY_MS must be a number of milliseconds, got "${latency}".`);
    }
    return { mode: 'sandbox', latencyMs };
  }
  let target: URL;
  try {
    target = new URL(rawTarget);
  } catch {
    throw new Error(
      `API_TARGET must be a base URL such as https://api.example.com, got "${rawTarget}".`,
    );
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    throw new Error(
      `API_TARGET must start with https:// (or http:// for a local upstream), got "${target.protocol}".`,
    );
  }
  if (target.username || target.password || target.search) {
    throw new Error(
      'API_TARGET must not carry credentials or a query string: the key comes from the dashboard.',
    );
  }
  return {
    mode: 'live',
    target,
    pathMap: parsePathMap(env.API_PATH_MAP ?? ''),
    maxBodyBytes: positiveWhole(env, 'API_MAX_BODY_BYTES', 'bytes', DEFAULT_MAX_BODY_BYTES),
    timeoutMs: positiveWhole(env, 'API_TIMEOUT_MS', 'milliseconds', UPSTREAM_TIMEOUT_MS),
  };
}

function positiveWhole(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  unit: string,
  fallback: number,
): number {
  const raw = env[name]?.trim();
  const value = raw ? Number(raw) : fallback;
  if (!(Number.isSafeInteger(value) && value > 0))
    throw new Error(`${name} must be a whole number of ${unit}, got "${raw}".`);
  return value;
}

/** `engine_shorts=brand_shorts, realty=brand_realty` → { engine_shorts: 'brand_shorts', realty: 'brand_realty' } */
export function parsePathMap(raw: string): Record<string, string> {
  // No prototype: a lookup of `constructor` or `__proto__` finds nothing.
  const map: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const pair of raw.split(',')) {
    if (!pair.trim()) continue;
    const [from, to, ...rest] = pair.split('=').map((s) => s.trim().replace(/^\/+|\/+$/g, ''));
    if (!from || !to || rest.length > 0 || !/^[\w.-]+$/.test(from) || !/^[\w./-]+$/.test(to)) {
      throw new Error(`API_PATH_MAP entries look like neutral=upstream, got "${pair.trim()}".`);
    }
    map[from] = to;
  }
  return map;
}

/** RUNNER_URL: the tracker runner the dev/preview server forwards /runner/ to, or null for none. */
export function readRunnerUrl(env: Readonly<Record<string, string | undefined>>): string | null {
  return env.RUNNER_URL?.trim() || null;
}

export function metaFor(
  config: ApiConfig,
  demoKey: string,
  examples: SandboxExamples | null,
  runner: boolean,
): ApiMeta {
  if (config.mode === 'sandbox') {
    return {
      mode: 'sandbox',
      upstreamHost: null,
      snippetBase: null,
      pathMap: {},
      demoKey,
      examples,
      runner,
    };
  }
  const base = `${config.target.origin}${config.target.pathname.replace(/\/+$/, '')}`;
  return {
    mode: 'live',
    upstreamHost: config.target.host,
    snippetBase: base,
    pathMap: config.pathMap,
    demoKey: null,
    examples: null,
    runner,
  };
}
