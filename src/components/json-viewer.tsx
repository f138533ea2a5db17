import { useEffect, useRef, useState } from 'react';
import type { JsonViewerProps } from './json-tree-view.tsx';
import { preloadable } from './preloadable.tsx';
import { whenIdle } from '../lib/next-task.ts';

const tree = preloadable<JsonViewerProps>(() =>
  import('./json-tree-view.tsx').then((m) => m.default),
);

/**
 * A read-only JSON tree that stays usable on multi-megabyte answers: only the rows on screen
 * are drawn (virtualised) and a node lists its children only once opened. Search finds keys
 * and values (matches counted and highlighted, their branches opened); a selected node's
 * value or path (`organic_results[3].link`) can be copied, and the tree narrowed to it and
 * that part copied or downloaded. Strings are shown as text, never as HTML.
 *
 * The tree's code (and its virtual list) is not part of any view's first load: it is fetched
 * when the first viewer appears with a result, usually long before anyone opens one.
 */
export function JsonViewer(props: JsonViewerProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // Inside a closed <details> (a card's JSON, the raw response) nothing is built until it
  // opens: a page of results would otherwise build a tree per card.
  // The tree's code loads when the page is idle: fetching it (the module preloads of its
  // chunks) in the commit that shows a result was part of that long task (issue 41).
  useEffect(() => whenIdle(() => void tree.preload().catch(() => undefined)), []);
  useEffect(() => {
    const details = boxRef.current?.parentElement?.closest('details');
    const update = () => {
      if (!details || details.open) setOpen(true);
    };
    update();
    details?.addEventListener('toggle', update);
    return () => details?.removeEventListener('toggle', update);
  }, []);
  return (
    <div ref={boxRef}>
      {open && (
        <tree.Preloaded
          {...props}
          fallback={
            <p role="status" className="text-sm text-slate-500">
              Loading the JSON viewer…
            </p>
          }
          failed={
            <p role="status" className="text-sm text-slate-500">
              The JSON viewer could not be loaded (is the connection down?). Reload the page to try
              again.
            </p>
          }
        />
      )}
    </div>
  );
}
