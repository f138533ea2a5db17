import { useState } from 'react';
import { downloadText } from '../lib/download.ts';

export interface ExportFile {
  /** Button text, e.g. "Export CSV". */
  label: string;
  name: string;
  type: string;
  /** Built only when the button is pressed. */
  text: () => string;
}

/** Download buttons for what is on screen; nothing leaves the browser. */
export function ExportButtons({
  label,
  files,
  disabled = false,
}: {
  label: string;
  files: readonly ExportFile[];
  disabled?: boolean;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const save = (f: ExportFile) => {
    setFailure(null);
    try {
      downloadText(f.name, f.text(), f.type);
    } catch (e) {
      // A hostile answer (nested thousands deep, too big for a string) must not crash the view.
      setFailure(
        e instanceof RangeError
          ? `${f.label} failed: the data is too large or nested too deeply to write as one file.`
          : `${f.label} failed: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  };
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2">
      {files.map((f) => (
        <button
          key={f.name}
          type="button"
          className="btn-secondary"
          disabled={disabled}
          onClick={() => save(f)}
        >
          {f.label}
        </button>
      ))}
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      )}
    </div>
  );
}
