/**
 * Listing photos for the sandbox's fake `/realty` data: a small stylised
 * picture per seed (`<listing id>-<photo index>` in realty.ts), rendered from
 * an SVG with sharp. The first photo of a listing is the house from the
 * street; further photos alternate between other views of the house and a
 * room inside. Colours and shapes derive from the seed only, so the same seed
 * always gives the same bytes. A size suffix such as `-p_e` (the composable
 * photo URLs' `{photoKey}-p_e.jpg`) names the same photo as the bare seed.
 */
import sharp from 'sharp';
import { createRng, type Rng } from '../random.ts';

export const LISTING_PHOTO_WIDTH = 480;
export const LISTING_PHOTO_HEIGHT = 320;
export const LISTING_PHOTO_TYPE = 'image/jpeg';

const W = LISTING_PHOTO_WIDTH;
const H = LISTING_PHOTO_HEIGHT;
const CACHE_LIMIT = 500;
const CAPTION_MAX = 40;

/** Most recently used last; a Map keeps insertion order. */
const cache = new Map<string, Promise<Buffer>>();

const hsl = (h: number, s: number, l: number): string =>
  `hsl(${Math.round(h) % 360},${Math.round(s)}%,${Math.round(l)}%)`;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) =>
    c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : c === "'" ? '&apos;' : '&quot;',
  );
}

/** A printable caption: `Listing 123456789 · photo 3` for realty.ts seeds, else the seed itself. */
function caption(seed: string): string {
  const m = /^(\d+)-(\d+)$/.exec(seed);
  if (m) return `Listing ${m[1] ?? ''} · photo ${Number(m[2]) + 1}`;
  // Characters XML does not allow (controls, lone surrogates) are dropped.
  const chars = Array.from(seed).filter((ch) => {
    const cp = ch.codePointAt(0) ?? 0;
    return (
      cp >= 0x20 && cp !== 0x7f && !(cp >= 0xd800 && cp <= 0xdfff) && cp !== 0xfffe && cp !== 0xffff
    );
  });
  if (chars.length === 0) return 'Listing photo';
  return chars.length > CAPTION_MAX
    ? `${chars.slice(0, CAPTION_MAX - 1).join('')}…`
    : chars.join('');
}

/** `123456789-4-p_e` → `123456789-4`: the size variant of a photo is the same picture. */
export function photoSeed(file: string): string {
  return file.replace(/^(.+)-p_[a-z]$/, '$1');
}

function photoIndex(seed: string): number {
  const m = /-(\d+)$/.exec(seed);
  return m ? Number(m[1]) : 0;
}

function tree(rng: Rng, x: number, ground: number): string {
  const size = rng.int(26, 48);
  const green = hsl(rng.int(85, 140), rng.int(35, 55), rng.int(25, 40));
  return (
    `<rect x="${x - 4}" y="${ground - size}" width="8" height="${size}" fill="#6b4a2f"/>` +
    `<circle cx="${x}" cy="${ground - size - size * 0.55}" r="${size * 0.8}" fill="${green}"/>` +
    `<circle cx="${x - size * 0.45}" cy="${ground - size - size * 0.2}" r="${size * 0.55}" fill="${green}"/>` +
    `<circle cx="${x + size * 0.45}" cy="${ground - size - size * 0.25}" r="${size * 0.55}" fill="${green}"/>`
  );
}

function exterior(rng: Rng, alternate: boolean): string {
  const dusk = rng.chance(0.2);
  const skyTop = dusk
    ? hsl(rng.int(220, 260), 45, 35)
    : hsl(rng.int(195, 215), rng.int(55, 75), rng.int(52, 62));
  const skyBottom = dusk ? hsl(rng.int(15, 35), 80, 70) : hsl(rng.int(190, 205), 60, 88);
  const grass = rng.int(85, 125);
  const ground = rng.int(230, 250);

  const houseW = rng.int(170, 240);
  const houseH = rng.int(95, 130);
  const houseX = alternate
    ? rng.int(40, W - houseW - 40)
    : Math.round((W - houseW) / 2) + rng.int(-40, 40);
  const houseY = ground - houseH;
  const wall = hsl(rng.int(0, 359), rng.int(10, 45), rng.int(58, 82));
  const trim = rng.chance(0.5) ? '#f7f5ef' : hsl(rng.int(0, 359), 15, 30);
  const roof = hsl(rng.int(0, 359), rng.int(10, 35), rng.int(18, 38));
  const door = hsl(rng.int(0, 359), rng.int(40, 70), rng.int(25, 45));
  const glass = dusk ? '#ffd98a' : '#bcd9ee';
  const roofH = rng.int(45, 75);
  const overhang = 14;

  const parts: string[] = [];
  parts.push(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>` +
      `<linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(grass, 45, 45)}"/><stop offset="1" stop-color="${hsl(grass, 50, 30)}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
  );
  if (dusk)
    parts.push(
      `<circle cx="${rng.int(40, W - 40)}" cy="${ground - 10}" r="34" fill="#ffcf70" opacity="0.8"/>`,
    );
  else
    parts.push(
      `<circle cx="${rng.int(30, W - 30)}" cy="${rng.int(30, 70)}" r="${rng.int(16, 26)}" fill="#fff6c9"/>`,
    );
  for (let i = rng.int(0, 3); i > 0; i--) {
    const cx = rng.int(20, W - 20);
    const cy = rng.int(25, 110);
    parts.push(
      `<g fill="#ffffff" opacity="0.85"><ellipse cx="${cx}" cy="${cy}" rx="34" ry="12"/><ellipse cx="${cx + 18}" cy="${cy - 8}" rx="20" ry="12"/></g>`,
    );
  }
  if (rng.chance(0.5)) {
    // Distant hills.
    parts.push(
      `<path d="M0 ${ground - 30} Q ${W * 0.25} ${ground - 80} ${W * 0.5} ${ground - 35} T ${W} ${ground - 45} V ${ground} H 0 Z" fill="${hsl(grass + 20, 25, 55)}"/>`,
    );
  }
  parts.push(`<rect y="${ground}" width="${W}" height="${H - ground}" fill="url(#lawn)"/>`);

  // Chimney, roof, walls.
  if (rng.chance(0.5)) {
    parts.push(
      `<rect x="${houseX + houseW * 0.7}" y="${houseY - roofH + 8}" width="18" height="${roofH}" fill="${hsl(10, 35, 38)}"/>`,
    );
  }
  if (rng.chance(0.6)) {
    parts.push(
      `<polygon points="${houseX - overhang},${houseY} ${houseX + houseW / 2},${houseY - roofH} ${houseX + houseW + overhang},${houseY}" fill="${roof}"/>`,
    );
  } else {
    const inset = houseW * 0.28;
    parts.push(
      `<polygon points="${houseX - overhang},${houseY} ${houseX + inset},${houseY - roofH} ${houseX + houseW - inset},${houseY - roofH} ${houseX + houseW + overhang},${houseY}" fill="${roof}"/>`,
    );
  }
  parts.push(
    `<rect x="${houseX}" y="${houseY}" width="${houseW}" height="${houseH}" fill="${wall}"/>`,
  );

  // Door, windows, maybe a garage.
  const doorW = 30;
  const doorH = Math.min(62, houseH - 20);
  const doorX = houseX + Math.round(houseW * (rng.chance(0.5) ? 0.5 : 0.3)) - doorW / 2;
  parts.push(
    `<rect x="${doorX - 4}" y="${ground - doorH - 4}" width="${doorW + 8}" height="${doorH + 4}" fill="${trim}"/>`,
    `<rect x="${doorX}" y="${ground - doorH}" width="${doorW}" height="${doorH}" fill="${door}"/>`,
    `<circle cx="${doorX + doorW - 7}" cy="${ground - doorH / 2}" r="2.5" fill="#e8c66a"/>`,
  );
  const garage = houseW > 200 && rng.chance(0.5);
  if (garage) {
    const gx = houseX + houseW - 78;
    parts.push(
      `<rect x="${gx}" y="${ground - 56}" width="64" height="56" fill="${trim}"/>`,
      `<g stroke="${hsl(0, 0, 70)}" stroke-width="2">${[14, 28, 42].map((d) => `<line x1="${gx + 4}" y1="${ground - 56 + d}" x2="${gx + 60}" y2="${ground - 56 + d}"/>`).join('')}</g>`,
      `<rect x="${gx + 20}" y="${ground}" width="${64 - 16}" height="${H - ground}" fill="#b9b4aa"/>`,
    );
  }
  const windowY = houseY + 18;
  const windowW = 34;
  const windowH = 30;
  const slots = [0.15, 0.85, 0.5].map((f) => houseX + Math.round(houseW * f) - windowW / 2);
  for (const wx of slots) {
    const clashesDoor =
      wx + windowW > doorX - 6 && wx < doorX + doorW + 6 && windowY + windowH > ground - doorH;
    const clashesGarage = garage && wx + windowW > houseX + houseW - 80;
    if (clashesDoor || clashesGarage) continue;
    parts.push(
      `<rect x="${wx - 3}" y="${windowY - 3}" width="${windowW + 6}" height="${windowH + 6}" fill="${trim}"/>`,
      `<rect x="${wx}" y="${windowY}" width="${windowW}" height="${windowH}" fill="${glass}"/>`,
      `<path d="M${wx + windowW / 2} ${windowY} V ${windowY + windowH} M ${wx} ${windowY + windowH / 2} H ${wx + windowW}" stroke="${trim}" stroke-width="2"/>`,
    );
  }
  // Path to the door, trees and a hedge.
  parts.push(
    `<polygon points="${doorX},${ground} ${doorX + doorW},${ground} ${doorX + doorW + 20},${H} ${doorX - 20},${H}" fill="#cfc8b8"/>`,
  );
  if (houseX > 70) parts.push(tree(rng, rng.int(25, houseX - 35), ground + 6));
  if (houseX + houseW < W - 70)
    parts.push(tree(rng, rng.int(houseX + houseW + 35, W - 25), ground + 8));
  if (rng.chance(0.5)) {
    parts.push(
      `<rect x="${houseX - 6}" y="${ground - 14}" width="${doorX - houseX - 4}" height="18" rx="8" fill="${hsl(grass + 10, 45, 28)}"/>`,
    );
  }
  return parts.join('');
}

function interior(rng: Rng): string {
  const wall = hsl(rng.int(0, 359), rng.int(8, 35), rng.int(72, 90));
  const floorTone = hsl(rng.int(20, 40), rng.int(30, 50), rng.int(35, 60));
  const accent = hsl(rng.int(0, 359), rng.int(35, 65), rng.int(35, 55));
  const floorY = rng.int(205, 235);
  const wx = rng.int(40, 260);
  const ww = rng.int(120, 170);
  const parts: string[] = [
    `<rect width="${W}" height="${H}" fill="${wall}"/>`,
    `<rect y="${floorY}" width="${W}" height="${H - floorY}" fill="${floorTone}"/>`,
    `<g stroke="#000" stroke-opacity="0.08">${[1, 2, 3, 4].map((i) => `<line x1="0" y1="${floorY + i * 20}" x2="${W}" y2="${floorY + i * 20}"/>`).join('')}</g>`,
    `<rect y="${floorY - 8}" width="${W}" height="8" fill="#f4f1ea"/>`,
    // A window with the sky outside.
    `<rect x="${wx - 6}" y="34" width="${ww + 12}" height="112" fill="#f4f1ea"/>`,
    `<rect x="${wx}" y="40" width="${ww}" height="100" fill="${hsl(rng.int(195, 210), 60, 78)}"/>`,
    `<path d="M${wx + ww / 2} 40 V 140" stroke="#f4f1ea" stroke-width="4"/>`,
    `<ellipse cx="${W / 2}" cy="${floorY + 52}" rx="150" ry="24" fill="${accent}" opacity="0.45"/>`,
  ];
  // A sofa.
  const sx = rng.int(60, 200);
  const sofa = hsl(rng.int(0, 359), rng.int(15, 45), rng.int(30, 60));
  parts.push(
    `<rect x="${sx}" y="${floorY - 70}" width="200" height="50" rx="10" fill="${sofa}"/>`,
    `<rect x="${sx - 14}" y="${floorY - 44}" width="228" height="40" rx="10" fill="${sofa}"/>`,
    `<rect x="${sx + 20}" y="${floorY - 58}" width="40" height="24" rx="6" fill="${accent}"/>`,
    `<rect x="${sx}" y="${floorY - 6}" width="8" height="12" fill="#3b2a1e"/><rect x="${sx + 192}" y="${floorY - 6}" width="8" height="12" fill="#3b2a1e"/>`,
  );
  // A lamp or a plant.
  const lx = rng.chance(0.5) ? rng.int(20, 50) : rng.int(W - 50, W - 20);
  parts.push(
    rng.chance(0.5)
      ? `<rect x="${lx - 2}" y="${floorY - 120}" width="4" height="120" fill="#333"/><polygon points="${lx - 20},${floorY - 120} ${lx + 20},${floorY - 120} ${lx + 12},${floorY - 150} ${lx - 12},${floorY - 150}" fill="#f3e2b3"/>`
      : `<rect x="${lx - 14}" y="${floorY - 34}" width="28" height="34" fill="#b8734a"/><circle cx="${lx}" cy="${floorY - 52}" r="24" fill="${hsl(rng.int(90, 140), 45, 32)}"/>`,
  );
  return parts.join('');
}

/** A short-video still (the shorts endpoint's thumbnails): a coloured frame with a play button. */
function videoStill(rng: Rng): string {
  const hue = rng.int(0, 359);
  const blobs = Array.from({ length: 5 }, () => {
    const r = rng.int(30, 110);
    return `<circle cx="${rng.int(0, W)}" cy="${rng.int(0, H)}" r="${r}" fill="${hsl(hue + rng.int(-40, 40), 70, rng.int(35, 65))}" fill-opacity="0.55"/>`;
  }).join('');
  return (
    `<rect width="${W}" height="${H}" fill="${hsl(hue, 45, 18)}"/>` +
    blobs +
    `<circle cx="${W / 2}" cy="${H / 2}" r="38" fill="#000" fill-opacity="0.5"/>` +
    `<path d="M${W / 2 - 12},${H / 2 - 20} L${W / 2 + 22},${H / 2} L${W / 2 - 12},${H / 2 + 20} Z" fill="#fff"/>`
  );
}

function photoSvg(seed: string): string {
  const rng = createRng(`photo|${seed}`);
  const index = photoIndex(seed);
  const scene = seed.startsWith('short-')
    ? videoStill(rng)
    : index > 0 && index % 2 === 1
      ? interior(rng)
      : exterior(rng, index > 0);
  const label = escapeXml(caption(seed));
  const labelW = Math.min(W - 16, 16 + label.length * 6.4);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    scene +
    `<rect x="8" y="${H - 30}" width="${labelW}" height="22" rx="4" fill="#000" fill-opacity="0.45"/>` +
    `<text x="16" y="${H - 15}" font-family="DejaVu Sans, Arial, sans-serif" font-size="11" fill="#fff">${label}</text>` +
    `</svg>`
  );
}

/**
 * A deterministic 480×320 JPEG for a listing-photo seed. Answers are kept in
 * a small LRU cache, and concurrent requests for one seed share a render.
 */
export async function renderListingPhoto(requested: string): Promise<Buffer> {
  const seed = photoSeed(requested);
  const hit = cache.get(seed);
  if (hit) {
    cache.delete(seed);
    cache.set(seed, hit);
    return hit;
  }
  const render = sharp(Buffer.from(photoSvg(seed)))
    .jpeg({ quality: 70 })
    .toBuffer();
  cache.set(seed, render);
  render.catch(() => {
    if (cache.get(seed) === render) cache.delete(seed);
  });
  while (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (oldest.done) break;
    cache.delete(oldest.value);
  }
  return render;
}
