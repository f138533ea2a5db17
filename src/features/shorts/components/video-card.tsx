import { memo } from 'react';
import { FallbackImage } from '../../../components/fallback-image.tsx';
import { safeHttpUrl } from '../../../lib/safe-url.ts';
import type { GalleryVideo } from '../lib/videos.ts';
import { SourceLogo } from './source-logo.tsx';

export type GalleryLayout = 'grid' | 'list';

export interface VideoCardProps {
  item: GalleryVideo;
  layout: GalleryLayout;
  /** The animated preview plays (hovered, focused, or asked for). */
  playing: boolean;
  /** Reduced motion: the preview never starts by itself; a button starts and stops it. */
  manualPreview: boolean;
  onActivate: (key: string | null) => void;
  onTogglePreview: (key: string) => void;
  onOpen: (key: string) => void;
}

/**
 * One short video: its still, and on hover or focus its animated preview (loaded only
 * then, so a page of cards costs one small image each). The card's main button opens
 * the detail panel; arrow keys move between these buttons (VideoGrid). Memoised: hovering a
 * card renders it and the card it leaves, not the whole page of cards.
 */
export const VideoCard = memo(function VideoCard({
  item,
  layout,
  playing,
  manualPreview,
  onActivate,
  onTogglePreview,
  onOpen,
}: VideoCardProps) {
  const { video: v, key } = item;
  const preview = safeHttpUrl(v.gif_url);
  const title = v.title?.trim() || 'Untitled video';
  const grid = layout === 'grid';
  const activate = manualPreview ? undefined : () => onActivate(key);
  const deactivate = manualPreview ? undefined : () => onActivate(null);

  // Decorative beside the title: a placeholder's text must not become part of the card's name.
  const media = (
    <span
      aria-hidden="true"
      className={`relative block shrink-0 overflow-hidden rounded bg-slate-200 dark:bg-slate-800 ${grid ? 'aspect-[9/16] w-full' : 'h-24 w-[3.375rem]'}`}
    >
      <FallbackImage
        src={v.thumbnail}
        alt=""
        loading="lazy"
        decoding="async"
        data-still=""
        className="absolute inset-0 h-full w-full"
        imgClassName="object-cover"
        placeholder="No thumbnail"
      />
      {playing && preview && (
        <FallbackImage
          src={preview}
          alt=""
          data-preview=""
          className="absolute inset-0 h-full w-full"
          imgClassName="object-cover"
          placeholder={null}
          placeholderClassName="hidden"
        />
      )}
      {preview && grid && (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 rounded bg-black/60 px-1.5 py-0.5 text-[0.65rem] font-medium text-white"
        >
          {playing ? '▶ preview' : 'GIF'}
        </span>
      )}
    </span>
  );

  return (
    <li
      className={`group relative rounded border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900 ${grid ? 'flex flex-col' : 'flex items-center gap-3 p-2'}`}
      onMouseEnter={activate}
      onMouseLeave={deactivate}
    >
      <button
        type="button"
        data-card-button=""
        className={`text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 ${grid ? 'flex flex-col gap-2 p-2' : 'flex min-w-0 flex-1 items-center gap-3'}`}
        onFocus={activate}
        onBlur={deactivate}
        onClick={() => onOpen(key)}
        aria-haspopup="dialog"
      >
        {media}
        <span
          data-testid="video-title"
          className="line-clamp-2 min-w-0 text-sm font-medium group-hover:underline"
        >
          {title}
        </span>
      </button>
      <div
        className={`flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 dark:text-slate-400 ${grid ? 'px-2 pb-2' : 'shrink-0 sm:w-80'}`}
      >
        <span className="flex min-w-0 items-center gap-1" data-testid="video-source">
          <SourceLogo logo={v.source_logo} />
          <span>{v.source ?? 'Unknown source'}</span>
        </span>
        {v.account_name && <span className="truncate">{v.account_name}</span>}
        {v.date && <span>{v.date}</span>}
        {manualPreview && preview && (
          <button
            type="button"
            className="btn-small btn-secondary"
            aria-pressed={playing}
            onClick={() => onTogglePreview(key)}
          >
            {playing ? 'Stop preview' : 'Play preview'}
            <span className="sr-only"> of {title}</span>
          </button>
        )}
      </div>
    </li>
  );
});
