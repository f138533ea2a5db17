import { jsonBlob, parsedAnswer } from './answer-text.ts';
import { sliceBody } from './body-slices.ts';
import { joinChunks } from './read-capped-body.ts';

/**
 * Reads a big JSON answer off the page's thread (issue 41, point 2): the bytes joined, decoded,
 * the key masked where the answer echoes it, parsed, and kept as a Blob for storing; the page
 * gets the answer in pieces (body-slices.ts), each parsed in a task of its own. Everything here
 * was one task of the page's: 418 ms of CPU for a 23 MB realty answer on a loaded machine.
 */
export interface ToBodyWorker {
  chunks: Uint8Array[];
  apiKey: string;
}

export type FromBodyWorker =
  /** Started: the page moves the chunks here only then (a worker that never loads loses none). */
  | { type: 'ready' }
  /** Something here failed: the bytes go back, for the page to read them itself. */
  | { type: 'failed'; chunks: Uint8Array[] }
  /** Not JSON: the page reports it as it does any other answer (its text, key masked). */
  | { type: 'text'; text: string }
  | { type: 'head'; head: string; body: Blob; excerpt: string; slices: number }
  | { type: 'slice'; key: string; slice: string };

/** What an answer too long to show whole keeps for an error's excerpt (errors.ts shows 600). */
export const EXCERPT_CHARS = 4096;

const scope = globalThis as unknown as {
  postMessage: (message: FromBodyWorker, transfer?: Transferable[]) => void;
  onmessage: ((e: MessageEvent<ToBodyWorker>) => void) | null;
};

scope.onmessage = ({ data: { chunks, apiKey } }) => {
  const bytes = joinChunks(chunks);
  try {
    read(bytes, apiKey);
  } catch {
    scope.postMessage({ type: 'failed', chunks: [bytes] }, [bytes.buffer]);
  }
};
scope.postMessage({ type: 'ready' });

function read(bytes: Uint8Array<ArrayBuffer>, apiKey: string) {
  const parsed = parsedAnswer(bytes, apiKey);
  if (!parsed.json) return scope.postMessage({ type: 'text', text: parsed.text });
  const { value, text, echoesKey } = parsed;
  const { head, lists } = sliceBody(value);
  // The stored copy is the bytes as received: the Blob's copy is made here, not on the page.
  const body = jsonBlob(bytes, text, echoesKey);
  const slices = lists.reduce((n, l) => n + l.slices.length, 0);
  scope.postMessage({ type: 'head', head, body, excerpt: text.slice(0, EXCERPT_CHARS), slices });
  for (const { key, slices } of lists)
    for (const slice of slices) scope.postMessage({ type: 'slice', key, slice });
}
