import { useExternal, type External } from '../../../lib/use-external.ts';

const QUERY = '(prefers-reduced-motion: reduce)';

/** The system's motion setting, read when asked (a test or the browser may change it). */
const motionSetting: External<MediaQueryList | null> = {
  get: () => (typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null),
  subscribe: (onChange) => {
    if (typeof window.matchMedia !== 'function') return () => {};
    const list = window.matchMedia(QUERY);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  },
};

/** The user asked the system for less motion: animated previews then play only on request. */
export function usePrefersReducedMotion(): boolean {
  return useExternal(motionSetting, (list) => list?.matches ?? false);
}
