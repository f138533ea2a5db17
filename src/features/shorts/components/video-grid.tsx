import { useCallback, useDeferredValue, useId, useState, type KeyboardEvent } from 'react';
import type { GalleryVideo } from '../lib/videos.ts';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';
import { VideoCard, type GalleryLayout } from './video-card.tsx';

/**
 * Cards built in the answer's own commit: the first two rows of a phone's two columns, what a
 * phone shows first (and more than the first row on any wider screen).
 */
const FIRST_CARDS = 4;

/** How many cards sit in the first row: the grid's column count as laid out. */
function columnsOf(buttons: readonly HTMLElement[]): number {
  const top = buttons[0]?.getBoundingClientRect().top;
  if (top === undefined) return 1;
  const n = buttons.findIndex((b) => Math.abs(b.getBoundingClientRect().top - top) > 2);
  // Without layout (every card at one height) the grid reads as a single column.
  return n <= 0 ? 1 : n;
}

/**
 * The gallery: a responsive grid (or a compact list) of cards. Arrow keys move focus
 * between cards (up and down by a row in the grid), Home and End go to the first and
 * last. Only the hovered or focused card plays its animated preview; with reduced
 * motion nothing plays until its "Play preview" button is pressed.
 */
export function VideoGrid({
  videos,
  layout,
  onOpen,
}: {
  videos: readonly GalleryVideo[];
  layout: GalleryLayout;
  onOpen: (key: string) => void;
}) {
  const reducedMotion = usePrefersReducedMotion();
  const [active, setActive] = useState<string | null>(null);
  const [manual, setManual] = useState<string | null>(null);
  const playing = reducedMotion ? manual : active;
  const hintId = useId();
  // The other cards follow in a render of their own after the first paint: React renders a
  // deferred value in a transition, in slices that yield to input and paint. Building the
  // page of 10 in the answer's commit was the flow's biggest task (issue 41, decision 100).
  const built = useDeferredValue(videos.length, Math.min(videos.length, FIRST_CARDS));
  const onCards = built >= videos.length ? videos : videos.slice(0, built);
  const togglePreview = useCallback(
    (key: string) => setManual((m) => (m === key ? null : key)),
    [],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const buttons = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[data-card-button]'));
    const at = buttons.findIndex((b) => b === document.activeElement);
    if (at === -1) return;
    const step = layout === 'grid' ? columnsOf(buttons) : 1;
    const target: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      ArrowDown: at + step,
      ArrowUp: at - step,
      Home: 0,
      End: buttons.length - 1,
    };
    const next = target[e.key];
    if (next === undefined) return;
    e.preventDefault();
    buttons[Math.min(buttons.length - 1, Math.max(0, next))]?.focus();
  };

  return (
    <>
      <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
        Hover or focus a video to play its preview. Arrow keys move between videos, Enter opens one.
      </p>
      {/* The list holds buttons; arrow keys only move focus between them. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <ul
        aria-label="Short videos"
        aria-describedby={hintId}
        // The cards below the first rows are still being built.
        aria-busy={onCards.length < videos.length || undefined}
        onKeyDown={onKeyDown}
        className={
          layout === 'grid'
            ? 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6'
            : 'space-y-2'
        }
      >
        {onCards.map((item) => (
          <VideoCard
            key={item.key}
            item={item}
            layout={layout}
            playing={playing === item.key}
            manualPreview={reducedMotion}
            onActivate={setActive}
            onTogglePreview={togglePreview}
            onOpen={onOpen}
          />
        ))}
      </ul>
    </>
  );
}
