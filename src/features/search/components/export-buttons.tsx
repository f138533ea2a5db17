import { downloadText } from '../../../lib/download.ts';

export interface ExportFile {
  name: string;
  text: () => string;
}

/** CSV and JSON downloads of what is on screen. */
export function ExportButtons({
  label,
  csv,
  json,
}: {
  label: string;
  csv: ExportFile;
  json: ExportFile;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      <button
        type="button"
        className="btn-secondary"
        onClick={() => downloadText(csv.name, csv.text(), 'text/csv;charset=utf-8')}
      >
        Export CSV
      </button>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => downloadText(json.name, json.text(), 'application/json')}
      >
        Export JSON
      </button>
    </div>
  );
}
