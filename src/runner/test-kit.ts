import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createSandbox, type Sandbox } from '../sandbox/app.ts';
import { organicResults } from '../sandbox/data/search.ts';
import { DEMO_CONCURRENCY, DEMO_CREDITS } from '../sandbox/state.ts';
import { hostOf } from '../lib/links.ts';
import { openDb } from './db.ts';
import { MIGRATIONS } from './migrations.ts';
import { serializeTrackers } from '../workspace/trackers/lib/tracker-file.ts';
import { trackerFromBatch, type Tracker } from '../workspace/trackers/lib/tracker.ts';

/** Tests only: a sandbox on a loopback port (its ledger judges), with a key of the test's own. */
export const TEST_KEY = 'runner-test-key-7f3c9a';

export interface TestSandbox extends Sandbox {
  url: string;
  close(): Promise<void>;
}

export async function startSandbox(latencyMs = 0): Promise<TestSandbox> {
  const sandbox = createSandbox({ latencyMs });
  const account = () => ({
    requestLimit: DEMO_CREDITS,
    requestUsed: 0,
    concurrencyLimit: DEMO_CONCURRENCY,
    inFlight: 0,
    peakInFlight: 0,
  });
  sandbox.state.accounts.set(TEST_KEY, account());
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...sandbox,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A search tracker of `queries` × us/en and gb/en, following the domain ranked 4th for the first query. */
export function sandboxTracker(queries: readonly string[], name = 'Coffee watch'): Tracker {
  const target = hostOf(
    organicResults({ query: queries[0]!, country: 'us', language: 'en' })[3]!.link,
  )!;
  return trackerFromBatch(
    {
      endpoint: 'search',
      rows: queries.map((query) => ({ query, params: {} })),
      locales: [
        { country: 'us', language: 'en' },
        { country: 'gb', language: 'en' },
      ],
      cap: null,
      target,
      competitors: [],
    },
    { id: `t-${name.replace(/\W/g, '')}`, name, now: Date.now() },
  );
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `${prefix}-`));
}

/**
 * A temp data folder holding a fresh, migrated embedded database: a copy of one made once per
 * machine (PGlite's first open of an empty folder, its initdb, takes ~18 s quiet and over 30 s
 * loaded; opening a copy ~2 s). The template is named by PGlite's version and the migrations,
 * so a new schema or engine makes a new one; it holds no key and no tracker.
 */
export async function preparedDataDir(prefix: string): Promise<string> {
  const pglite = JSON.parse(
    readFileSync(
      join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'),
      'utf8',
    ),
  ) as { version: string };
  const hash = createHash('sha256')
    .update(`${pglite.version}\n${JSON.stringify(MIGRATIONS)}`)
    .digest('hex')
    .slice(0, 16);
  const cache = join(import.meta.dirname, '../../node_modules/.cache/runner-data');
  const template = join(cache, hash);
  if (!existsSync(template)) {
    const fresh = tempDir('runner-template');
    const db = await openDb({ dataDir: fresh });
    await db.close();
    mkdirSync(cache, { recursive: true });
    // Two test processes making it at once: the first rename wins, the other's copy goes.
    try {
      renameSync(fresh, template);
    } catch {
      rmSync(fresh, { recursive: true, force: true });
    }
  }
  const dir = tempDir(prefix);
  cpSync(template, dir, { recursive: true });
  return dir;
}

/** A trackers file, as the dashboard exports one, written to a temp folder. */
export function trackerFile(dir: string, tracker: Tracker): string {
  const file = join(dir, `${tracker.id}.json`);
  writeFileSync(file, serializeTrackers([{ tracker, runs: [] }]));
  return file;
}

/** Every file under `dir` whose bytes contain `text`. */
export function filesContaining(dir: string, text: string): string[] {
  const hits: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) hits.push(...filesContaining(path, text));
    else if (readFileSync(path).includes(text)) hits.push(path);
  }
  return hits;
}

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Tests only: an HTTP server on loopback that keeps every request it gets (a webhook, a topic). */
export async function startHttpSink(): Promise<{
  url: string;
  got: Received[];
  close(): Promise<void>;
}> {
  const { createServer } = await import('node:http');
  const got: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    got,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Tests only: an SMTP server on loopback that keeps every message it accepts. */
export async function startSmtpSink(): Promise<{
  url: string;
  mails: string[];
  close(): Promise<void>;
}> {
  const { SMTPServer } = await import('smtp-server');
  const mails: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

const PG_BIN = '/usr/lib/postgresql/15/bin';

/** A free loopback port (taken and given back at once). */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Tests only: a Postgres server of its own (Debian's postgresql 15, which .ci/run installs) in a
 * temp folder, on a free loopback port, trusting local connections. As root it runs as the
 * `postgres` user, since initdb refuses root.
 */
export async function startPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const { execFileSync } = await import('node:child_process');
  const { chownSync } = await import('node:fs');
  const dir = tempDir('runner-pg');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, tool), ...args], {
          stdio: 'pipe',
        })
      : execFileSync(join(PG_BIN, tool), args, { stdio: 'pipe' });
  const data = join(dir, 'data');
  pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  pg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      return Promise.resolve();
    },
  };
}
