import { ExportButtons as Buttons } from '../../../components/export-buttons.tsx';
import { exportFileName, homesToCsv, toGeoJson } from '../lib/export.ts';
import type { Home } from '../lib/home.ts';

/** The filtered listings as CSV and GeoJSON. */
export function ExportButtons({
  homes,
  pageUrl,
}: {
  homes: readonly Home[];
  pageUrl: string | undefined;
}) {
  return (
    <Buttons
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
          label: 'Download GeoJSON',
          name: exportFileName(pageUrl, 'geojson', new Date()),
          type: 'application/geo+json',
          text: () => JSON.stringify(toGeoJson(homes), null, 2),
        },
      ]}
    />
  );
}
