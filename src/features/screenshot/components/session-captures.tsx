import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { COMPARED_PARAM, comparedFromUrl, comparedToUrl } from '../../../api/compared-captures.ts';
import { ENDPOINTS } from '../../../api/endpoints.ts';
import { pickParams, type Params, sameParams } from '../../../api/params.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RequestProgress } from '../../../components/request-progress.tsx';
import { useCacheStates } from '../../../components/use-cache-states.ts';
import { useEndpointRuns } from '../../../components/use-endpoint-runs.ts';
import { useSetSearchParam } from '../../../components/use-set-search-param.ts';
import { costLabel } from '../../../lib/cost.ts';
import { formatBytes } from '../../../lib/format.ts';
import { captureLabel } from '../lib/capture-label.ts';
import { screenshotQueries } from '../queries.ts';
import { CompareView } from './compare-view.tsx';
import { useImageSize } from './use-image-size.ts';
import { THUMB_HEIGHT, THUMB_WIDTH, useThumbnail } from './use-thumbnail.ts';
import { useSessionCaptures, type SessionCapture } from './use-session-captures.ts';

const spec = ENDPOINTS.screenshot;

/** One press away from the usual comparisons of the capture on screen. */
function variantsOf(current: Params): { label: string; params: Params }[] {
  const lossy60 = current.format === 'webp' && current.quality === '60';
  const phone = current.width === '390' && current.height === '844';
  const variant = (label: string, patch: Params) => ({
    label,
    params: pickParams(spec, { ...current, ...patch }),
  });
  return [
    lossy60
      ? variant('as PNG', { format: 'png', quality: '' })
      : variant('as WebP at quality 60', { format: 'webp', quality: '60' }),
    phone
      ? variant('on a desktop (1920×1080)', { width: '1920', height: '1080' })
      : variant('on a phone (390×844)', { width: '390', height: '844' }),
  ];
}

function CaptureChoice({
  capture,
  checked,
  onScreen,
  onToggle,
  onForget,
}: {
  capture: SessionCapture;
  checked: boolean;
  onScreen: boolean;
  onToggle: () => void;
  onForget: () => void;
}) {
  const size = useImageSize(capture.data.blob);
  const thumbnail = useThumbnail(capture.data.blob, size);
  const label = captureLabel(capture.params);
  return (
    <li className="flex shrink-0 items-start gap-1 rounded border border-slate-200 p-2 text-sm has-checked:border-teal-700 has-checked:bg-teal-50 dark:border-slate-700 dark:has-checked:bg-teal-950">
      <label className="grid cursor-pointer grid-cols-[auto_1fr] gap-x-2">
        <input type="checkbox" checked={checked} onChange={onToggle} className="row-span-2 mt-1" />
        <span className="flex items-center gap-2 font-medium whitespace-nowrap">
          {thumbnail && (
            <img
              src={thumbnail}
              alt=""
              width={THUMB_WIDTH}
              height={THUMB_HEIGHT}
              className="rounded border border-slate-200 dark:border-slate-700"
            />
          )}
          {label}
        </span>
        <span className="text-slate-600 dark:text-slate-400">
          {formatBytes(capture.data.blob.size)}
          {size && ` · ${size.width}×${size.height} px`}
          {onScreen && ' · on screen'}
        </span>
      </label>
      {/* The capture on screen stays: forgetting it would empty the view above. */}
      {!onScreen && (
        <button
          type="button"
          className="btn-small"
          aria-label={`Forget ${label}`}
          title="Forget this capture (frees its memory; capturing it again costs credits)"
          onClick={onForget}
        >
          ×
        </button>
      )}
    </li>
  );
}

const sameList = (a: readonly Params[], b: readonly Params[]) =>
  a.length === b.length && a.every((p, i) => sameParams(p, b[i]!));

/**
 * The captures picked are the page URL's (`cmp`, decision 087), so a link, Back/Forward and a
 * demo step (whose recording brings the other capture, decision 081) compare them again. The
 * comparison shows once both are in the session cache: from there, nothing is sent.
 */
function usePicksInUrl() {
  const [searchParams] = useSearchParams();
  const setViewParam = useSetSearchParam();
  return {
    picked: comparedFromUrl(searchParams.get(COMPARED_PARAM)),
    setPicked: (next: readonly Params[]) => setViewParam(COMPARED_PARAM, comparedToUrl(next)),
  };
}

/**
 * The session's captures as a strip: pick two (or make one a press away) to compare them.
 * A comparison is a run of two (`useEndpointRuns`): showing captures already in the
 * session is free, and only a missing variant is sent and paid for.
 */
export function SessionCaptures({ current }: { current: Params | null }) {
  const id = useId();
  const captures = useSessionCaptures();
  const queryClient = useQueryClient();
  const runs = useEndpointRuns(spec, screenshotQueries.results);
  const { picked, setPicked } = usePicksInUrl();
  const variants = current ? variantsOf(current) : [];
  const variantStates = useCacheStates(
    variants.map((v) => screenshotQueries.results(v.params).queryKey),
  );

  // Picks that left the session (a new key empties it) drop out of the comparison.
  const live = picked.filter((p) => captures.some((c) => sameParams(c.params, p)));
  const pick = (next: readonly Params[]) => setPicked(next);
  // Two picks in the session, whether picked here or arriving by the URL, are shown (free): set
  // while rendering when they change (React's pattern for state that follows an input). A pair
  // a variant's run already shows is left to it.
  const shownPicks = live.length === 2 ? comparedToUrl(live) : null;
  const [seenPicks, setSeenPicks] = useState<string | null>(null);
  if (shownPicks !== seenPicks) {
    setSeenPicks(shownPicks);
    const onScreen = runs.slots.map((s) => s.params);
    if (live.length === 2 && !sameList(onScreen, live)) runs.show(live);
  }
  const toggle = (capture: SessionCapture) => {
    const on = live.some((p) => sameParams(p, capture.params));
    // A third pick replaces the older of the two.
    pick(
      on ? live.filter((p) => !sameParams(p, capture.params)) : [...live, capture.params].slice(-2),
    );
  };
  const forget = (capture: SessionCapture) => {
    pick(live.filter((p) => !sameParams(p, capture.params)));
    queryClient.removeQueries({
      queryKey: screenshotQueries.results(capture.params).queryKey,
      exact: true,
    });
  };
  const swap = () => pick([...live].reverse());
  const compareWith = (variant: Params) => {
    if (!current || runs.isRunning) return;
    if (runs.run([current, variant])) setPicked([current, variant]);
  };

  const [slotA, slotB] = live.length === 2 ? runs.slots : [];
  const dataA = slotA?.data;
  const dataB = slotB?.data;
  const failed = runs.slots.find((s) => s.error);
  const notImage = runs.slots.find((s) => s.data !== undefined && s.data.kind !== 'image');

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded border border-slate-200 p-3 dark:border-slate-700"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        Compare captures
      </h2>
      {variants.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm">Compare the capture above with the same page</span>
          {variants.map((v, i) => (
            <button
              key={v.label}
              type="button"
              className="btn-secondary"
              disabled={runs.isRunning}
              onClick={() => compareWith(v.params)}
            >
              {v.label} ·{' '}
              {variantStates[i] === 'cached' ? 'cached · 0 credits' : costLabel(spec.cost)}
            </button>
          ))}
        </div>
      )}
      {runs.isRunning && <RequestProgress label="Comparison capture" onCancel={runs.cancel} />}
      {failed && !runs.isRunning && (
        <ErrorPanel
          error={failed.error}
          onRetry={() => runs.run(runs.slots.map((s) => s.params))}
          retryLabel={`Try again · ${costLabel(spec.cost)}`}
        />
      )}

      {notImage && !runs.isRunning && (
        <p role="status" className="text-sm">
          The service did not answer {captureLabel(notImage.params)} with an image, so it cannot be
          compared. Capture it above to see what it sent.
        </p>
      )}

      {captures.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Captures of this session collect here. Capture two variants (PNG and WebP at quality 60,
          desktop and phone…) and pick them to compare side by side.
        </p>
      ) : (
        <fieldset className="space-y-2">
          <legend className="text-sm">
            This session's captures ({captures.length}): pick two to compare.
          </legend>
          <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Captures of this session">
            {captures.map((capture) => (
              <CaptureChoice
                key={capture.id}
                capture={capture}
                checked={live.some((p) => sameParams(p, capture.params))}
                onScreen={current !== null && sameParams(current, capture.params)}
                onToggle={() => toggle(capture)}
                onForget={() => forget(capture)}
              />
            ))}
          </ul>
        </fieldset>
      )}

      {slotA && slotB && dataA?.kind === 'image' && dataB?.kind === 'image' && (
        <CompareView
          onSwap={swap}
          a={{ id: 'a', params: slotA.params, data: dataA }}
          b={{ id: 'b', params: slotB.params, data: dataB }}
        />
      )}
    </section>
  );
}
