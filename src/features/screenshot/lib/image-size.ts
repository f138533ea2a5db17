/** Pixel size of an image, read from its header. */
export interface PixelSize {
  width: number;
  height: number;
}

/**
 * Reads the pixel size from the first bytes of a PNG, JPEG, WebP or GIF without decoding it,
 * so a 1280×20000 capture is measured before (or without) being drawn. Undefined when the
 * bytes are none of these or the header is cut off.
 */
export function readImageSize(bytes: Uint8Array): PixelSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number, length: number) =>
    at + length <= bytes.length ? String.fromCharCode(...bytes.subarray(at, at + length)) : '';
  try {
    // PNG: signature, then the IHDR chunk with width and height (big-endian).
    if (bytes[0] === 0x89 && ascii(1, 3) === 'PNG' && ascii(12, 4) === 'IHDR') {
      return sized(view.getUint32(16), view.getUint32(20));
    }
    // GIF: logical screen size (little-endian).
    if (ascii(0, 4) === 'GIF8') return sized(view.getUint16(6, true), view.getUint16(8, true));
    if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') return webpSize(view, ascii(12, 4));
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(view);
  } catch {
    // A header cut short reads past the end: not an image we can measure.
  }
  return undefined;
}

function webpSize(view: DataView, chunk: string): PixelSize | undefined {
  if (chunk === 'VP8 ') {
    return sized(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return sized((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    const uint24 = (at: number) =>
      view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getUint8(at + 2) << 16);
    return sized(uint24(24) + 1, uint24(27) + 1);
  }
  return undefined;
}

/** Walks the JPEG segments to the first start-of-frame marker, which holds the size. */
function jpegSize(view: DataView): PixelSize | undefined {
  let at = 2;
  while (at + 9 < view.byteLength) {
    if (view.getUint8(at) !== 0xff) return undefined;
    const marker = view.getUint8(at + 1);
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return sized(view.getUint16(at + 7), view.getUint16(at + 5));
    at += 2 + view.getUint16(at + 2);
  }
  return undefined;
}

const sized = (width: number, height: number) =>
  width > 0 && height > 0 ? { width, height } : undefined;
