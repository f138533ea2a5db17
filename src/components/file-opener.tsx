import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { formatBytes } from '../lib/format.ts';

/** What an opening may use: its progress in words, and the Cancel button's signal. */
export interface FileJob {
  progress: (words: string) => void;
  signal: AbortSignal;
}

export interface FileOpenerProps {
  /** The file input's label ("Open snapshot"). */
  label: string;
  /** What the help line says under it. */
  help: ReactNode;
  /** What a file too large to read is called ("a snapshot"). */
  what: string;
  maxBytes: number;
  /**
   * Reads the file; resolves with a clear message when it is refused, else null (also when it
   * was cancelled: `job.signal`). A long read says how far it is with `job.progress`.
   */
  open: (file: File, job: FileJob) => Promise<string | null>;
}

/**
 * A file picker that is also a drop target for the whole page while it is shown (snapshots,
 * demo scripts). A file over `maxBytes` is refused before it is read; anything `open` refuses
 * gets its message here, and changes nothing.
 */
export function FileOpener({ label, help, what, maxBytes, open }: FileOpenerProps) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  /** The opening under way: what it says of its progress, and how to cancel it. */
  const [busy, setBusy] = useState<{ words: string; cancel: () => void } | null>(null);
  const opening = useRef<AbortController | null>(null);

  const read = useCallback(
    async (file: File) => {
      if (file.size > maxBytes) {
        setError(`This file is ${formatBytes(file.size)}: too large for ${what}.`);
        return;
      }
      // One file at a time: a second one dropped cancels the first.
      opening.current?.abort();
      const controller = new AbortController();
      opening.current = controller;
      const cancel = () => controller.abort();
      setError(null);
      setBusy({ words: `Opening ${file.name}…`, cancel });
      const progress = (words: string) => {
        if (!controller.signal.aborted) setBusy({ words, cancel });
      };
      const refused = await open(file, { progress, signal: controller.signal });
      if (opening.current !== controller) return;
      opening.current = null;
      setBusy(null);
      setError(
        controller.signal.aborted
          ? `Opening ${file.name} was cancelled: nothing was kept.`
          : refused,
      );
    },
    [maxBytes, open, what],
  );
  useEffect(() => () => opening.current?.abort(), []);

  useEffect(() => {
    const onDragOver = (e: DragEvent) => {
      if (!e.dataTransfer?.types.includes('Files')) return;
      e.preventDefault();
      setDragging(true);
    };
    const onDragLeave = () => setDragging(false);
    const onDrop = (e: DragEvent) => {
      const file = e.dataTransfer?.files[0];
      if (!file) return;
      e.preventDefault();
      setDragging(false);
      void read(file);
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, [read]);

  return (
    <div
      className={`space-y-2 rounded border border-dashed p-3 text-sm ${dragging ? 'border-teal-600 bg-teal-50 dark:bg-teal-950/40' : 'border-slate-300 dark:border-slate-600'}`}
    >
      <label htmlFor={inputId} className="block font-medium">
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        accept=".json,application/json"
        className="block"
        aria-describedby={`${inputId}-help`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void read(file);
        }}
      />
      <p id={`${inputId}-help`} className="text-slate-600 dark:text-slate-400">
        {help}
      </p>
      {busy && (
        <p className="flex flex-wrap items-center gap-2">
          <span role="status">{busy.words}</span>
          <button type="button" className="btn-secondary" onClick={busy.cancel}>
            Cancel
          </button>
        </p>
      )}
      {error && (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
