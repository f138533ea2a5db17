import { assumedDefault, ENDPOINTS, extensionForMediaType } from '../../../api/endpoints.ts';
import { fileSlug } from '../../../lib/download.ts';
import type { PixelSize } from './image-size.ts';
import type { ParamValues } from '../../../api/params.ts';

const spec = ENDPOINTS.screenshot;
const value = (params: ParamValues, name: string) =>
  params[name] ?? assumedDefault(spec, name) ?? '';

export function hostOf(url: string | undefined): string {
  try {
    return new URL(url ?? '').host || 'page';
  } catch {
    return 'page';
  }
}

/** What distinguishes one capture from another: "example.com · WebP q60 · 390×844 · full page". */
export function captureLabel(params: ParamValues): string {
  const format = value(params, 'format');
  const name = formatName(format);
  const lossy = format === 'jpg' || format === 'webp';
  return [
    hostOf(params.url),
    lossy ? `${name} q${value(params, 'quality')}` : name,
    `${value(params, 'width')}×${value(params, 'height')}`,
    params.fullPage === 'true' ? 'full page' : null,
    params.wait_until ? `wait ${params.wait_until}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "PNG", "JPEG", "WebP" from the catalogue; an unknown format in capitals. */
export function formatName(format: string): string {
  const param = spec.params.find((p) => p.name === 'format');
  const option = param?.type === 'enum' ? param.options.find((o) => o.value === format) : undefined;
  return option?.label ?? format.toUpperCase();
}

/** A download name from host, pixel size and format: `example-com-1280x800-full.png`. */
export function captureFileName(
  params: ParamValues,
  size: PixelSize | undefined,
  mediaType: string,
) {
  const w = size?.width ?? value(params, 'width');
  const h = size?.height ?? value(params, 'height');
  const full = params.fullPage === 'true' ? '-full' : '';
  const ext = extensionForMediaType(mediaType) ?? 'img';
  return `${fileSlug(hostOf(params.url))}-${w}x${h}${full}.${ext}`;
}
