import { serve } from '@hono/node-server';
import { createSandbox } from './app.ts';

// `npm run sandbox`: the sandbox on its own port, for curl demos.
const port = Number(process.env.SANDBOX_PORT || 8787);
const latency = process.env.SANDBOX_LATENCY_MS;
const { app } = createSandbox({
  latencyMs: latency ? Number(latency) : undefined,
  standalone: true,
});

serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  const base = `http://127.0.0.1:${info.port}`;
  console.log(`Sandbox API on ${base} (key: demo-key, 100,000 credits, 5 concurrent)`);
  console.log(`  curl "${base}/search?query=coffee&country=gb&api_key=demo-key"`);
  console.log(`  curl "${base}/account?api_key=demo-key"`);
  console.log(`  curl -o shot.png "${base}/screenshot?url=https://example.com&api_key=demo-key"`);
  console.log(
    `  curl -X POST ${base}/_sandbox/faults -H 'content-type: application/json' -d '{"kind":"status","status":500}'`,
  );
});
