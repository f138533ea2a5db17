import { useMemo, useState } from 'react';
import { downloadText } from '../../../lib/download.ts';
import { formatBytes } from '../../../lib/format.ts';
import { framedHtml } from '../lib/html-answer.ts';

/**
 * The search page an `html=true` request answered. Untrusted HTML is shown only in an
 * iframe with an empty `sandbox` attribute: no scripts, no forms, no same-origin access,
 * no navigation of this page. "View source" shows it as text; Download saves it.
 */
export function HtmlAnswer({
  html,
  query,
  fileName,
}: {
  html: string;
  query: string;
  fileName: string;
}) {
  const [source, setSource] = useState(false);
  const framed = useMemo(() => framedHtml(html), [html]);
  return (
    <section aria-label="HTML answer" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          HTML page{' '}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
            · {formatBytes(new TextEncoder().encode(html).byteLength)}
          </span>
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn-secondary"
            aria-pressed={source}
            onClick={() => setSource((s) => !s)}
          >
            View source
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => downloadText(fileName, html, 'text/html;charset=utf-8')}
          >
            Download HTML
          </button>
        </div>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Shown in a locked-down frame, without its scripts and styles: it cannot reach this page.
        View source and Download keep the page as it came.
      </p>
      {source ? (
        <textarea
          readOnly
          aria-label="HTML source"
          value={html}
          spellCheck={false}
          className="h-[36rem] w-full rounded border border-slate-200 bg-slate-50 p-2 font-mono text-xs dark:border-slate-700 dark:bg-slate-950"
        />
      ) : (
        <iframe
          title={`HTML answer for “${query}”`}
          sandbox=""
          srcDoc={framed}
          referrerPolicy="no-referrer"
          className="h-[36rem] w-full rounded border border-slate-200 bg-white dark:border-slate-700"
        />
      )}
    </section>
  );
}
