/**
 * Images of the sandbox's short videos, served at `/_sandbox/shorts/<id>.jpg` (the
 * still `thumbnail`) and `/_sandbox/shorts/<id>.gif` (the animated `gif_url`
 * preview): a portrait frame with a moving subject, rendered from an SVG with sharp.
 * Everything derives from the id, so one id always gives the same bytes. Renders are
 * kept in a small LRU cache, and concurrent requests for one file share a render.
 */
import sharp from 'sharp';
import { createRng } from '../random.ts';

export const SHORT_STILL_SIZE = { width: 180, height: 320 } as const;
export const SHORT_PREVIEW_SIZE = { width: 135, height: 240 } as const;
export const SHORT_PREVIEW_FRAMES = 8;
const FRAME_DELAY_MS = 120;
const CACHE_LIMIT = 400;

export type ShortMediaKind = 'still' | 'preview';

/** `12345678.jpg` → still, `12345678.gif` → preview; anything else (an expired link) is not served. */
export function parseShortMediaFile(
  file: string,
): { id: string; kind: ShortMediaKind } | undefined {
  const m = /^(\d{1,12})\.(jpg|gif)$/.exec(file);
  if (!m) return undefined;
  return { id: m[1] ?? '', kind: m[2] === 'gif' ? 'preview' : 'still' };
}

export function shortMediaType(kind: ShortMediaKind): string {
  return kind === 'preview' ? 'image/gif' : 'image/jpeg';
}

const cache = new Map<string, Promise<Buffer>>();

const hsl = (h: number, s: number, l: number) =>
  `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%)`;

/** One frame of a video: `t` from 0 to 1 moves the subject along its path. */
function frameSvg(id: string, t: number, width: number, height: number): string {
  const rng = createRng(`short-media|${id}`);
  const hue = rng.int(0, 359);
  const subjectHue = hue + rng.int(120, 240);
  const path = { x0: rng.int(20, 80), y0: rng.int(40, 120), x1: rng.int(100, 160) };
  const blobs = Array.from({ length: 4 }, () => ({
    cx: rng.int(0, 180),
    cy: rng.int(0, 320),
    r: rng.int(30, 90),
    l: rng.int(30, 60),
    dh: rng.int(-40, 40),
  }));
  const x = path.x0 + (path.x1 - path.x0) * t;
  const y = path.y0 + Math.sin(t * Math.PI * 2) * 40 + 120;
  // Drawn on a 180×320 canvas and scaled, so a still and its preview show the same scene.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 180 320">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 55, 35)}"/><stop offset="1" stop-color="${hsl(hue + 30, 60, 12)}"/></linearGradient></defs>` +
    `<rect width="180" height="320" fill="url(#bg)"/>` +
    blobs
      .map(
        (b) =>
          `<circle cx="${b.cx}" cy="${b.cy + t * 20}" r="${b.r}" fill="${hsl(hue + b.dh, 65, b.l)}" fill-opacity="0.45"/>`,
      )
      .join('') +
    `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="26" fill="${hsl(subjectHue, 80, 60)}"/>` +
    `<circle cx="${(x + 8).toFixed(1)}" cy="${(y - 6).toFixed(1)}" r="5" fill="#fff"/>` +
    `<rect x="0" y="296" width="${(180 * (0.15 + 0.85 * t)).toFixed(1)}" height="4" fill="#fff" fill-opacity="0.8"/>` +
    `</svg>`
  );
}

async function render(id: string, kind: ShortMediaKind): Promise<Buffer> {
  if (kind === 'still') {
    const { width, height } = SHORT_STILL_SIZE;
    return sharp(Buffer.from(frameSvg(id, 0.35, width, height)))
      .jpeg({ quality: 72 })
      .toBuffer();
  }
  const { width, height } = SHORT_PREVIEW_SIZE;
  const frames = await Promise.all(
    Array.from({ length: SHORT_PREVIEW_FRAMES }, (_, i) =>
      sharp(Buffer.from(frameSvg(id, i / SHORT_PREVIEW_FRAMES, width, height)))
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: frames.map(() => FRAME_DELAY_MS), loop: 0, colours: 64 })
    .toBuffer();
}

/** The still (JPEG) or the animated preview (GIF) of one short video. */
export function renderShortMedia(id: string, kind: ShortMediaKind): Promise<Buffer> {
  const key = `${kind}|${id}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const rendering = render(id, kind);
  cache.set(key, rendering);
  rendering.catch(() => {
    if (cache.get(key) === rendering) cache.delete(key);
  });
  while (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (oldest.done) break;
    cache.delete(oldest.value);
  }
  return rendering;
}
