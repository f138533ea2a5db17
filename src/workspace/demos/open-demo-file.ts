import type { FileJob } from '../../components/file-opener.tsx';
import { formatBytes } from '../../lib/format.ts';
import { resultsClearedAt } from '../../session/results-cleared.ts';
import { newId, readDemo, type DemoReading, type DemoScript, type DemoStep } from './demo-file.ts';
import type { FromDemoWorker, ToDemoWorker } from './demo-file.worker.ts';
import { forgetStoredScript } from './step-answers.ts';

/** A file's reading; `stored`: the script is in IndexedDB already, as an outline (decision 102). */
export type OpenedDemo = DemoReading & { stored?: boolean };

/** What the worker's message says, in words for the opener's status line. */
function progressWords(message: FromDemoWorker): string | null {
  switch (message.type) {
    case 'read':
      return `Reading: ${formatBytes(message.bytes)} of ${formatBytes(message.total)}`;
    case 'parsing':
      return 'Parsing the script…';
    case 'checking':
      return `Checking step ${Math.min(message.checked + 1, message.total)} of ${message.total}`;
    case 'storing':
      return 'Keeping the script in this browser…';
    case 'script':
      return `Opening ${message.steps} steps…`;
    default:
      return null;
  }
}

/** Said when a key is cleared while a file is read: what the Worker wrote is deleted too. */
export const CLEARED_WHILE_OPENING =
  'A key was cleared while this file was read: nothing was kept.';

/**
 * Opens a demo file in a Worker (demo-file.worker.ts): the page stays responsive while a
 * 120 MB file is read, parsed and written to IndexedDB, says how far it is, and Cancel stops
 * it. The page then holds the script's outline (`stored`), its steps' answers read when they
 * play (step-answers.ts). Resolves with the reading, or null when cancelled; Cancel, Clear key
 * or a failure leave nothing stored. Where there is no Worker (jsdom in the tests) the same
 * readDemo runs here and the caller stores the script.
 */
export function openDemoFile(
  file: Blob,
  { progress, signal }: FileJob,
  /**
   * 'answers': the Worker writes the steps' answers only and the caller keeps the outline (the
   * tour, in place of its earlier copy); false: the caller keeps the whole script.
   */
  { store = true }: { store?: boolean | 'answers' } = {},
): Promise<OpenedDemo | null> {
  if (typeof Worker === 'undefined')
    return file.text().then((text) => (signal.aborted ? null : readDemo(text, file.size)));
  const storeAs = store ? newId() : null;
  const answersOnly = store === 'answers';
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./demo-file.worker.ts', import.meta.url), {
      type: 'module',
    });
    let ended = false;
    const end = (reading: OpenedDemo | null) => {
      if (ended) return;
      ended = true;
      worker.terminate();
      signal.removeEventListener('abort', cancel);
      stopHearingClear();
      // Whatever the Worker wrote before it was stopped goes (its write commits or aborts first).
      if (storeAs && !reading?.stored) void forgetStoredScript(storeAs).catch(() => {});
      resolve(reading);
    };
    const cancel = () => end(null);
    signal.addEventListener('abort', cancel);
    // Clear key forgets everything stored: a script being written would outlive it.
    const stopHearingClear = resultsClearedAt.subscribe(() =>
      end({ ok: false, error: CLEARED_WHILE_OPENING }),
    );
    let script: { value: DemoScript; count: number } | null = null;
    worker.onmessage = ({ data }: MessageEvent<FromDemoWorker>) => {
      if (data.type === 'refused') return end({ ok: false, error: data.error });
      if (data.type === 'stored') return end({ ok: true, script: data.outline, stored: true });
      if (data.type === 'script') script = { value: data.outline, count: data.steps };
      if (data.type === 'step' && script) {
        script.value.steps.push(JSON.parse(data.json) as DemoStep);
        if (script.value.steps.length === script.count)
          return end({ ok: true, script: script.value, stored: false });
      }
      const words = progressWords(data);
      if (words) progress(words);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      end({
        ok: false,
        error: `This file could not be read (${e.message || 'the reader stopped'}).`,
      });
    };
    worker.postMessage({ file, storeAs, answersOnly } satisfies ToDemoWorker);
  });
}
