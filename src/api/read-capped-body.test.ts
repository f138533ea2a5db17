// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { afterEach, expect, test } from 'vitest';
import { readCappedBody } from './read-capped-body.ts';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** An HTTP answer whose body never ends: 64 KB of zeros after 64 KB, gzipped or not. */
async function endlessBody(gzip: boolean): Promise<{ url: string; closed: Promise<void> }> {
  let closed!: () => void;
  const done = new Promise<void>((resolve) => (closed = resolve));
  const server = createServer((_, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    const zeros = new Readable({ read: () => void zeros.push(Buffer.alloc(65_536)) });
    res.on('close', () => (zeros.destroy(), closed()));
    (gzip ? zeros.pipe(createGzip()) : zeros).pipe(res);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, closed: done };
}

test('an endless body stops at the cap, and the download is cancelled', async () => {
  const { url, closed } = await endlessBody(false);
  expect(await readCappedBody(await fetch(url), 1_000_000)).toBe('too-large');
  await closed;
});

test('a declared length over the cap is refused before reading', async () => {
  let pulled = false;
  const body = new ReadableStream({ pull: () => void (pulled = true) });
  const res = new Response(body, { headers: { 'content-length': '60000000' } });
  expect(await readCappedBody(res, 1_000_000)).toBe('too-large');
  expect(pulled).toBe(false);
});

test('a gzip bomb stops at the cap of inflated bytes', async () => {
  const { url, closed } = await endlessBody(true);
  expect(await readCappedBody(await fetch(url), 1_000_000)).toBe('too-large');
  await closed;
});

test('a body within the cap is read whole, in order', async () => {
  const chunks = ['{"a":', '[1,2,', '3]}'];
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
      controller.close();
    },
  });
  const body = await readCappedBody(new Response(stream), 13);
  expect(new TextDecoder().decode(body as Uint8Array)).toBe('{"a":[1,2,3]}');
  expect(await readCappedBody(new Response('{"a":[1,2,3]}'), 12)).toBe('too-large');
  expect(await readCappedBody(new Response(null, { status: 204 }), 0)).toEqual(new Uint8Array(0));
});
