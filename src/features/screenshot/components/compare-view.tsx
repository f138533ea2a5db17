import { useCallback, useId, useState, type CSSProperties } from 'react';
import { useSearchParams } from 'react-router';
import { useSetSearchParam } from '../../../components/use-set-search-param.ts';
import { useObjectUrl } from '../../../components/use-object-url.ts';
import { formatBytes, formatDuration, formatNumber } from '../../../lib/format.ts';
import { captureLabel } from '../lib/capture-label.ts';
import { compareBytes } from '../lib/compare-bytes.ts';
import type { PixelSize } from '../lib/image-size.ts';
import { ScrollFrame } from './scroll-frame.tsx';
import { useImageSize } from './use-image-size.ts';
import type { SessionCapture } from './use-session-captures.ts';

type Mode = 'side' | 'overlay';

function ComparedImage({
  letter,
  label,
  src,
  size,
  className = '',
  style,
}: {
  letter: 'A' | 'B';
  label: string;
  src: string;
  size: PixelSize | undefined;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <img
      src={src}
      alt={`Compared capture ${letter}: ${label}`}
      width={size?.width}
      height={size?.height}
      decoding="async"
      className={`block h-auto max-w-full ${className}`}
      style={style}
    />
  );
}

/** The slider's share of A: 0–100, else the middle. */
function revealOf(value: string | null): number {
  const n = Number(value ?? '');
  return value && Number.isInteger(n) && n >= 0 && n <= 100 ? n : 50;
}

/**
 * How the two are compared is the page URL's (decision 087): `cmp_mode=overlay` (side by side
 * without it) and the slider's `reveal`. The slider moves from its own state while dragged and
 * writes the URL when let go (its native `change`): a URL replaced on every pixel would be
 * hundreds of history writes a drag, which browsers throttle.
 */
function useCompareModeInUrl() {
  const [searchParams] = useSearchParams();
  const setViewParam = useSetSearchParam();
  const mode: Mode = searchParams.get('cmp_mode') === 'overlay' ? 'overlay' : 'side';
  const inUrl = revealOf(searchParams.get('reveal'));
  const [reveal, setReveal] = useState(inUrl);
  const [seen, setSeen] = useState(inUrl);
  if (inUrl !== seen) {
    setSeen(inUrl);
    setReveal(inUrl);
  }
  const sliderRef = useCallback(
    (el: HTMLInputElement | null) => {
      if (!el) return;
      const commit = () => setViewParam('reveal', el.value === '50' ? null : el.value);
      el.addEventListener('change', commit);
      return () => el.removeEventListener('change', commit);
    },
    [setViewParam],
  );
  return {
    mode,
    setMode: (m: Mode) => setViewParam('cmp_mode', m === 'side' ? null : m),
    reveal,
    setReveal,
    sliderRef,
  };
}

const pixels = (size: PixelSize | undefined) => (size ? `${size.width} × ${size.height}` : '…');

/** Two captures side by side, or one over the other with a slider, and their numbers compared. */
export function CompareView({
  a,
  b,
  onSwap,
}: {
  a: SessionCapture;
  b: SessionCapture;
  onSwap: () => void;
}) {
  const id = useId();
  const { mode, setMode, reveal, setReveal, sliderRef } = useCompareModeInUrl();
  const srcA = useObjectUrl(a.data.blob);
  const srcB = useObjectUrl(b.data.blob);
  const sizeA = useImageSize(a.data.blob);
  const sizeB = useImageSize(b.data.blob);
  const labelA = captureLabel(a.params);
  const labelB = captureLabel(b.params);
  const rows: [string, string, string][] = [
    ['Capture', labelA, labelB],
    ['Content-Type', a.data.blob.type, b.data.blob.type],
    ['Pixels', pixels(sizeA), pixels(sizeB)],
    [
      'Bytes',
      `${formatBytes(a.data.blob.size)} (${formatNumber(a.data.blob.size)})`,
      `${formatBytes(b.data.blob.size)} (${formatNumber(b.data.blob.size)})`,
    ],
    ['Time taken', formatDuration(a.data.meta.durationMs), formatDuration(b.data.meta.durationMs)],
  ];

  return (
    <div className="space-y-3">
      <table className="w-full text-left text-sm">
        <caption className="text-left font-medium">
          {compareBytes(a.data.blob.size, b.data.blob.size)}.
        </caption>
        <thead>
          <tr>
            <td />
            <th scope="col">A</th>
            <th scope="col">B</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, va, vb]) => (
            <tr key={name} className="border-t border-slate-200 dark:border-slate-700">
              <th scope="row" className="py-1 pr-3 font-medium text-slate-600 dark:text-slate-400">
                {name}
              </th>
              <td className="py-1 pr-3">{va}</td>
              <td className="py-1">{vb}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <div role="group" aria-label="Compare as" className="flex flex-wrap gap-2">
        {(
          [
            ['side', 'Side by side'],
            ['overlay', 'Overlay'],
          ] as const
        ).map(([m, label]) => (
          <button
            key={m}
            type="button"
            className="btn-small aria-pressed:bg-slate-200 dark:aria-pressed:bg-slate-700"
            aria-pressed={mode === m}
            onClick={() => setMode(m)}
          >
            {label}
          </button>
        ))}
        <button type="button" className="btn-small" onClick={onSwap}>
          Swap A and B
        </button>
      </div>

      {srcA && srcB && mode === 'side' && (
        <div className="grid gap-3 md:grid-cols-2">
          {(
            [
              ['A', labelA, srcA, sizeA],
              ['B', labelB, srcB, sizeB],
            ] as const
          ).map(([letter, label, src, size]) => (
            <figure key={letter} className="space-y-1">
              <figcaption className="text-sm font-medium">
                {letter}: {label}
              </figcaption>
              <ScrollFrame label={`Capture ${letter} (scrollable)`} className="max-h-[60vh]">
                <ComparedImage letter={letter} label={label} src={src} size={size} />
              </ScrollFrame>
            </figure>
          ))}
        </div>
      )}

      {srcA && srcB && mode === 'overlay' && (
        <div className="space-y-2">
          <label htmlFor={`${id}-reveal`} className="block text-sm font-medium">
            Slide to show A on the left and B on the right ({reveal}% A)
          </label>
          <input
            id={`${id}-reveal`}
            ref={sliderRef}
            type="range"
            min={0}
            max={100}
            value={reveal}
            onChange={(e) => setReveal(Number(e.target.value))}
            className="w-full"
          />
          <ScrollFrame label="Overlay (scrollable)" className="max-h-[70vh]">
            <div className="relative">
              {/* Both at the frame's width, so the slider lines them up. */}
              <ComparedImage letter="A" label={labelA} src={srcA} size={sizeA} className="w-full" />
              <ComparedImage
                letter="B"
                label={labelB}
                src={srcB}
                size={sizeB}
                className="absolute inset-x-0 top-0 w-full"
                style={{ clipPath: `inset(0 0 0 ${reveal}%)` }}
              />
              <div
                aria-hidden="true"
                className="absolute inset-y-0 w-0.5 bg-teal-600"
                style={{ left: `${reveal}%` }}
              />
            </div>
          </ScrollFrame>
        </div>
      )}
    </div>
  );
}
