import { exportFileName, toCsv, toGeoJson } from '../lib/export.ts';
import type { Home } from '../lib/home.ts';

function download(content: string, type: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The filtered listings as files; nothing leaves the browser. */
export function ExportButtons({
  homes,
  pageUrl,
}: {
  homes: readonly Home[];
  pageUrl: string | undefined;
}) {
  const disabled = homes.length === 0;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Export">
      <button
        type="button"
        className="btn-secondary"
        disabled={disabled}
        onClick={() =>
          // The byte-order mark makes spreadsheet programs read the file as UTF-8.
          download(
            `\uFEFF${toCsv(homes)}`,
            'text/csv;charset=utf-8',
            exportFileName(pageUrl, 'csv', new Date()),
          )
        }
      >
        Download CSV
      </button>
      <button
        type="button"
        className="btn-secondary"
        disabled={disabled}
        onClick={() =>
          download(
            JSON.stringify(toGeoJson(homes), null, 2),
            'application/geo+json',
            exportFileName(pageUrl, 'geojson', new Date()),
          )
        }
      >
        Download GeoJSON
      </button>
    </div>
  );
}
