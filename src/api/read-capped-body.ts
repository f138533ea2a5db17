/**
 * A response's body read chunk by chunk with a running count: `'too-large'` when its declared
 * length or the bytes read so far pass `maxBytes`, and the rest is never read, so a huge, endless or inflating (gzip) body
 * costs the tab at most the cap (`arrayBuffer()` would hold the whole of it first). Throws what
 * the body's stream throws: a dropped connection, an abort.
 */
export async function readCappedBody(
  response: Response,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | 'too-large'> {
  const read = await readCappedChunks(response, maxBytes);
  return read === 'too-large' ? read : joinChunks(read);
}

/**
 * The same read, its chunks as they came: a big answer's are joined off the page
 * (parse-off-page.ts), where joining 23 MB is no task of the page's.
 */
export async function readCappedChunks(
  response: Response,
  maxBytes: number,
): Promise<Uint8Array[] | 'too-large'> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    return 'too-large';
  }
  if (!response.body) return [];
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Stops the download; nothing waits on it.
      reader.cancel().catch(() => {});
      return 'too-large';
    }
    chunks.push(value);
  }
  return chunks;
}

/** Chunks as one array of bytes. */
export function joinChunks(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
