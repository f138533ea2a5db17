import { useState } from 'react';
import { ENDPOINTS, extensionForMediaType } from '../../api/endpoints.ts';
import { JsonViewer } from '../../components/json-viewer.tsx';
import { RequestPanel } from '../../components/request-panel.tsx';
import { useEndpointRun } from '../../components/use-endpoint-run.ts';
import { useObjectUrl } from '../../components/use-object-url.ts';
import { formatBytes } from '../../lib/format.ts';
import { screenshotQueries } from './queries.ts';

export default function ScreenshotPage() {
  const run = useEndpointRun(ENDPOINTS.screenshot, screenshotQueries.results);
  const result = run.data;
  const blob = result?.kind === 'image' ? result.blob : undefined;
  const src = useObjectUrl(blob);
  const [size, setSize] = useState<{ w: number; h: number }>();
  const target = run.submitted?.url ?? '';
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Screenshot</h1>
      <RequestPanel run={run} raw={result?.kind === 'json' ? result.raw : undefined}>
        {result?.kind === 'json' && (
          <section aria-label="Screenshot metadata" className="space-y-2">
            <p role="status">The service answered with JSON instead of image bytes:</p>
            <JsonViewer value={result.raw} label="response" />
          </section>
        )}
        {blob && src && (
          <figure className="space-y-2">
            <figcaption className="flex flex-wrap items-center gap-3 text-sm">
              <span>
                {blob.type} · {formatBytes(blob.size)}
                {size && ` · ${size.w}×${size.h}px`}
              </span>
              <a
                className="btn-secondary"
                href={src}
                download={`screenshot.${extensionForMediaType(blob.type) ?? 'img'}`}
              >
                Download
              </a>
            </figcaption>
            <img
              src={src}
              alt={`Screenshot of ${target}`}
              onLoad={(e) =>
                setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })
              }
              className="max-w-full rounded border border-slate-200 dark:border-slate-700"
            />
          </figure>
        )}
      </RequestPanel>
    </div>
  );
}
