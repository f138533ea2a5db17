/**
 * The browser's localStorage or sessionStorage, or undefined when there is no window (node)
 * or the browser refuses it (privacy settings throw on access). Callers then keep their
 * state in memory for as long as the page lives.
 */
export function webStorage(kind: 'local' | 'session'): Storage | undefined {
  try {
    if (typeof window === 'undefined') return undefined;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}
