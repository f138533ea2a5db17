import { useObjectUrl } from '../../../components/use-object-url.ts';
import { captureFileName } from '../lib/capture-label.ts';
import { CaptureFacts } from './capture-facts.tsx';
import { CaptureImage } from './capture-image.tsx';
import { useImageSize } from './use-image-size.ts';
import type { ImageCapture } from './use-session-captures.ts';
import type { Params } from '../../../api/params.ts';
import type { PixelSize } from '../lib/image-size.ts';

export interface CaptureResultProps {
  capture: ImageCapture;
  params: Params;
  credits: number;
  fromCache: boolean;
}

/** The viewport the request asked for, when the capture is that viewport (not the full page). */
function requestedSize(params: Params): PixelSize | undefined {
  const width = Number(params.width);
  const height = Number(params.height);
  if (params.fullPage === 'true' || !(width > 0) || !(height > 0)) return undefined;
  return { width, height };
}

/**
 * One capture shown from memory: the bytes were fetched once through the client, and the
 * image reads them from an object URL (never the API URL, which would carry the key and
 * could spend credits on every render). The URL is revoked when the capture is replaced.
 */
export function CaptureResult({ capture, params, credits, fromCache }: CaptureResultProps) {
  const { blob, meta } = capture;
  const src = useObjectUrl(blob);
  const size = useImageSize(blob);
  const fileName = captureFileName(params, size, blob.type);
  if (!src) return null;
  return (
    <figure className="space-y-3">
      <CaptureImage
        src={src}
        alt={`Screenshot of ${params.url ?? 'the page'}`}
        size={size}
        expected={requestedSize(params)}
      />
      <figcaption className="flex flex-wrap items-start justify-between gap-4">
        <CaptureFacts
          blob={blob}
          meta={meta}
          params={params}
          size={size}
          credits={credits}
          fromCache={fromCache}
        />
        {/* A raster blob with `download`: saving it never opens it as a page. */}
        <a className="btn-secondary" href={src} download={fileName} type={blob.type}>
          Download {fileName}
        </a>
      </figcaption>
    </figure>
  );
}
