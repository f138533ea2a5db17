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

/**
 * Keeps a sandbox render affordable whatever size is asked for; a 1280×20000 full page
 * (the tall-page demo) still fits. Beyond it the image is scaled down as a whole.
 */
const MAX_PIXELS = 40_000_000;
const WEBP_MAX_SIDE = 16_383;
/** The tallest page the sandbox pretends to have. */
const MAX_PAGE_HEIGHT = 30_000;

/**
 * How long the sandbox takes for a capture: like a real browser, `networkidle` waits for
 * the page to go quiet (slowest) and `load` for its images, `domcontentloaded` not.
 */
export function screenshotLatencyMs(baseMs: number, waitUntil: string | undefined): number {
  if (baseMs <= 0) return 0;
  if (waitUntil === 'networkidle') return baseMs * 3 + 500;
  if (waitUntil === 'load') return baseMs * 2;
  return baseMs;
}

/** The pixel size of a capture: the viewport, or the whole synthetic page when `fullPage`. */
export function captureSize(req: Pick<ScreenshotRequest, 'url' | 'width' | 'height' | 'fullPage'>) {
  const page = Math.max(req.height, pageHeight(req.url, req.width));
  return { width: req.width, height: req.fullPage ? page : req.height, page };
}

/**
 * The synthetic page's full height. A target URL's `sandbox_page_height` sets it (for the
 * very-tall-page demo: `https://long.example/?sandbox_page_height=20000`); otherwise
 * 8 to 15 sections, chosen by the URL.
 */
function pageHeight(url: string, width: number): number {
  const asked = Number(parseUrl(url)?.searchParams.get('sandbox_page_height'));
  if (Number.isInteger(asked) && asked > 0) return Math.min(asked, MAX_PAGE_HEIGHT);
  const sections = 8 + (hashString(url) % 8);
  return Math.min(MAX_PAGE_HEIGHT, HERO_BOTTOM + sections * sectionHeight(width) + FOOTER);
}

const HEADER = 64;
const NAV = 44;
const HERO_BOTTOM = HEADER + NAV + 260;
const FOOTER = 120;
const sectionHeight = (width: number) => (width < 600 ? 520 : 380);

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

const FONT = 'font-family="DejaVu Sans, sans-serif"';
const NAV_WORDS = ['Home', 'Products', 'Pricing', 'Docs', 'Blog', 'About', 'Careers', 'Contact'];
const HEADINGS = [
  'Getting started',
  'Why teams choose us',
  'Features at a glance',
  'What customers say',
  'Plans and pricing',
  'Latest news',
  'Frequently asked questions',
  'Get in touch',
];

/**
 * A deterministic synthetic web page for the URL, drawn at the requested size: a header
 * with the host name, a navigation bar, a hero heading, sections of headings, text blocks
 * and image placeholders, a footer, and a visible "sandbox capture" mark. Encoded as the
 * requested format and quality.
 */
export async function renderScreenshot(req: ScreenshotRequest): Promise<Buffer> {
  const size = captureSize(req);
  const scale = Math.min(
    1,
    Math.sqrt(MAX_PIXELS / (size.width * size.height)),
    // WebP cannot hold more than 16383 px a side: a taller page is scaled down to fit.
    req.format === 'webp' ? WEBP_MAX_SIDE / Math.max(size.width, size.height) : 1,
  );
  const w = Math.max(1, Math.round(size.width * scale));
  const h = Math.max(1, Math.round(size.height * scale));
  const svg = pageSvg(req, { ...size, w, h });
  const image = sharp(Buffer.from(svg), { limitInputPixels: false });
  // sharp rejects quality 0; the interface allows it, so it is the lowest sharp takes.
  const quality = Math.min(100, Math.max(1, req.quality));
  if (req.format === 'jpg') return image.jpeg({ quality }).toBuffer();
  if (req.format === 'webp') return image.webp({ quality }).toBuffer();
  return image.png().toBuffer();
}

/** The page laid out at `width` × `page` CSS px, cut at `height`, drawn at `w` × `h` pixels. */
function pageSvg(
  req: ScreenshotRequest,
  {
    width,
    height,
    page,
    w,
    h,
  }: { width: number; height: number; page: number; w: number; h: number },
) {
  const url = parseUrl(req.url);
  const host = url?.host ?? 'page';
  const hue = hashString(host) % 360;
  const seed = hashString(req.url);
  const pad = width < 600 ? 16 : 48;
  const inner = width - 2 * pad;
  const parts: string[] = [];
  const add = (s: string) => parts.push(s);

  // Header and navigation bar.
  add(`<rect width="${width}" height="${HEADER}" fill="hsl(${hue},45%,28%)"/>`);
  add(
    `<text x="${pad}" y="41" ${FONT} font-size="22" font-weight="bold" fill="#fff">${escapeXml(host)}</text>`,
  );
  add(`<rect y="${HEADER}" width="${width}" height="${NAV}" fill="hsl(${hue},30%,94%)"/>`);
  let x = pad;
  for (let i = 0; i < NAV_WORDS.length; i++) {
    const word = NAV_WORDS[(seed + i) % NAV_WORDS.length]!;
    const wordWidth = word.length * 9 + 24;
    if (x + wordWidth > width - pad) break;
    add(
      `<text x="${x}" y="${HEADER + 28}" ${FONT} font-size="15" fill="hsl(${hue},35%,25%)">${word}</text>`,
    );
    x += wordWidth;
  }

  // Hero: the page's title (its path) and a call to action.
  const title = truncate(url ? `${url.host}${url.pathname}` : req.url, Math.max(12, inner / 20));
  add(
    `<rect x="${pad}" y="${HEADER + NAV + 24}" width="${inner}" height="212" rx="12" fill="hsl(${hue},60%,90%)"/>`,
  );
  add(
    `<text x="${pad + 24}" y="${HEADER + NAV + 100}" ${FONT} font-size="32" font-weight="bold" fill="hsl(${hue},45%,22%)">${escapeXml(title)}</text>`,
  );
  add(
    `<text x="${pad + 24}" y="${HEADER + NAV + 140}" ${FONT} font-size="16" fill="hsl(${hue},20%,32%)">wait_until=${escapeXml(req.waitUntil)}${req.fullPage ? ' · full page' : ''} · ${req.width}×${req.height}</text>`,
  );
  add(
    `<rect x="${pad + 24}" y="${HEADER + NAV + 164}" width="150" height="44" rx="8" fill="hsl(${hue},55%,38%)"/>`,
  );
  add(
    `<text x="${pad + 48}" y="${HEADER + NAV + 192}" ${FONT} font-size="16" fill="#fff">Get started</text>`,
  );

  // Sections down to the bottom of the capture: heading, text lines, an image placeholder.
  const section = sectionHeight(width);
  // Like a real browser: `domcontentloaded` (the default) fires before the images arrive.
  const imagesLoaded = req.waitUntil === 'load' || req.waitUntil === 'networkidle';
  const narrow = width < 600;
  for (let i = 0, top = HERO_BOTTOM; top < Math.min(height, page - FOOTER); i++, top += section) {
    const heading = HEADINGS[(seed + i) % HEADINGS.length]!;
    add(
      `<text x="${pad}" y="${top + 48}" ${FONT} font-size="24" font-weight="bold" fill="#1e293b">${heading}</text>`,
    );
    const imageWidth = narrow ? inner : Math.round(inner * 0.38);
    const textWidth = narrow ? inner : inner - imageWidth - 32;
    const imageLeft = i % 2 === 0 || narrow ? pad + inner - imageWidth : pad;
    const textLeft = narrow || i % 2 === 0 ? pad : pad + imageWidth + 32;
    for (let line = 0; line < 6; line++) {
      const length = 0.55 + (hashString(`${req.url}${i}-${line}`) % 45) / 100;
      add(
        `<rect x="${textLeft}" y="${top + 76 + line * 28}" width="${Math.round(textWidth * length)}" height="12" rx="4" fill="#cbd5e1"/>`,
      );
    }
    const imageTop = narrow ? top + 256 : top + 76;
    const imageHeight = narrow ? 220 : 240;
    if (imagesLoaded) {
      add(
        `<rect x="${imageLeft}" y="${imageTop}" width="${imageWidth}" height="${imageHeight}" rx="8" fill="hsl(${(hue + 40 * i) % 360},35%,80%)"/>`,
      );
      add(
        `<path d="M${imageLeft} ${imageTop}L${imageLeft + imageWidth} ${imageTop + imageHeight}M${imageLeft + imageWidth} ${imageTop}L${imageLeft} ${imageTop + imageHeight}" stroke="#fff" stroke-width="2"/>`,
      );
    } else {
      // Captured as soon as the DOM was parsed: the images have not arrived yet.
      add(
        `<rect x="${imageLeft}" y="${imageTop}" width="${imageWidth}" height="${imageHeight}" rx="8" fill="#f1f5f9" stroke="#cbd5e1" stroke-dasharray="6 4"/>`,
      );
    }
  }
  // A chat widget that a script adds late: only a capture that waits for the network sees it.
  if (req.waitUntil === 'networkidle' && height > 200 && width > 240) {
    const y = height - 76;
    add(
      `<g transform="translate(${width - 228},${y})"><rect width="212" height="56" rx="28" fill="hsl(${hue},55%,38%)"/><text x="28" y="34" ${FONT} font-size="16" fill="#fff">Chat with us</text></g>`,
    );
  }
  add(
    `<rect y="${page - FOOTER}" width="${width}" height="${FOOTER}" fill="hsl(${hue},25%,18%)"/>`,
  );
  add(
    `<text x="${pad}" y="${page - FOOTER + 64}" ${FONT} font-size="14" fill="#e2e8f0">© ${escapeXml(host)}</text>`,
  );

  // The mark: a capture from the sandbox must never pass for a real page.
  const markWidth = 200;
  add(
    `<g transform="translate(${Math.max(0, width - markWidth - 12)},${HEADER + NAV + 8})"><rect width="${markWidth}" height="32" rx="6" fill="#b91c1c" opacity="0.9"/><text x="14" y="22" ${FONT} font-size="15" font-weight="bold" fill="#fff">SANDBOX CAPTURE</text></g>`,
  );

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${width} ${height}" preserveAspectRatio="none">
<rect width="${width}" height="${height}" fill="#ffffff"/>
${parts.join('\n')}
</svg>`;
}

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, Math.max(1, Math.floor(n) - 1))}…` : s;
}
