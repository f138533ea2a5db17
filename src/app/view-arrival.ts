import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { inNextFrame } from '../lib/next-frame.ts';

/** Navigation state asking the view that opens to take the focus (the palette sends it). */
export const FOCUS_VIEW = { focusView: true } as const;

/**
 * On a phone the nav is a row that scrolls sideways: the active view's link is scrolled into
 * it, or "Realty map" shows as "Re" at the row's edge. Only the row scrolls, never the page.
 */
function useActiveLinkInView(navRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  // Read in the next frame: in the commit that shows a view it laid the new view out in
  // React's task, and again after presenter mode changed the type (a demo's first step).
  useEffect(
    () =>
      inNextFrame(() => {
        const nav = navRef.current;
        const link = nav?.querySelector<HTMLElement>('[aria-current="page"]');
        if (!nav || !link) return;
        const left = link.offsetLeft - nav.offsetLeft;
        const right = left + link.offsetWidth;
        const pad = 16;
        if (left - pad < nav.scrollLeft) nav.scrollLeft = Math.max(0, left - pad);
        else if (right + pad > nav.scrollLeft + nav.clientWidth)
          nav.scrollLeft = right + pad - nav.clientWidth;
      }),
    [pathname, navRef],
  );
}

/**
 * A view chosen in the palette gets the focus at its heading once it has rendered: the
 * palette's own focus return would otherwise leave it on the page's body, and a keyboard user
 * would start over from the top.
 */
function useFocusViewOnArrival() {
  const location = useLocation();
  const wanted = (location.state as { focusView?: boolean } | null)?.focusView === true;
  useEffect(() => {
    // Only where the focus fell to the page's body: a field or dialog the person already
    // went on to (a second Ctrl+K) keeps it.
    const idle = document.activeElement === null || document.activeElement === document.body;
    if (!wanted || !idle) return;
    const heading = document.querySelector<HTMLElement>('#main h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [wanted, location.key]);
}

/**
 * What happens as a view arrives, in a component of its own that renders nothing: both read the
 * location, which changes on every key typed into a form (its fields live in the URL), and in the
 * layout they would re-render the whole header and nav with each key.
 */
export function ViewArrival({ navRef }: { navRef: RefObject<HTMLElement | null> }) {
  useActiveLinkInView(navRef);
  useFocusViewOnArrival();
  return null;
}
