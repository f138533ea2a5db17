import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { sandboxInboxQueries } from '../../api/sandbox-inbox.ts';
import { useSandboxMode } from '../../components/use-sandbox-mode.ts';
import type { StoredAlert } from './tracker-storage.ts';

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Alerts raised after runs, newest first; a badge counts the unseen ones until Mark as seen. */
export function TrackerAlerts({
  alerts,
  onSeen,
  title = 'Alerts',
  inbox = true,
}: {
  alerts: readonly StoredAlert[];
  /** Mark as seen; none for a runner's alerts (delivered to their channels, never news here). */
  onSeen?: () => void;
  title?: string;
  /** Whether the sandbox's webhook inbox counts these (the browser's alerts post there). */
  inbox?: boolean;
}) {
  const id = useId();
  const sandbox = useSandboxMode();
  // In sandbox mode the alerts are also posted to the sandbox's webhook inbox (the webhook view
  // lists them): show they were. The session reads the inbox again after each post.
  const delivered = useQuery({
    ...sandboxInboxQueries.current(),
    enabled: inbox && sandbox && alerts.length > 0,
    select: (inbox) => inbox.notices.length,
  }).data;
  if (alerts.length === 0) return null;
  const unseen = alerts.filter((a) => !a.seen).length;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-2 rounded border border-amber-400 p-3 dark:border-amber-700"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        {title}
        {unseen > 0 && (
          <span
            className="rounded-full bg-amber-700 px-2 text-xs font-bold text-white"
            data-testid="alerts-badge"
          >
            {unseen} new
          </span>
        )}
      </h2>
      <ul className="max-h-48 space-y-1 overflow-y-auto text-sm">
        {alerts.slice(0, 200).map((a) => (
          <li
            key={`${a.trackerId}|${a.id}`}
            className={a.seen ? 'text-slate-600 dark:text-slate-400' : 'font-medium'}
          >
            {time.format(a.at)} — {a.text}
          </li>
        ))}
      </ul>
      {inbox && delivered !== undefined && (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="alerts-delivered">
          Posted to the sandbox’s webhook inbox: {delivered} notice{delivered === 1 ? '' : 's'}{' '}
          received (live, the dashboard has no endpoint of yours to post to).
        </p>
      )}
      {unseen > 0 && onSeen && (
        <button
          type="button"
          className="rounded border border-slate-400 px-3 py-1 text-sm"
          onClick={onSeen}
        >
          Mark as seen
        </button>
      )}
    </section>
  );
}
