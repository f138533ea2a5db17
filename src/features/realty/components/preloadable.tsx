import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A lazily loaded component that renders at once when its code is already here. React's own
 * `lazy` suspends on its first render even when the module loaded long before (it only learns
 * so from a promise), which flashes the fallback and moves the page (a layout shift) just as
 * the results arrive. The view preloads while the request travels, so this is the usual case.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));

  function Preloaded({ fallback, ...props }: P & { fallback: ReactNode }) {
    // Chosen once per mount: switching from the lazy wrapper later would remount the tree.
    const [Ready] = useState(() => loaded);
    const own = props as unknown as P;
    if (Ready) return <Ready {...own} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...own} />
      </Suspense>
    );
  }
  return { preload, Preloaded };
}
