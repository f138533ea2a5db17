import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readApiConfig, type ApiConfig } from '../server/config.ts';

/** What the runner reads from its environment; the key stays in memory only. */
export interface RunnerConfig {
  /** The account's key: from API_KEY or the file API_KEY_FILE names, never stored. */
  apiKey: string;
  /** The upstream, read as the dev proxy reads it (API_TARGET, API_PATH_MAP…); sandbox without one. */
  api: ApiConfig;
  /** The embedded database's folder (RUNNER_DATA, default ./.runner). */
  dataDir: string;
  /** A Postgres server shared by several runners, instead of the embedded database. */
  databaseUrl: string | undefined;
  /** Requests in flight at once (RUNNER_CONCURRENCY, default 5: the sandbox's cap). */
  concurrency: number;
  /** How often the service looks for due slots (RUNNER_TICK_MS, default 30 s). */
  tickMs: number;
  /**
   * The dashboard's door (`/runner/`): served on loopback at RUNNER_PORT when RUNNER_TOKEN is
   * set, for the dashboard's proxy to forward to (RUNNER_URL on the dashboard's side).
   */
  dashboard: { port: number; token: string } | null;
}

type Env = Readonly<Record<string, string | undefined>>;

function positive(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  const value = raw ? Number(raw) : fallback;
  if (!(Number.isSafeInteger(value) && value > 0))
    throw new Error(`${name} must be a whole number above 0, got "${raw}".`);
  return value;
}

/**
 * The key: API_KEY, else the first line of API_KEY_FILE (a systemd credential, a mounted
 * secret). Without either the runner may still list, add and export, but not run.
 */
export function readApiKey(env: Env): string {
  const direct = env.API_KEY?.trim();
  if (direct) return direct;
  const file = env.API_KEY_FILE?.trim();
  if (!file) return '';
  try {
    return readFileSync(file, 'utf8').split('\n')[0]!.trim();
  } catch {
    throw new Error(`API_KEY_FILE names a file that cannot be read: ${file}`);
  }
}

export function readRunnerConfig(env: Env): RunnerConfig {
  return {
    apiKey: readApiKey(env),
    api: readApiConfig(env),
    dataDir: resolve(env.RUNNER_DATA?.trim() || '.runner'),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    concurrency: positive(env, 'RUNNER_CONCURRENCY', 5),
    tickMs: positive(env, 'RUNNER_TICK_MS', 30_000),
    dashboard: env.RUNNER_TOKEN?.trim()
      ? { port: positive(env, 'RUNNER_PORT', 8790), token: env.RUNNER_TOKEN.trim() }
      : null,
  };
}
