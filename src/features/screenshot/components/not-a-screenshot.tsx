import type { ImageResult } from '../../../api/requests.ts';
import { JsonViewer } from '../../../components/json-viewer.tsx';
import { formatBytes, pluralCredits } from '../../../lib/format.ts';

type Other = Exclude<ImageResult, { kind: 'image' }>;

/**
 * A successful answer that is not a screenshot: JSON metadata (some deployments answer
 * that), or a type that is never displayed as an image (SVG can carry script). Shown as
 * data, never as a broken image or a document on this origin.
 */
export function NotAScreenshot({ result, cost }: { result: Other; cost: number | null }) {
  const charged =
    cost === null
      ? 'The service counts it as a successful request.'
      : `The service counts it as a successful request (${pluralCredits(cost)}).`;
  return (
    <section
      aria-label="Not a screenshot"
      className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/40"
    >
      {result.kind === 'json' ? (
        <>
          <p role="status" className="text-sm">
            <strong>The service answered with JSON instead of image bytes.</strong> {charged} Its
            content is shown below; try another format or check the service's settings.
          </p>
          <JsonViewer value={result.raw} label="response" />
        </>
      ) : (
        <>
          <p role="status" className="text-sm">
            <strong>
              The service answered with {result.contentType || 'an unnamed type'} (
              {formatBytes(result.meta.bytes)}), which is not a screenshot.
            </strong>{' '}
            Only PNG, JPEG, WebP and GIF are shown as images; this answer is shown as text and is
            never opened. {charged}
          </p>
          {result.excerpt && (
            <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-white/70 p-2 text-xs dark:bg-black/30">
              {result.excerpt}
            </pre>
          )}
        </>
      )}
    </section>
  );
}
