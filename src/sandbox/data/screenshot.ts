import sharp from 'sharp';
import { hashString } from '../random.ts';

export type ScreenshotFormat = 'png' | 'jpg' | 'webp';

export interface ScreenshotRequest {
  url: string;
  width: number;
  height: number;
  fullPage: boolean;
  format: ScreenshotFormat;
  quality: number;
  waitUntil: string;
}

/** Keeps a sandbox render affordable whatever width × height a user asks for. */
const MAX_PIXELS = 8_000_000;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** A fake "page" for the URL: browser-ish chrome, a hero block and text lines, coloured by the host. */
export async function renderScreenshot(req: ScreenshotRequest): Promise<Buffer> {
  const width = req.width;
  const viewport = req.height;
  let height = req.fullPage ? Math.round(viewport * 2.5) : viewport;
  let w = width;
  const scale = Math.min(1, Math.sqrt(MAX_PIXELS / (w * height)));
  w = Math.max(1, Math.round(w * scale));
  height = Math.max(1, Math.round(height * scale));

  const host = safeHost(req.url);
  const hue = hashString(host) % 360;
  const lines = Array.from(
    { length: Math.max(0, Math.floor((height - 360 * scale) / (40 * scale))) },
    (_, i) => {
      const y = 340 * scale + i * 40 * scale;
      const len = 0.4 + (hashString(`${host}${i}`) % 50) / 100;
      return `<rect x="${48 * scale}" y="${y}" width="${(w - 96 * scale) * len}" height="${14 * scale}" rx="${4 * scale}" fill="hsl(${hue},15%,82%)"/>`;
    },
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${height}">
  <rect width="100%" height="100%" fill="#ffffff"/>
  <rect width="100%" height="${64 * scale}" fill="hsl(${hue},45%,30%)"/>
  <text x="${24 * scale}" y="${42 * scale}" font-family="DejaVu Sans, sans-serif" font-size="${22 * scale}" fill="#fff">${escapeXml(host)}</text>
  <rect x="${48 * scale}" y="${104 * scale}" width="${w - 96 * scale}" height="${200 * scale}" rx="${12 * scale}" fill="hsl(${hue},60%,88%)"/>
  <text x="${72 * scale}" y="${190 * scale}" font-family="DejaVu Sans, sans-serif" font-size="${34 * scale}" fill="hsl(${hue},45%,25%)">${escapeXml(truncate(req.url, 60))}</text>
  <text x="${72 * scale}" y="${240 * scale}" font-family="DejaVu Sans, sans-serif" font-size="${18 * scale}" fill="hsl(${hue},20%,35%)">Sandbox capture · wait_until=${escapeXml(req.waitUntil)}${req.fullPage ? ' · full page' : ''}</text>
  ${lines}
</svg>`;
  const image = sharp(Buffer.from(svg));
  if (req.format === 'jpg') return image.jpeg({ quality: Math.max(1, req.quality) }).toBuffer();
  if (req.format === 'webp') return image.webp({ quality: Math.max(1, req.quality) }).toBuffer();
  return image.png().toBuffer();
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'page';
  }
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}
