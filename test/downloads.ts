import { vi } from 'vitest';

export interface Download {
  filename: string;
  text: () => Promise<string>;
}

/**
 * jsdom has neither object URLs nor file downloads: record what the page would
 * save (the Blob handed to URL.createObjectURL and the `<a download>` name).
 */
export function captureDownloads(): Download[] {
  const blobs = new Map<string, Blob>();
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${n++}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => {},
    }),
  );
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
