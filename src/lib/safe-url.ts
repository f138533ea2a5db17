/** Upstream content is data: a link is only followed when it is http(s). */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Logos are only shown when they are inline base64 images (no remote fetch, no script). */
export function safeDataImage(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return /^data:image\/(png|jpe?g|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=\s]+$/.test(value)
    ? value
    : null;
}
