import type { FileJob } from '../../components/file-opener.tsx';
import { formatBytes } from '../../lib/format.ts';
import { readDemo, type DemoReading, type DemoScript, type DemoStep } from './demo-file.ts';
import type { FromDemoWorker, ToDemoWorker } from './demo-file.worker.ts';

/** A file's reading; `stored`: the script is in IndexedDB already. */
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
    case 'script':
      return `Opening ${message.steps} steps…`;
    default:
      return null;
  }
}

/**
 * Opens a demo file in a Worker (demo-file.worker.ts): the page stays responsive while a
 * 120 MB file is read and parsed, says how far it is, and Cancel stops it. Resolves with the
 * reading, or null when cancelled. Where there is no Worker (jsdom in the tests) the same
 * readDemo runs here.
 */
export function openDemoFile(
  file: Blob,
  { progress, signal }: FileJob,
  /** false: the caller keeps the script itself (the tour, in place of its earlier copy). */
  { store = true }: { store?: boolean } = {},
): Promise<OpenedDemo | null> {
  if (typeof Worker === 'undefined')
    return file.text().then((text) => (signal.aborted ? null : readDemo(text, file.size)));
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./demo-file.worker.ts', import.meta.url), {
      type: 'module',
    });
    const end = (reading: OpenedDemo | null) => {
      worker.terminate();
      signal.removeEventListener('abort', cancel);
      resolve(reading);
    };
    const cancel = () => end(null);
    signal.addEventListener('abort', cancel);
    let script: { value: DemoScript; count: number; stored: boolean } | null = null;
    worker.onmessage = ({ data }: MessageEvent<FromDemoWorker>) => {
      if (data.type === 'refused') return end({ ok: false, error: data.error });
      if (data.type === 'script')
        script = { value: data.outline, count: data.steps, stored: data.stored };
      if (data.type === 'step' && script) {
        script.value.steps.push(JSON.parse(data.json) as DemoStep);
        if (script.value.steps.length === script.count)
          return end({ ok: true, script: script.value, stored: script.stored });
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
    worker.postMessage({ file, store } satisfies ToDemoWorker);
  });
}
