import { vi } from 'vitest';

export interface Download {
  filename: string;
  text: () => Promise<string>;
}

/**
 * jsdom has no object URLs: make them, and say which are still live (made and not yet
 * revoked) and which blob each stands for.
 */
export function trackObjectUrls() {
  const blobs = new Map<string, Blob>();
  const live = new Set<string>();
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${n++}`;
        blobs.set(url, blob);
        live.add(url);
        return url;
      },
      revokeObjectURL: (url: string) => live.delete(url),
    }),
  );
  return { blobs, live: () => [...live] };
}

/**
 * jsdom has no file downloads: record what the page would save (the Blob handed to
 * URL.createObjectURL and the `<a download>` name).
 */
export function captureDownloads(): Download[] {
  const { blobs } = trackObjectUrls();
  const downloads: Download[] = [];
  const onClick = (e: MouseEvent) => {
    const a = e.target;
    if (a instanceof HTMLAnchorElement && a.hasAttribute('download')) {
      e.preventDefault();
      const blob = blobs.get(a.href);
      downloads.push({ filename: a.download, text: () => blob?.text() ?? Promise.resolve('') });
    }
  };
  document.addEventListener('click', onClick, true);
  return downloads;
}
