import { addSlice } from './body-slices.ts';
import type { FromBodyWorker, ToBodyWorker } from './parse-body.worker.ts';

/** From this size a 200 answer is parsed in a worker: below it, starting one costs more. */
export const OFF_PAGE_FROM_BYTES = 2 * 1024 * 1024;

export type OffPageReading =
  /** `text` is the answer's first 4 kB (for an error's excerpt), not the whole body. */
  | { kind: 'json'; value: unknown; body: Blob; text: string }
  | { kind: 'text'; text: string }
  /** The worker could not read it (it did not start, or failed): the bytes, for the page. */
  | { kind: 'back'; chunks: Uint8Array[] };

/**
 * Whether a body of this size is read in a worker: where there is one (jsdom in the tests has
 * none, and the page reads it itself).
 */
export const readsOffPage = (bytes: number) =>
  bytes >= OFF_PAGE_FROM_BYTES && typeof Worker !== 'undefined';

/**
 * A big answer's body read in a worker (parse-body.worker.ts): joined, decoded, masked, parsed
 * and kept as a Blob there; here, its pieces parsed a task each. The chunks are moved to the
 * worker once it has started (a copy of 23 MB took the page 250–370 ms of CPU), and come back
 * when it fails, so a paid answer is never lost to a worker that did not load. Rejects when
 * `signal` aborts (the worker stopped), or when the worker died holding the bytes.
 */
export function readOffPage(
  chunks: Uint8Array[],
  apiKey: string,
  signal: AbortSignal,
): Promise<OffPageReading> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parse-body.worker.ts', import.meta.url), {
      type: 'module',
    });
    let sent = false;
    const end = () => {
      worker.terminate();
      signal.removeEventListener('abort', stop);
    };
    const stop = () => {
      end();
      reject(new Error('aborted'));
    };
    signal.addEventListener('abort', stop, { once: true });
    let answer: Extract<OffPageReading, { kind: 'json' }> | null = null;
    let left = 0;
    const done = (reading: OffPageReading) => {
      end();
      resolve(reading);
    };
    worker.onmessage = ({ data }: MessageEvent<FromBodyWorker>) => {
      if (data.type === 'ready') {
        sent = true;
        const buffers = new Set(chunks.map((c) => c.buffer));
        return worker.postMessage({ chunks, apiKey } satisfies ToBodyWorker, [...buffers]);
      }
      if (data.type === 'failed') return done({ kind: 'back', chunks: data.chunks });
      if (data.type === 'text') return done({ kind: 'text', text: data.text });
      if (data.type === 'head') {
        const value: unknown = JSON.parse(data.head);
        answer = { kind: 'json', value, body: data.body, text: data.excerpt };
        left = data.slices;
      } else if (answer) {
        addSlice(answer.value, data.key, data.slice);
        left--;
      }
      if (answer && left === 0) done(answer);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      if (!sent) return done({ kind: 'back', chunks });
      end();
      reject(new Error(e.message || 'the body worker stopped'));
    };
  });
}
