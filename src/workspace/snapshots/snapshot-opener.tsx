import { useCallback, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { requestHref } from '../../api/request-link.ts';
import { MAX_SNAPSHOT_BYTES, readSnapshot } from './snapshot-file.ts';
import { formatBytes } from '../../lib/format.ts';
import { showSnapshot } from './snapshot-store.ts';

/**
 * "Open snapshot": a file picker, and a drop target for the whole page while it is shown.
 * A valid file opens its view with its parameters and shows its answer read-only; anything
 * else gets a clear message here and changes nothing.
 */
export function SnapshotOpener() {
  const inputId = useId();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const open = useCallback(
    async (file: File) => {
      if (file.size > MAX_SNAPSHOT_BYTES) {
        setError(`This file is ${formatBytes(file.size)}: too large for a snapshot.`);
        return;
      }
      const reading = await readSnapshot(await file.text());
      if (!reading.ok) {
        setError(reading.error);
        return;
      }
      setError(null);
      showSnapshot(reading.snapshot);
      void navigate(requestHref(reading.snapshot.endpoint, reading.snapshot.params));
    },
    [navigate],
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
      void open(file);
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, [open]);

  return (
    <div
      className={`space-y-2 rounded border border-dashed p-3 text-sm ${dragging ? 'border-teal-600 bg-teal-50 dark:bg-teal-950/40' : 'border-slate-300 dark:border-slate-600'}`}
    >
      <label htmlFor={inputId} className="block font-medium">
        Open snapshot
      </label>
      <input
        id={inputId}
        type="file"
        accept=".json,application/json"
        className="block text-sm file:mr-3 file:rounded file:border file:border-slate-300 file:bg-white file:px-3 file:py-1 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100"
        aria-describedby={`${inputId}-help`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void open(file);
        }}
      />
      <p id={`${inputId}-help`} className="text-slate-600 dark:text-slate-400">
        Or drop a <code>.snapshot.json</code> file anywhere on this page. It opens in its view,
        read-only; nothing is sent.
      </p>
      {error && (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
