import { readDemo, type DemoReading, type DemoScript } from './demo-file.ts';
import { storeRead } from './demo-store.ts';

/**
 * Reads a demo file off the page's thread (issue #36, point 6): a 120 MB file froze the tab
 * for 9–11 s. The file's bytes are read here, parsed and checked by readDemo (the same pure
 * function the page uses where there is no Worker), and the script is written to IndexedDB
 * here. The page gets progress, then the script a step per message: one message of 120 MB took
 * the page's thread 2.6 s to take in, a step's about a tenth of a second. Cancel is the page
 * terminating this worker.
 */
export type FromDemoWorker =
  | { type: 'read'; bytes: number; total: number }
  | { type: 'parsing' }
  | { type: 'checking'; checked: number; total: number }
  | { type: 'refused'; error: string }
  | { type: 'script'; outline: DemoScript; steps: number; stored: boolean }
  /** A step as JSON text: the page parses it faster than it takes in a cloned object. */
  | { type: 'step'; json: string };

/** The file, or the sandbox's tour as fetched; `store`: written to IndexedDB here (a file). */
export interface ToDemoWorker {
  file: Blob;
  store: boolean;
}

const scope = globalThis as unknown as {
  postMessage: (message: FromDemoWorker) => void;
  onmessage: ((e: MessageEvent<ToDemoWorker>) => void) | null;
};
const post = (message: FromDemoWorker) => scope.postMessage(message);

/** How often the bytes read are told: every few MB, not every 64 kB chunk. */
const PROGRESS_EVERY = 4 * 1024 * 1024;

async function textOf(file: Blob): Promise<string> {
  const reader = file.stream().getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  let told = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.byteLength;
    parts.push(decoder.decode(chunk.value, { stream: true }));
    if (bytes - told >= PROGRESS_EVERY) {
      told = bytes;
      post({ type: 'read', bytes, total: file.size });
    }
  }
  parts.push(decoder.decode());
  post({ type: 'read', bytes, total: file.size });
  return parts.join('');
}

async function read(file: Blob): Promise<DemoReading> {
  try {
    const text = await textOf(file);
    post({ type: 'parsing' });
    return await readDemo(text, file.size, {
      onStep: (checked, total) => post({ type: 'checking', checked, total }),
    });
  } catch (e) {
    // readDemo refuses in words; what is left is the browser failing to read the file.
    return { ok: false, error: `This file could not be read (${String(e)}).` };
  }
}

scope.onmessage = (e) => {
  const { file, store } = e.data;
  void read(file).then(async (reading) => {
    if (!reading.ok) return post({ type: 'refused', error: reading.error });
    const { script } = reading;
    const stored = store && (await storeRead(script));
    post({ type: 'script', outline: { ...script, steps: [] }, steps: script.steps.length, stored });
    for (const step of script.steps) post({ type: 'step', json: JSON.stringify(step) });
  });
};
