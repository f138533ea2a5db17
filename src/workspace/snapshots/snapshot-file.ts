import { maskedRequestUrl, type ResponseMeta } from '../../api/client.ts';
import { ENDPOINTS, isRasterImageType, type EndpointId } from '../../api/endpoints.ts';
import { pickParams, validateParams, type Params } from '../../api/params.ts';
import type { ImageResult, JsonResult } from '../../api/requests.ts';
import { envelope, FILE_KINDS, readFileText } from '../../lib/file-envelope.ts';
import { maskEchoedKeys, maskEchoedKeysInText } from '../../lib/mask-echoed-keys.ts';

/**
 * A snapshot: one request (never the key) and its answer, saved as a JSON file so it can be
 * shown again in its view, read-only, without spending anything (a demo script's steps are
 * snapshots too). Opening one treats its content exactly like an answer from the service: it
 * goes through the endpoint's schema and the view's usual rendering, with the same sanitising,
 * and a key the answer echoes (`api_key` fields, `api_key=` in a page) is masked.
 * An action's answer (a submitted webhook job) can be kept too: opening it submits nothing.
 */
export const SNAPSHOT_KIND = FILE_KINDS.snapshot;
/** Anything bigger is refused before it is read. */
export const MAX_SNAPSHOT_BYTES = 80 * 1024 * 1024;

/** The file (decision 066's envelope; files saved before it say `format` for `kind`). */
export interface SnapshotFile {
  kind: typeof SNAPSHOT_KIND;
  version: 1;
  savedAt: string;
  request: { endpoint: string; params: Params };
  response: {
    status: number;
    contentType: string;
    durationMs?: number;
    /** The JSON body as the service sent it. */
    body?: unknown;
    /** An HTML answer the catalogue allows (shorts with html=true). */
    html?: string;
    /** Image bytes. */
    base64?: string;
  };
}

type AnyResult = JsonResult<unknown> | ImageResult;

/** A snapshot ready to show: its request and an answer shaped like a live one. */
export interface OpenSnapshot {
  endpoint: EndpointId;
  params: Params;
  savedAt: Date;
  result: AnyResult;
}

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** The browser's own decoder (Chromium 140, Firefox 133, Safari 18.2), where there is one. */
const nativeFromBase64 = (
  Uint8Array as unknown as { fromBase64?: (base64: string) => Uint8Array<ArrayBuffer> }
).fromBase64;

function fromBase64(base64: string, type: string): Blob {
  // A demo's screenshot step decoded a character at a time took most of a 75 ms task at the
  // reference phone (issue 41); the native decoder does it in a few.
  if (nativeFromBase64) return new Blob([nativeFromBase64(base64)], { type });
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** The file for a result on screen. */
export async function createSnapshot(
  endpoint: EndpointId,
  params: Params,
  result: AnyResult,
  now = new Date(),
): Promise<SnapshotFile> {
  const { status, contentType, durationMs } = result.meta;
  const base = { status, contentType, durationMs };
  let response: SnapshotFile['response'];
  if ('kind' in result) {
    if (result.kind === 'image') response = { ...base, base64: await toBase64(result.blob) };
    else if (result.kind === 'json') response = { ...base, body: result.raw };
    else response = { ...base, body: result.excerpt };
  } else if (result.html !== undefined) {
    response = { ...base, html: result.html };
  } else {
    response = { ...base, body: result.raw };
  }
  return envelope(
    { kind: SNAPSHOT_KIND, version: 1 as const },
    {
      savedAt: now.toISOString(),
      request: { endpoint, params },
      response,
    },
  );
}

export type SnapshotReading = { ok: true; snapshot: OpenSnapshot } | { ok: false; error: string };

const refuse = (error: string): SnapshotReading => ({ ok: false, error });

/** Reads a snapshot file's text: a clear reason for anything that is not a valid snapshot. */
export async function readSnapshot(text: string): Promise<SnapshotReading> {
  const { SNAPSHOT_FILE } = await import('./snapshot-schemas.ts');
  const read = readFileText(text, SNAPSHOT_FILE);
  if (!read.ok)
    return refuse(
      read.errors.length === 1 && read.errors[0]!.startsWith('This ')
        ? read.errors[0]!
        : `This file is not a dashboard snapshot: ${read.errors.join('; ')}.`,
    );
  return openSnapshot(read.value, text.length);
}

/**
 * A snapshot whose outline was read (its file, or a demo script's step): its answer read
 * through its endpoint's schema, as a live one is (`bytes`: its size as written, shown in the
 * inspector).
 */
export async function openSnapshot(
  snapshot: Pick<SnapshotFile, 'request' | 'response' | 'savedAt'>,
  bytes: number,
): Promise<SnapshotReading> {
  const { request, response, savedAt } = snapshot;
  const spec = Object.hasOwn(ENDPOINTS, request.endpoint)
    ? ENDPOINTS[request.endpoint as EndpointId]
    : undefined;
  if (!spec)
    return refuse(`This snapshot is for “${request.endpoint}”, which has no view to show it.`);
  const date = new Date(savedAt);
  if (Number.isNaN(date.getTime())) return refuse('This snapshot has no valid date.');
  const params = pickParams(spec, request.params);
  const checked = validateParams(spec, params);
  if (!checked.ok) return refuse(`This snapshot's parameters are not valid for ${spec.title}.`);

  const meta: ResponseMeta = {
    endpoint: spec.id,
    maskedUrl: maskedRequestUrl(spec.id, checked.wire),
    status: response.status,
    durationMs: response.durationMs ?? 0,
    bytes,
    contentType: response.contentType,
  };
  const id = spec.id;
  const open = (result: AnyResult): SnapshotReading => ({
    ok: true,
    snapshot: { endpoint: id, params, savedAt: date, result },
  });

  if (spec.response === 'image') {
    if (response.base64 !== undefined) {
      // Only raster bytes are images (an SVG could carry script).
      if (!isRasterImageType(response.contentType))
        return refuse(`This snapshot's image type (${response.contentType}) is not shown.`);
      try {
        return open({
          kind: 'image',
          blob: fromBase64(response.base64, response.contentType),
          meta,
        });
      } catch {
        return refuse("This snapshot's image is corrupt.");
      }
    }
    return open({ kind: 'json', raw: response.body, meta });
  }
  const schema = await spec.schema();
  if (response.html !== undefined) {
    const html = maskEchoedKeysInText(response.html);
    return open({ data: schema.parse({}), raw: html, meta, html });
  }
  const body = maskEchoedKeys(response.body);
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    return refuse(`This snapshot's response does not have the shape of a ${spec.title} answer.`);
  return open({ data: parsed.data, raw: body, meta });
}
