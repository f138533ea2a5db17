import { readDemo, type DemoReading, type DemoScript } from './demo-file.ts';
import { storeSplit } from './step-answers.ts';

/**
 * Reads a demo file off the page's thread (issue #36, point 6): a 120 MB file froze the tab
 * for 9–11 s. The file's bytes are read here, parsed and checked by readDemo (the same pure
 * function the page uses where there is no Worker), and the script is written to IndexedDB
 * here as an outline and its steps' answers apart (step-answers.ts, decision 102): the page
 * gets progress, then the outline alone, and reads a step's answers when it plays it. Cancel is
 * the page terminating this worker (and deleting what it may have written).
 *
 * The tour (`answersOnly`) has its answers written here too and its outline kept by the page:
 * handed over whole, the page's write of it (IndexedDB cloning every answer on the page's
 * thread) was half of a 100 ms task at the reference phone (issue 41, decision 117).
 * Where nothing is stored (a browser refusing the write) the script comes whole, a step per
 * message as JSON text: the page parses that faster than it takes in a cloned object, and one
 * message of 120 MB took its thread 2.6 s.
 */
export type FromDemoWorker =
  | { type: 'read'; bytes: number; total: number }
  | { type: 'parsing' }
  | { type: 'checking'; checked: number; total: number }
  | { type: 'storing' }
  | { type: 'refused'; error: string }
  /** Stored: the outline, every step's answers in the database (`answers` on each step). */
  | { type: 'stored'; outline: DemoScript }
  | { type: 'script'; outline: DemoScript; steps: number }
  | { type: 'step'; json: string };

/**
 * The file, or the sandbox's tour as fetched; `storeAs`: the id to write the script under
 * (a file), chosen by the page so it can delete what was written if it cancels.
 */
export interface ToDemoWorker {
  file: Blob;
  storeAs: string | null;
  /**
   * Only the steps' answers are written (under `storeAs`), and the outline comes back to be
   * kept by the page: the tour, which replaces its earlier copy under an id of its own.
   */
  answersOnly?: boolean;
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
  const { file, storeAs, answersOnly = false } = e.data;
  void read(file).then(async (reading) => {
    if (!reading.ok) return post({ type: 'refused', error: reading.error });
    const script = storeAs ? { ...reading.script, id: storeAs } : reading.script;
    if (storeAs) {
      post({ type: 'storing' });
      const outline = await storeSplit(script, { outline: !answersOnly });
      if (outline) return post({ type: 'stored', outline });
    }
    post({ type: 'script', outline: { ...script, steps: [] }, steps: script.steps.length });
    for (const step of script.steps) post({ type: 'step', json: JSON.stringify(step) });
  });
};
