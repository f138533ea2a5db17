import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/**
 * Response headers a hostile or careless upstream could send, each of which the browser
 * would act on if a proxy passed it (issue 22): wipe storage, prompt for a login, pin HSTS,
 * open CORS, navigate, preload script, download, widen a service worker, forge the proxy's own
 * error marker, cache a per-key answer, or make nginx serve something else (X-Accel-*).
 */
export const HOSTILE_HEADERS: Readonly<Record<string, string>> = {
  'clear-site-data': '"storage"',
  'www-authenticate': 'Basic realm="dashboard"',
  'proxy-authenticate': 'Basic realm="dashboard"',
  'strict-transport-security': 'max-age=31536000; includeSubDomains; preload',
  'access-control-allow-origin': '*',
  'access-control-allow-credentials': 'true',
  refresh: '0; url=https://evil.example/',
  link: '<https://evil.example/x.js>; rel=preload; as=script',
  'content-disposition': 'attachment; filename="dashboard.html"',
  'service-worker-allowed': '/',
  'x-dashboard-proxy-error': 'redirect',
  'cache-control': 'public, max-age=999999',
  expires: 'Thu, 01 Jan 2099 00:00:00 GMT',
  'set-cookie': 'session=stolen; Path=/',
  'content-security-policy': "script-src * 'unsafe-inline'",
  'x-frame-options': 'ALLOWALL',
  'permissions-policy': 'camera=*',
  'cross-origin-resource-policy': 'cross-origin',
  'x-accel-redirect': '/index.html',
  'x-accel-limit-rate': '1',
  'x-accel-buffering': 'yes',
  'x-novel-header': 'from-the-upstream',
  vary: 'Cookie',
  etag: '"abc"',
  'retry-after': '7',
};

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The request's body, as far as it has arrived. */
  body?: string;
}

export interface HostileUpstream {
  origin: string;
  /** Every request it got, in order. */
  received: Received[];
  /** Requests another host got: where a followed redirect would lead. */
  elsewhere: Received[];
  close(): Promise<void>;
}

/**
 * A local upstream that answers whatever the query's `act` asks for (the proxies pass the
 * query through): hostile headers, a content type, redirects, huge, gzip-bomb and dripping
 * bodies, no answer, resets, an oversized header. It records what it received.
 */
export async function startHostileUpstream(): Promise<HostileUpstream> {
  const received: Received[] = [];
  const elsewhere: Received[] = [];
  const other = createServer((req, res) => {
    elsewhere.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.end('stolen');
  });
  await listen(other);
  const otherOrigin = originOf(other);

  const server = createServer((req, res) => {
    const got: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers };
    received.push(got);
    req.on('data', (chunk: Buffer) => (got.body = (got.body ?? '') + chunk.toString()));
    const query = new URL(req.url ?? '/', 'http://upstream').searchParams;
    act(query, res, otherOrigin);
  });
  await listen(server);
  return {
    origin: originOf(server),
    received,
    elsewhere,
    close: async () => {
      for (const s of [server, other]) {
        s.closeAllConnections();
        await new Promise((done) => s.close(done));
      }
    },
  };
}

function act(query: URLSearchParams, res: ServerResponse, otherOrigin: string): void {
  const size = Number(query.get('bytes') ?? 0);
  switch (query.get('act')) {
    case 'headers':
      res.writeHead(200, { 'content-type': 'application/json', ...HOSTILE_HEADERS });
      return void res.end('{"answer":"hostile headers"}');
    case 'type': {
      const type = query.get('type');
      res.writeHead(200, type ? { 'content-type': type } : {});
      return void res.end('alert(document.domain)');
    }
    case 'status':
      res.writeHead(Number(query.get('status')), {
        'content-type': 'text/plain',
        'retry-after': '3',
      });
      return void res.end(query.get('body') ?? '');
    case 'redirect':
      res.writeHead(Number(query.get('status')), {
        location: `${otherOrigin}/steal`,
        'content-type': 'text/plain',
      });
      return void res.end('moved');
    case 'huge':
      // Chunked unless `declared`: a proxy can only count.
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(query.has('declared') ? { 'content-length': String(size) } : {}),
      });
      return writeZeros(res, size);
    case 'bomb':
      // `size` bytes of zeros once inflated, far fewer on the wire, sent whatever was accepted.
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      return void res.end(gzipSync(Buffer.alloc(size)));
    case 'drip': {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      const timer = setInterval(() => res.write('0,'), 100);
      res.on('close', () => clearInterval(timer));
      return;
    }
    case 'silent':
      // Headers never come; the connection stays open until the proxy gives up.
      return;
    case 'reset':
      return void res.socket?.destroy();
    case 'reset-mid-body':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"partial":');
      return void setTimeout(() => res.socket?.destroy(), 50);
    case 'informational':
      return informationalThenPage(res, Number(query.get('status')), query.has('linger'));
    case 'big-header':
      res.writeHead(200, { 'content-type': 'application/json', 'x-big': 'x'.repeat(70_000) });
      return void res.end('{}');
    default:
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end('{"ok":true}');
  }
}

/** What the real answer behind a 1xx would do on the dashboard's origin if taken for the answer. */
export const HOSTILE_PAGE = '<!doctype html><script>document.title = document.domain</script>';

/**
 * An interim `1xx` (103 Early Hints, 100 Continue, …), then the real answer: an HTML page that
 * sets a cookie and wipes the site's storage. Written raw, as a proxy that took the 1xx for
 * the answer would see it. `linger` keeps the connection open after it, like a keep-alive
 * upstream would.
 */
function informationalThenPage(res: ServerResponse, status: number, linger: boolean): void {
  const socket = res.socket;
  if (!socket) return;
  const upgrade = status === 101 ? 'Connection: upgrade\r\nUpgrade: websocket\r\n' : '';
  socket.write(
    `HTTP/1.1 ${status} Interim\r\n${upgrade}Link: </x.js>; rel=preload; as=script\r\n\r\n` +
      'HTTP/1.1 200 OK\r\n' +
      'Content-Type: text/html\r\n' +
      `Set-Cookie: ${HOSTILE_HEADERS['set-cookie']}\r\n` +
      'Clear-Site-Data: "*"\r\n' +
      // Not for a second request: what the server reads next on it would go nowhere.
      'Connection: close\r\n' +
      `Content-Length: ${HOSTILE_PAGE.length}\r\n\r\n` +
      HOSTILE_PAGE,
  );
  if (!linger) socket.end();
}

function writeZeros(res: ServerResponse, size: number): void {
  let left = size;
  const chunk = Buffer.alloc(65_536);
  const more = () => {
    while (left > 0) {
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= part.length;
      if (!res.write(part)) return void res.once('drain', more);
    }
    res.end();
  };
  res.on('error', () => {});
  more();
}

function listen(server: ReturnType<typeof createServer>): Promise<void> {
  return new Promise((ok) => server.listen(0, '127.0.0.1', ok));
}

function originOf(server: ReturnType<typeof createServer>): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
