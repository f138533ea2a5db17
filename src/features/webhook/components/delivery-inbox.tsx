import { JsonViewer } from '../../../components/json-viewer.tsx';
import { formatDuration } from '../../../lib/format.ts';
import type { InboxEntry } from '../lib/deliveries.ts';

const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });
const timeOf = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? time.format(t) : 'at an unknown time';
};

/**
 * Sandbox mode only: what the sandbox "delivered" to its stand-in webhook, as it arrives: the
 * jobs of this browser matched to their deliveries, and the notices the dashboard posted (a
 * tracker's alerts). Payloads are shown as data (text), never rendered.
 */
export function DeliveryInbox({
  entries,
  error,
}: {
  entries: readonly InboxEntry[];
  error: string | null;
}) {
  return (
    <section aria-labelledby="inbox-heading" className="space-y-2">
      <h2 id="inbox-heading" className="text-lg font-semibold">
        Sandbox delivery inbox
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        In sandbox mode the sandbox plays your webhook: each job is delivered here a moment after it
        is submitted, and the alerts your trackers raise arrive here too. The live service delivers
        to your own webhook instead, which this dashboard never sees.
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          The inbox could not be read: {error} Deliveries will show once it answers again.
        </p>
      )}
      {entries.length === 0 ? (
        // As tall as a delivery: the first one takes this place instead of pushing on.
        <p className="min-h-28 text-sm text-slate-600 sm:min-h-20 dark:text-slate-400">
          No deliveries yet.
        </p>
      ) : (
        <ul aria-label="Deliveries" className="space-y-2">
          {entries.map((d, i) => (
            <li
              key={d.kind === 'delivery' ? d.sid : `notice|${d.at}|${i}`}
              className="rounded border border-slate-200 p-2 dark:border-slate-700"
            >
              {d.kind === 'delivery' ? (
                <p className="text-sm">
                  <code className="break-all">{d.sid}</code> ·{' '}
                  {d.job ? `your job for ${d.job.url}` : 'not a job of this browser'}
                  {Number.isFinite(d.latencyMs) &&
                    ` · arrived ${formatDuration(d.latencyMs)} after submission`}
                </p>
              ) : (
                <p className="text-sm">
                  Notice: {d.summary} · received {timeOf(d.at)}
                </p>
              )}
              <details>
                <summary className="cursor-pointer text-sm">Payload</summary>
                <JsonViewer value={d.payload} label="payload" />
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
