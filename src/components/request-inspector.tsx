import { useQuery } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { isApiError } from '../api/errors.ts';
import { assumedDefault, type EndpointSpec } from '../api/endpoints.ts';
import { API_BASE, maskedRequestUrl, type ResponseMeta } from '../api/client.ts';
import { metaQueries } from '../api/meta-queries.ts';
import { downloadText } from '../lib/download.ts';
import { formatBytes, formatDuration } from '../lib/format.ts';
import { useApiKey } from '../session/use-api-key.ts';
import type { CodeSnippetsProps } from './code-snippets.tsx';
import { CopyButton } from './copy-button.tsx';
import { JsonViewer } from './json-viewer.tsx';
import { preloadable } from './preloadable.tsx';

// Six languages of templates, read by few: loaded when the snippets are first opened (or
// pointed at), not with every view.
const snippets = preloadable<CodeSnippetsProps>(() =>
  import('./code-snippets.tsx').then((m) => m.CodeSnippets),
);
const preloadSnippets = () => void snippets.preload().catch(() => undefined);

/** Where an image endpoint's snippet saves the bytes: named after its format (catalogue default if unset). */
function imageFileFor(spec: EndpointSpec, wire: readonly [string, string][]): string | undefined {
  if (spec.response !== 'image') return undefined;
  const format = wire.find(([k]) => k === 'format')?.[1] ?? assumedDefault(spec, 'format');
  return `${spec.id}.${format ?? 'img'}`;
}

export interface InspectorProps {
  spec: EndpointSpec;
  /** Wire parameters of the form as it stands (null while invalid). */
  wire: readonly [string, string][] | null;
  /** Nothing typed yet: there is nothing to fix, only to fill in. */
  empty?: boolean;
  meta: ResponseMeta | undefined;
  error: unknown;
  raw: unknown;
  /** When the shown answer arrived (ms since the epoch; 0 when unknown). */
  answeredAt?: number;
  /** An image answer's bytes (the screenshot), for the HAR file. */
  image?: Blob;
}

/** The request as sent (key masked), ready-made code, and what came back. */
export const RequestInspector = memo(function RequestInspector({
  spec,
  wire,
  empty = false,
  meta,
  error,
  raw,
  answeredAt,
  image,
}: InspectorProps) {
  const apiKey = useApiKey();
  const { data: apiMeta } = useQuery(metaQueries.current());
  const name = spec.path.slice(1);
  const upstreamPath = `/${apiMeta?.pathMap[name] ?? name}`;
  const base = apiMeta?.snippetBase ?? `${window.location.origin}${API_BASE}`;
  const requestUrl = wire ? maskedRequestUrl(spec.id, wire) : null;
  const status = meta?.status ?? (isApiError(error) ? error.status : undefined);
  const duration = meta?.durationMs ?? (isApiError(error) ? error.durationMs : undefined);
  const [snippetsOpened, setSnippetsOpened] = useState(false);

  // The exchange as a HAR file: the answer shown, else the failed request (the form's).
  const saveHar = async () => {
    const { base64Of, harOf, HAR_MAX_IMAGE_BYTES } = await import('../api/interop/har.ts');
    const path = meta?.maskedUrl ?? (wire ? maskedRequestUrl(spec.id, wire) : spec.path);
    const failed = !meta && isApiError(error) ? error : undefined;
    const bodyBase64 =
      meta && image && image.size <= HAR_MAX_IMAGE_BYTES
        ? base64Of(new Uint8Array(await image.arrayBuffer()))
        : undefined;
    const failedText = failed?.responseText;
    const har = harOf({
      origin: window.location.origin,
      path,
      status,
      failure: failed && status === undefined ? failed.kind : undefined,
      contentType: meta?.contentType ?? failed?.contentType,
      bytes:
        meta?.bytes ??
        (failedText === undefined ? undefined : new TextEncoder().encode(failedText).byteLength),
      durationMs: duration,
      answeredAt: meta ? answeredAt : Date.now(),
      bodyText: meta ? (raw !== undefined ? JSON.stringify(raw) : undefined) : failedText,
      bodyBase64,
      apiKey,
    });
    downloadText(`${spec.id}-request.har`, JSON.stringify(har, null, 2), 'application/json');
  };

  return (
    <section
      aria-label="Request inspector"
      className="space-y-3 rounded border border-slate-200 dark:border-slate-700 p-3"
    >
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
        Request inspector
      </h2>
      {requestUrl ? (
        <div className="flex items-start gap-2">
          <code
            data-testid="request-url"
            className="flex-1 break-all rounded bg-slate-100 dark:bg-slate-800 p-2 text-xs"
          >
            GET {requestUrl}
          </code>
          <CopyButton text={`${window.location.origin}${requestUrl}`} label="Copy URL" />
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {empty ? 'Fill in the form to see the request.' : 'Fix the form to see the request.'}
        </p>
      )}
      {(meta || status !== undefined) && (
        <div className="flex flex-wrap items-center gap-x-6 gap-y-1">
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div>
              <dt className="inline text-slate-600 dark:text-slate-400">Status </dt>
              <dd className="inline font-medium" data-testid="response-status">
                {status ?? (isApiError(error) ? error.kind : '—')}
              </dd>
            </div>
            {duration !== undefined && (
              <div>
                <dt className="inline text-slate-600 dark:text-slate-400">Time </dt>
                <dd className="inline font-medium">{formatDuration(duration)}</dd>
              </div>
            )}
            {meta && (
              <div>
                <dt className="inline text-slate-600 dark:text-slate-400">Size </dt>
                <dd className="inline font-medium">{formatBytes(meta.bytes)}</dd>
              </div>
            )}
            {meta?.contentType && (
              <div>
                <dt className="inline text-slate-600 dark:text-slate-400">Type </dt>
                <dd className="inline font-medium">{meta.contentType}</dd>
              </div>
            )}
          </dl>
          <button type="button" className="btn-chip" onClick={() => void saveHar()}>
            Download HAR
          </button>
        </div>
      )}
      {wire && (
        <details onToggle={(e) => e.currentTarget.open && setSnippetsOpened(true)}>
          <summary
            className="cursor-pointer text-sm font-medium"
            onPointerEnter={preloadSnippets}
            onFocus={preloadSnippets}
          >
            Code snippets
          </summary>
          {snippetsOpened && (
            <div className="mt-2">
              <snippets.Preloaded
                target={{
                  base,
                  path: upstreamPath,
                  params: wire,
                  imageFile: imageFileFor(spec, wire),
                }}
                realKey={apiKey}
                fallback={
                  <p role="status" className="text-sm text-slate-500">
                    Loading the snippets…
                  </p>
                }
                failed={
                  <p role="status" className="text-sm text-slate-500">
                    The snippets could not be loaded (is the connection down?). Reload the page to
                    try again.
                  </p>
                }
              />
            </div>
          )}
        </details>
      )}
      {raw !== undefined && (
        <details>
          <summary className="cursor-pointer text-sm font-medium">Raw response</summary>
          <div className="mt-2">
            <JsonViewer value={raw} label="response" />
          </div>
        </details>
      )}
    </section>
  );
});
