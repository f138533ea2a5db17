import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { formatBytes } from '../lib/format.ts';

export interface FileOpenerProps {
  /** The file input's label ("Open snapshot"). */
  label: string;
  /** What the help line says under it. */
  help: ReactNode;
  /** What a file too large to read is called ("a snapshot"). */
  what: string;
  maxBytes: number;
  /** Reads the file's text; resolves with a clear message when it is refused, else null. */
  open: (text: string) => Promise<string | null>;
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

  const read = useCallback(
    async (file: File) => {
      if (file.size > maxBytes) {
        setError(`This file is ${formatBytes(file.size)}: too large for ${what}.`);
        return;
      }
      setError(await open(await file.text()));
    },
    [maxBytes, open, what],
  );

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
      {error && (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
