import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// Debian's nginx and its njs module, run on loopback with a prefix of its own (never the
// system's configuration, pid file or logs).
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const NJS_MODULE = process.env.NGINX_NJS_MODULE ?? '/usr/lib/nginx/modules/ngx_http_js_module.so';
const TEMPLATE = resolve('deploy/nginx.conf.template');

/** Why nginx cannot run here (locally a test skips on it; under CI it fails), or null. */
export function nginxMissing(): string | null {
  if (!existsSync(NGINX)) return `no nginx at ${NGINX} (apt-get install -y nginx)`;
  if (!existsSync(NJS_MODULE))
    return `no njs module at ${NJS_MODULE} (apt-get install -y libnginx-mod-http-js)`;
  return null;
}

export interface RunningNginx {
  origin: string;
  prefix: string;
  /** Every log file nginx wrote (access and error, the main one and the server's). */
  logs(): string;
  /** `nginx -t` on the same files. */
  check(): string;
  stop(): Promise<void>;
}

export interface NginxOptions {
  upstream: string;
  dist: string;
  /** The tracker runner's door (/runner/); a closed loopback port when left out. */
  runner?: string;
  /** `host:port` to listen on; a free loopback port when left out. */
  listen?: string;
  /** Exact lines of the template to replace (each must be there): shorter limits for tests. */
  edits?: Readonly<Record<string, string>>;
}

/** A free loopback port (bound and released: good enough for a test's own nginx). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise((ok) => server.close(ok));
  return port;
}

/** deploy/nginx.conf.template rendered as the README says, inside a minimal nginx.conf. */
export function renderConfig(prefix: string, options: NginxOptions & { listen: string }): string {
  let server = readFileSync(TEMPLATE, 'utf8');
  for (const [line, replacement] of Object.entries(options.edits ?? {})) {
    if (!server.includes(line)) throw new Error(`the template has no line "${line}"`);
    server = server.split(line).join(replacement);
  }
  const values: Record<string, string> = {
    API_UPSTREAM: options.upstream,
    API_HOST: new URL(options.upstream).host,
    DIST_DIR: options.dist,
    DEPLOY_DIR: resolve('deploy'),
    LISTEN: options.listen,
    ACCESS_LOG: join(prefix, 'access.log'),
    ERROR_LOG: join(prefix, 'server-error.log'),
    RUNNER_UPSTREAM: options.runner ?? 'http://127.0.0.1:9',
  };
  server = server.replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`the template names \${${name}}, which is not rendered`);
    return values[name]!;
  });
  return `load_module ${NJS_MODULE};
user root;
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log info;
events {}
http {
  include /etc/nginx/mime.types;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${server}
}
`;
}

async function waitForPort(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer: ${stderr()}`);
}

export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const missing = nginxMissing();
  if (missing) throw new Error(missing);
  const listen = options.listen ?? `127.0.0.1:${await freePort()}`;
  const prefix = mkdtempSync(join(tmpdir(), 'dashboard-nginx-'));
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, dir));
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, renderConfig(prefix, { ...options, listen }));
  const child = spawn(NGINX, ['-p', prefix, '-c', conf]);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const origin = `http://${listen}`;
  await waitForPort(`${origin}/`, child, () => stderr);
  return {
    origin,
    prefix,
    logs: () =>
      readdirSync(prefix)
        .filter((f) => f.endsWith('.log'))
        .map((f) => readFileSync(join(prefix, f), 'utf8'))
        .join('\n') + stderr,
    check: () => {
      const run = spawnSync(NGINX, ['-t', '-p', prefix, '-c', conf], { encoding: 'utf8' });
      return run.stderr;
    },
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
