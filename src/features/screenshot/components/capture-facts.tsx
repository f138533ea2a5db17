import type { ResponseMeta } from '../../../api/client.ts';
import { extensionForMediaType } from '../../../api/endpoints.ts';
import { formatBytes, formatDuration, formatNumber, pluralCredits } from '../../../lib/format.ts';
import { captureLabel, formatName } from '../lib/capture-label.ts';
import type { PixelSize } from '../lib/image-size.ts';
import type { Params } from '../../../api/params.ts';

export interface CaptureFactsProps {
  blob: Blob;
  meta: ResponseMeta;
  /** The parameters the capture was made with. */
  params: Params;
  size: PixelSize | undefined;
  /** What showing this result cost: the catalogue's price, or 0 from the session cache. */
  credits: number;
  fromCache: boolean;
}

/** Format and Content-Type, bytes, pixel size, time taken and credits of one capture. */
export function CaptureFacts({ blob, meta, params, size, credits, fromCache }: CaptureFactsProps) {
  const ext = extensionForMediaType(blob.type);
  const facts: [string, string][] = [
    ['Capture', captureLabel(params)],
    ['Format', `${ext ? formatName(ext) : blob.type} (${blob.type})`],
    ['Bytes', `${formatBytes(blob.size)} (${formatNumber(blob.size)} bytes)`],
    ['Pixels', size ? `${size.width} × ${size.height}` : 'unknown'],
    ['Time taken', formatDuration(meta.durationMs)],
    [
      'Credits spent',
      fromCache ? `${pluralCredits(0)} (from this session)` : pluralCredits(credits),
    ],
  ];
  return (
    <dl aria-label="Capture details" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600 dark:text-slate-400">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
