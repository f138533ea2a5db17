import { ExportButtons } from '../../../components/export-buttons.tsx';
import { exportFileName, homesToCsv, homesToJson, toGeoJson } from '../lib/export.ts';
import type { Home } from '../lib/home.ts';

/** The filtered listings as CSV, JSON and GeoJSON, through the shared export buttons. */
export function ListingExportButtons({
  homes,
  pageUrl,
}: {
  homes: readonly Home[];
  pageUrl: string | undefined;
}) {
  return (
    <ExportButtons
      label="Export"
      disabled={homes.length === 0}
      files={[
        {
          label: 'Download CSV',
          name: exportFileName(pageUrl, 'csv', new Date()),
          type: 'text/csv;charset=utf-8',
          text: () => homesToCsv(homes),
        },
        {
          label: 'Download JSON',
          name: exportFileName(pageUrl, 'json', new Date()),
          type: 'application/json',
          text: () => JSON.stringify(homesToJson(homes), null, 2),
        },
        {
          label: 'Download GeoJSON',
          name: exportFileName(pageUrl, 'geojson', new Date()),
          type: 'application/geo+json',
          text: () => JSON.stringify(toGeoJson(homes), null, 2),
        },
      ]}
    />
  );
}
