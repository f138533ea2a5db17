import { memo } from 'react';
import type { OrganicResult } from '../../../api/schemas.ts';
import { ExternalLink } from '../../../components/external-link.tsx';
import { FallbackImage } from '../../../components/fallback-image.tsx';
import { JsonViewer } from '../../../components/json-viewer.tsx';
import { safeDataImage, safeHttpUrl } from '../../../lib/safe-url.ts';

/**
 * One organic result as a search engine shows it, with its own JSON on demand. Memoised: its
 * props are the answer's own object and a flag, so a key typed in the form above renders the
 * form, not every card (test/integration/renders-per-keystroke.test.tsx).
 */
export const ResultCard = memo(function ResultCard({
  result,
  highlighted = false,
}: {
  result: OrganicResult;
  highlighted?: boolean;
}) {
  const missing = result.missing.filter((m): m is string => typeof m === 'string' && m !== '');
  // Not in the interface, but search results often carry one: an http(s) URL or an inline image.
  const favicon = safeHttpUrl(result['favicon']) ?? safeDataImage(result['favicon']);
  return (
    // `content-visibility`: the cards below the fold wait to be styled, laid out and painted
    // until they scroll near (a demo's first step mounts ten at presenter size: issue 41).
    <li
      data-spotlight={highlighted || undefined}
      className={`rounded border p-3 [contain-intrinsic-size:auto_7rem] [content-visibility:auto] ${highlighted ? 'border-amber-500 bg-amber-50 ring-2 ring-amber-400 dark:bg-amber-950/30' : 'border-slate-200 dark:border-slate-700'}`}
    >
      <div className="flex items-start gap-3">
        <span
          aria-label={`Rank ${result.rank ?? '?'}`}
          className="mt-0.5 inline-flex h-7 min-w-7 items-center justify-center rounded-full bg-slate-800 px-1 text-xs font-bold text-white dark:bg-slate-200 dark:text-slate-900"
        >
          {result.rank ?? '?'}
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          {highlighted && (
            <p className="text-xs font-semibold text-amber-900 dark:text-amber-200">
              Spotlighted domain
            </p>
          )}
          <p className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
            {favicon && (
              <FallbackImage
                src={favicon}
                alt=""
                width={16}
                height={16}
                loading="lazy"
                className="h-4 w-4 shrink-0 rounded-sm"
                placeholder={null}
                placeholderClassName="inline-block bg-slate-200 dark:bg-slate-700"
              />
            )}
            <span className="truncate">{result.displayed_link}</span>
          </p>
          <h3 className="text-lg leading-snug">
            <ExternalLink
              href={result.link}
              className="text-blue-800 hover:underline dark:text-blue-300"
            >
              {result.title || result.link || 'Untitled result'}
            </ExternalLink>
          </h3>
          <p className="text-sm">
            {result.date && (
              <span className="text-slate-600 dark:text-slate-400">{result.date} — </span>
            )}
            {result.snippet}
          </p>
          {missing.length > 0 && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              Missing:{' '}
              {missing.map((m, i) => (
                <s key={i} className="mr-1">
                  {m}
                </s>
              ))}
            </p>
          )}
          {result.extended_sitelinks.length > 0 && (
            <ul aria-label="Sitelinks" className="flex flex-wrap gap-2 pt-1">
              {result.extended_sitelinks.map((s, i) => (
                <li key={i}>
                  <ExternalLink
                    href={s.link}
                    className="inline-block rounded-full border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
                  >
                    {s.title || s.link}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          )}
          <details>
            <summary className="cursor-pointer text-xs text-slate-600 dark:text-slate-400">
              JSON
            </summary>
            <JsonViewer value={result} label={`result ${result.rank ?? ''}`} openDepth={1} />
          </details>
        </div>
      </div>
    </li>
  );
});
