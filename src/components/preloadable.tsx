import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A component inside a view whose code loads on its own, and renders at once when that code
 * is already here. (Views themselves are loaded by the router before they render: router.tsx.)
 * React's `lazy` suspends on its first render even when the module loaded long before (it only
 * learns so from a promise), which flashes the fallback and moves the page (a layout
 * shift) just as results arrive; views preload while a request travels, so "already here" is
 * the usual case. A failed load is retried by the next `preload`; meanwhile `failed` shows,
 * or without it the error goes to the nearest error boundary.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  function Preloaded({
    fallback,
    failed,
    ...props
  }: P & { fallback: ReactNode; failed?: ReactNode }) {
    const [state, setState] = useState<{ Ready?: ComponentType<P>; error?: unknown }>(() => ({
      Ready: loaded,
    }));
    const { Ready } = state;
    useEffect(() => {
      if (Ready) return;
      let active = true;
      preload().then(
        (component) => active && setState({ Ready: component }),
        (error: unknown) => active && setState({ error }),
      );
      return () => {
        active = false;
      };
    }, [Ready]);
    if (Ready) return <Ready {...(props as unknown as P)} />;
    if ('error' in state) {
      if (failed === undefined) throw state.error;
      return failed;
    }
    return fallback;
  }
  return { preload, Preloaded };
}
