import { useId, useRef, type ReactNode } from 'react';
import { ExternalLink } from '../../../components/external-link.tsx';
import { FallbackImage } from '../../../components/fallback-image.tsx';
import { JsonViewer } from '../../../components/json-viewer.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { formatBytes } from '../../../lib/format.ts';
import { safeDataImage, safeHttpUrl } from '../../../lib/safe-url.ts';
import type { GalleryVideo } from '../lib/videos.ts';
import { SourceLogo } from './source-logo.tsx';

const SHOWN = new Set([
  'title',
  'source',
  'source_logo',
  'account_name',
  'date',
  'link',
  'thumbnail',
  'gif_url',
]);

function Field({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 border-b border-slate-100 py-1 dark:border-slate-800">
      <dt className="font-mono text-xs text-slate-600 dark:text-slate-400">{name}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

function logoText(logo: string | undefined): string {
  if (!logo) return 'none';
  if (safeDataImage(logo)) return `inline image, ${formatBytes(logo.length)}`;
  return 'not shown: not an inline base64 image';
}

function urlText(url: string | undefined): ReactNode {
  if (!url) return 'none';
  return safeHttpUrl(url) ? url : <span>{url.slice(0, 200)} (not an http(s) link: not used)</span>;
}

/**
 * One video in full, as a modal dialog: its animated preview, every field (unknown ones
 * too), a link that opens the video when the service sent an http(s) one, and its JSON.
 * Focus moves in, stays in while it is open and returns to the card; Escape closes it.
 */
export function VideoDialog({
  item,
  position,
  onStep,
  onClose,
  addToDemo,
}: {
  item: GalleryVideo;
  /** Where it sits among the videos on screen (filters applied), 1-based. */
  position: { index: number; total: number };
  /** Shows the video before (-1) or after (+1) it; the buttons stop at the ends. */
  onStep: (delta: -1 | 1) => void;
  onClose: () => void;
  /** "Add this result", with the preview open (the step keeps it). */
  addToDemo?: ReactNode;
}) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);

  const v = item.video;
  const title = v.title?.trim() || 'Untitled video';
  const link = safeHttpUrl(v.link);
  const extras = Object.entries(v).filter(([k]) => !SHOWN.has(k));

  return (
    <ModalDialog
      labelledBy={titleId}
      initialFocus={closeRef}
      onClose={onClose}
      className="max-w-3xl p-4"
      tall
    >
      <div className="mb-3 flex items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div className="flex shrink-0 items-center gap-2">
          <button
            type="button"
            className="btn-secondary"
            disabled={position.index <= 1}
            onClick={() => onStep(-1)}
          >
            ← Previous
          </button>
          <span className="text-sm text-slate-600 dark:text-slate-400" data-testid="video-position">
            {position.index} of {position.total}
          </span>
          <button
            type="button"
            className="btn-secondary"
            disabled={position.index >= position.total}
            onClick={() => onStep(1)}
          >
            Next →
          </button>
          <button ref={closeRef} type="button" className="btn-secondary" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <div className="space-y-2">
          <FallbackImage
            src={safeHttpUrl(v.gif_url) ?? v.thumbnail}
            alt={`Preview of ${title}`}
            className="aspect-[9/16] w-full rounded"
            imgClassName="object-cover"
            placeholder="No preview"
          />
          {link ? (
            <ExternalLink href={link} className="btn-primary block text-center">
              Open video
            </ExternalLink>
          ) : (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {v.link ? 'The link is not http(s), so it is not opened.' : 'No link was sent.'}
            </p>
          )}
        </div>
        <dl>
          <Field name="title">{v.title ?? 'none'}</Field>
          <Field name="source">
            <span className="flex items-center gap-1">
              <SourceLogo logo={v.source_logo} />
              {v.source ?? 'none'}
            </span>
          </Field>
          <Field name="source_logo">{logoText(v.source_logo)}</Field>
          <Field name="account_name">{v.account_name ?? 'none'}</Field>
          <Field name="date">{v.date ?? 'none'}</Field>
          <Field name="link">{urlText(v.link)}</Field>
          <Field name="thumbnail">{urlText(v.thumbnail)}</Field>
          <Field name="gif_url">{urlText(v.gif_url)}</Field>
          {extras.map(([k, value]) => (
            <Field key={k} name={k}>
              {typeof value === 'string' ? value : JSON.stringify(value)}
            </Field>
          ))}
          <Field name="page">start={item.page}</Field>
        </dl>
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium">JSON of this video</summary>
        <div className="mt-2">
          <JsonViewer value={item.raw} label="video" openDepth={1} />
        </div>
      </details>
      {addToDemo && <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">{addToDemo}</p>}
    </ModalDialog>
  );
}
