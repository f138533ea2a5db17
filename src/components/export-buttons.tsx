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
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {files.map((f) => (
        <button
          key={f.name}
          type="button"
          className="btn-secondary"
          disabled={disabled}
          onClick={() => downloadText(f.name, f.text(), f.type)}
        >
          {f.label}
        </button>
      ))}
    </div>
  );
}
