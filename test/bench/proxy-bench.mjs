// Part 7 of `npm run bench`: the dashboard's own proxy (`/api` of `vite preview`, the
// code deploy/nginx replaces in production) in front of the standalone sandbox, against
// the same sandbox asked directly, same run, same load: requests per second and p50/p99
// latency of GET /account (unmetered, so the ledger is untouched) with a fixed number of
// requests in flight. The ratio of the medians is the proxy's overhead.
import { spawn } from 'node:child_process';
import { freePort, root, startServer, stop, waitForServer } from './serve.mjs';

const CONCURRENCY = 8;
const REQUESTS = 1500;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** Keeps CONCURRENCY requests in flight until REQUESTS have answered. */
async function load(url, headers) {
  const times = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < REQUESTS) {
      next++;
      const t = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const r2 = (n) => Math.round(n * 100) / 100;
  return {
    rps: Math.round(REQUESTS / seconds),
    p50Ms: r2(percentile(times, 0.5)),
    p99Ms: r2(percentile(times, 0.99)),
  };
}

export async function benchProxy({ outDir }) {
  const sandboxPort = await freePort();
  const sandboxOrigin = `http://127.0.0.1:${sandboxPort}`;
  const sandbox = spawn(
    process.execPath,
    ['-e', "import('vite').then((v) => v.runnerImport('./src/sandbox/serve.ts'))"],
    {
      cwd: root,
      env: { ...process.env, SANDBOX_PORT: String(sandboxPort), SANDBOX_LATENCY_MS: '0' },
      stdio: 'ignore',
    },
  );
  let proxy = null;
  try {
    await waitForServer(sandboxOrigin, sandbox, 30_000, '/_sandbox');
    proxy = await startServer({ outDir, apiTarget: sandboxOrigin });
    const key = { 'x-api-key': 'demo-key' };
    // Warm both paths (JIT, connection pools) before anything is counted.
    await load(`${sandboxOrigin}/account?api_key=demo-key`, {});
    await load(`${proxy.origin}/api/account`, key);
    const direct = [];
    const proxied = [];
    for (let i = 0; i < 3; i++) {
      direct.push(await load(`${sandboxOrigin}/account?api_key=demo-key`, {}));
      proxied.push(await load(`${proxy.origin}/api/account`, key));
    }
    const mid = (xs) => [...xs].sort((a, b) => a.rps - b.rps)[1];
    const d = mid(direct);
    const p = mid(proxied);
    return {
      concurrency: CONCURRENCY,
      requests: REQUESTS,
      direct: d,
      proxied: p,
      p50Overhead: Math.round((p.p50Ms / d.p50Ms) * 100) / 100,
      rpsRatio: Math.round((p.rps / d.rps) * 100) / 100,
      broken: [],
    };
  } finally {
    await proxy?.stop();
    await stop(sandbox);
  }
}

export function proxyReport(r) {
  const row = (name, x) =>
    `  ${name.padEnd(28)} ${String(x.rps).padStart(6)} req/s   p50 ${x.p50Ms.toFixed(2).padStart(6)} ms   p99 ${x.p99Ms.toFixed(2).padStart(6)} ms`;
  return [
    `\n7. Proxy: GET /account, ${r.concurrency} in flight, ${r.requests} requests (median of 3 rounds)`,
    row('sandbox directly', r.direct),
    row('through the /api proxy', r.proxied),
    `  overhead: p50 ${r.p50Overhead} × the direct latency, throughput ${r.rpsRatio} × (measured, no budget)`,
  ].join('\n');
}
