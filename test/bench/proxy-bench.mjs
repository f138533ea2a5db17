// Part 7 of `npm run bench`: the proxies under load. The standalone sandbox is the upstream;
// in front of it the Node proxy (`vite preview`'s /api, what `npm run preview` serves) and
// nginx from deploy/nginx.conf.template (Debian's nginx and njs, on loopback with a prefix,
// config and pid file of its own). Each, and the sandbox asked directly as the baseline, gets
// 200 clients (autocannon, keep-alive connections) for a bounded time on GET /account
// (unmetered: no concurrency cap, no credits) in three phases:
//   steady   the sandbox answers at once;
//   slow     the sandbox answers after 5 s (its latency control): 200 requests held open;
//   resets   the sandbox resets every connection (a 'reset' fault on the account), then a
//            short check that the proxy answers again once the upstream is back.
// Reported: requests per second, p50/p99 latency, errors split into those the upstream
// caused (a proxy's 502 for a reset) and the rest (budget 0), and the resident memory of the
// proxy's processes (sampled every 200 ms; budget: peak ≤ idle + 100 MB). Then large answers:
// an upstream whose every answer is 60 MiB (chunked, no declared length) and 20 of them read at
// once through each proxy, each cut just past the 50 MB cap; budget: the Node proxy's peak ≤
// idle + 100 MB (it streams; buffered, it grew by ~500 MB, issue 37). Everything listens on
// 127.0.0.1 and every run stops by itself (autocannon's duration, a finite body).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, root, startServer, stop, waitForServer } from './serve.mjs';

const CONNECTIONS = 200;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS || 10);
const SLOW_MS = 5000;
export const MEMORY_GROWTH_BUDGET_MB = 100;

/** Resident memory of a process and its descendants (nginx's workers), in MB. */
function rssMb(pid) {
  const kb = (p) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return 0; // gone
    }
  };
  const children = (p) => {
    try {
      return readFileSync(`/proc/${p}/task/${p}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean);
    } catch {
      return [];
    }
  };
  const all = [String(pid)];
  for (let i = 0; i < all.length; i++) all.push(...children(all[i]));
  return Math.round(all.reduce((n, p) => n + kb(p), 0) / 1024);
}

/** Samples rssMb(pid) every 200 ms until stopped; returns the peak. */
function sampleRss(pid) {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

async function control(sandboxOrigin, path, body, method = 'POST') {
  const res = await fetch(`${sandboxOrigin}/_sandbox${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sandbox ${path} answered ${res.status}`);
}

/** autocannon against one target; the numbers the report keeps. */
async function hammer(target, options) {
  const { default: autocannon } = await import('autocannon');
  const opts = {
    url: target.url,
    headers: target.headers,
    connections: CONNECTIONS,
    timeout: 20,
    ...options,
  };
  const r = await new Promise((resolve, reject) => {
    const instance = autocannon(opts, (error, result) => (error ? reject(error) : resolve(result)));
    // A run stops by itself after its duration; should it not, it is stopped here.
    const limit = setTimeout(() => instance.stop(), ((opts.duration ?? 30) + 30) * 1000);
    instance.on('done', () => clearTimeout(limit));
  });
  const statuses = Object.fromEntries(
    Object.entries(r.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]),
  );
  return {
    requests: r.requests.total,
    rps: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    statuses,
    socketErrors: r.errors,
    timeouts: r.timeouts,
  };
}

/**
 * Of a phase's outcome, what the upstream caused and what it did not. While the upstream
 * answers (steady, slow) everything but a 200 is the target's; while it resets, a proxy's
 * 502 is the upstream's doing (and, for the sandbox asked directly, so is every socket error).
 */
function attribute(phase, target, m) {
  const answered = Object.entries(m.statuses);
  const ok = (code) =>
    phase === 'resets' ? (target.direct ? false : code === '502') : code === '200';
  const byUpstream =
    phase === 'resets'
      ? answered.filter(([c]) => ok(c)).reduce((n, [, k]) => n + k, 0) +
        (target.direct ? m.socketErrors + m.timeouts : 0)
      : 0;
  const notByUpstream =
    answered
      .filter(([c]) => !ok(c) && !(phase === 'resets' && c === '200'))
      .reduce((n, [, k]) => n + k, 0) +
    (target.direct && phase === 'resets' ? 0 : m.socketErrors + m.timeouts);
  return { byUpstream, notByUpstream };
}

const PHASES = [
  { name: 'steady', seconds: SECONDS },
  {
    name: 'slow',
    // Each client waits 5 s an answer: a run shorter than two rounds says little.
    seconds: Math.max(SECONDS, (2 * SLOW_MS) / 1000 + 2),
    before: (s) => control(s, '/latency', { ms: SLOW_MS }),
    after: (s) => control(s, '/latency', { ms: 0 }),
  },
  {
    name: 'resets',
    seconds: SECONDS,
    before: (s) =>
      control(s, '/faults', { endpoint: 'account', kind: 'reset', times: 100_000_000 }),
    after: (s) => control(s, '/faults', undefined, 'DELETE'),
  },
];

const LARGE_ANSWERS = 20;
const LARGE_BYTES = 60 * 1024 * 1024;

/**
 * An upstream whose every answer is LARGE_BYTES of zeros in 64 KiB chunks with no declared
 * length, sent as fast as the proxy takes them (so a proxy that buffers holds them all).
 */
async function startLargeUpstream() {
  const { createServer } = await import('node:http');
  const chunk = Buffer.alloc(65_536);
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    let left = LARGE_BYTES;
    const more = () => {
      while (left > 0) {
        left -= chunk.length;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end();
    };
    res.on('error', () => {});
    more();
  });
  const port = await freePort();
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((done) => (server.closeAllConnections(), server.close(done))),
  };
}

/** Every body byte of one answer, however it ends (a proxy cuts a body past its cap). */
async function drain(url, headers) {
  let bytes = 0;
  try {
    const res = await fetch(url, { headers });
    for await (const chunk of res.body ?? []) bytes += chunk.byteLength;
  } catch {
    // Cut off: what arrived is what counts.
  }
  return bytes;
}

/**
 * LARGE_ANSWERS answers of LARGE_BYTES read at once through the Node proxy and nginx: how far
 * each one's memory grows above idle, and how many bytes each reader got (the cap and one).
 */
export async function benchLargeAnswers({ outDir }) {
  const upstream = await startLargeUpstream();
  const running = [];
  try {
    const node = await startServer({ outDir, apiTarget: upstream.origin });
    running.push(node);
    const targets = [{ name: 'Node proxy (vite preview)', origin: node.origin, pid: node.pid }];
    try {
      const nginx = await startTemplateNginx(upstream.origin, outDir);
      running.push(nginx);
      targets.push({ name: 'nginx (deploy template)', origin: nginx.origin, pid: nginx.pid });
    } catch (error) {
      process.stderr.write(`  large answers: no nginx (${error.message})\n`);
    }
    const rows = [];
    for (const t of targets) {
      process.stderr.write(`  large answers: ${LARGE_ANSWERS} × 60 MiB, ${t.name}…\n`);
      const url = `${t.origin}/api/realty?url=x`;
      // One first, so what is counted is the answers and not the first request's warm-up.
      await drain(url, { 'x-api-key': 'k' });
      const idleMb = rssMb(t.pid);
      const peak = sampleRss(t.pid);
      const started = performance.now();
      const bytes = await Promise.all(
        Array.from({ length: LARGE_ANSWERS }, () => drain(url, { 'x-api-key': 'k' })),
      );
      rows.push({
        target: t.name,
        idleMb,
        peakMb: peak(),
        seconds: Math.round((performance.now() - started) / 100) / 10,
        bytesEach: [Math.min(...bytes), Math.max(...bytes)],
      });
    }
    return rows;
  } finally {
    for (const s of running.reverse()) await s.stop();
    await upstream.stop();
  }
}

async function startSandbox() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['-e', "import('vite').then((v) => v.runnerImport('./src/sandbox/serve.ts'))"],
    {
      cwd: root,
      env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_LATENCY_MS: '0' },
      stdio: 'ignore',
    },
  );
  await waitForServer(origin, child, 30_000, '/_sandbox');
  return { origin, pid: child.pid, stop: () => stop(child) };
}

/** nginx with the deploy template, as test/contract and the nginx browser test run it. */
async function startTemplateNginx(upstream, dist) {
  const { runnerImport } = await import('vite');
  const { module: nginx } = await runnerImport(join(root, 'test/contract/nginx-runner.ts'));
  const missing = nginx.nginxMissing();
  if (missing) throw new Error(missing);
  const running = await nginx.startNginx({ upstream, dist });
  const pid = Number(readFileSync(join(running.prefix, 'nginx.pid'), 'utf8').trim());
  return { origin: running.origin, pid, stop: running.stop };
}

export async function benchProxy({ outDir }) {
  const sandbox = await startSandbox();
  const running = [];
  try {
    const node = await startServer({ outDir, apiTarget: sandbox.origin });
    running.push(node);
    const nginx = await startTemplateNginx(sandbox.origin, outDir);
    running.push(nginx);
    const key = { 'x-api-key': 'demo-key' };
    const targets = [
      {
        name: 'sandbox directly',
        direct: true,
        url: `${sandbox.origin}/account?api_key=demo-key`,
        headers: {},
        pid: sandbox.pid,
      },
      {
        name: 'Node proxy (vite preview)',
        url: `${node.origin}/api/account`,
        headers: key,
        pid: node.pid,
      },
      {
        name: 'nginx (deploy template)',
        url: `${nginx.origin}/api/account`,
        headers: key,
        pid: nginx.pid,
      },
    ];
    // Warm every path (JIT, connection pools) before anything is counted.
    for (const t of targets) await hammer(t, { connections: 20, amount: 2000 });
    for (const t of targets) t.idleMb = rssMb(t.pid);
    const rows = [];
    for (const phase of PHASES) {
      await phase.before?.(sandbox.origin);
      try {
        for (const t of targets) {
          process.stderr.write(`  proxy load: ${phase.name}, ${t.name}…\n`);
          const peak = sampleRss(t.pid);
          const m = await hammer(t, { duration: phase.seconds });
          rows.push({
            phase: phase.name,
            target: t.name,
            seconds: phase.seconds,
            ...m,
            ...attribute(phase.name, t, m),
            peakMb: peak(),
          });
        }
      } finally {
        await phase.after?.(sandbox.origin);
      }
    }
    // Once the upstream answers again, so does each proxy: every request of a short run a 200.
    const recovered = {};
    for (const t of targets) {
      const m = await hammer(t, { connections: 20, amount: 1000 });
      recovered[t.name] = m.statuses['200'] ?? 0;
    }
    await new Promise((r) => setTimeout(r, 2000));
    const memory = targets.map((t) => ({
      target: t.name,
      idleMb: t.idleMb,
      peakMb: Math.max(...rows.filter((r) => r.target === t.name).map((r) => r.peakMb)),
      afterMb: rssMb(t.pid),
    }));
    const broken = [];
    for (const r of rows)
      if (r.notByUpstream > 0)
        broken.push(
          `proxy load: ${r.notByUpstream} errors the upstream did not cause, ${r.target}, ${r.phase} (budget 0)`,
        );
    for (const t of targets)
      if (recovered[t.name] !== 1000)
        broken.push(`proxy load: ${t.name} answered ${recovered[t.name]} of 1000 after the resets`);
    for (const m of memory.slice(1))
      if (m.peakMb > m.idleMb + MEMORY_GROWTH_BUDGET_MB)
        broken.push(
          `proxy load: ${m.target} memory peaked at ${m.peakMb} MB from ${m.idleMb} MB idle (budget + ${MEMORY_GROWTH_BUDGET_MB} MB)`,
        );
    for (const s of running.reverse()) await s.stop();
    running.length = 0;
    const large = await benchLargeAnswers({ outDir });
    for (const m of large.filter((row) => row.target.startsWith('Node')))
      if (m.peakMb > m.idleMb + MEMORY_GROWTH_BUDGET_MB)
        broken.push(
          `proxy load: ${LARGE_ANSWERS} × 60 MiB answers took the ${m.target} from ${m.idleMb} MB to ${m.peakMb} MB (budget + ${MEMORY_GROWTH_BUDGET_MB} MB)`,
        );
    return { connections: CONNECTIONS, slowMs: SLOW_MS, rows, recovered, memory, large, broken };
  } finally {
    for (const s of running.reverse()) await s.stop();
    await sandbox.stop();
  }
}

const PHASE_TITLES = {
  steady: 'upstream answers at once',
  slow: 'upstream answers after 5 s',
  resets: 'upstream resets every connection',
};

export function proxyReport(r) {
  const lines = [
    `\n7. Proxies under load: GET /account, ${r.connections} clients (autocannon), each phase against the sandbox directly, the Node proxy and nginx`,
  ];
  for (const phase of Object.keys(PHASE_TITLES)) {
    lines.push(`  ${phase}: ${PHASE_TITLES[phase]}`);
    for (const x of r.rows.filter((row) => row.phase === phase))
      lines.push(
        `    ${x.target.padEnd(26)} ${String(x.rps).padStart(6)} req/s   p50 ${String(x.p50Ms).padStart(5)} ms   p99 ${String(x.p99Ms).padStart(5)} ms   errors: ${x.byUpstream} by the upstream, ${x.notByUpstream} not   peak ${x.peakMb} MB`,
      );
  }
  lines.push(
    `  after the resets: ${Object.entries(r.recovered)
      .map(([t, n]) => `${t} ${n}/1000 answered`)
      .join(', ')}`,
    `  memory (MB, idle → peak → after): ${r.memory.map((m) => `${m.target} ${m.idleMb} → ${m.peakMb} → ${m.afterMb}`).join('; ')}`,
    `  ${LARGE_ANSWERS} answers of 60 MiB at once (MB, idle → peak; bytes each reader got): ${r.large.map((m) => `${m.target} ${m.idleMb} → ${m.peakMb} (+${m.peakMb - m.idleMb}) in ${m.seconds} s, ${m.bytesEach.join('–')} B`).join('; ')}`,
    `  budgets: 0 errors the upstream did not cause, every proxy answers after the resets, peak ≤ idle + ${MEMORY_GROWTH_BUDGET_MB} MB (under load, and the Node proxy with large answers) → ${r.broken.length === 0 ? 'all met' : `${r.broken.length} MISSED`}`,
  );
  return lines.join('\n');
}
