import { CopyButton } from '../../../components/copy-button.tsx';
import { formatDuration } from '../../../lib/format.ts';
import type { Delivery } from '../../../api/sandbox-inbox.ts';
import { forgetJobs, type WebhookJob } from '../lib/jobs-store.ts';

interface JobsTableProps {
  jobs: readonly WebhookJob[];
  /** Sandbox mode: the inbox's deliveries (null in live mode, where deliveries are never seen here). */
  deliveries: readonly Delivery[] | null;
  /** Jobs still expected in the inbox (recent and undelivered). */
  awaited: ReadonlySet<string>;
}

function status(job: WebhookJob, props: JobsTableProps): string {
  if (props.deliveries === null) return 'Submitted: the result goes to your webhook';
  const delivery = props.deliveries.find((d) => d.sid === job.sid);
  if (delivery)
    return Number.isFinite(delivery.latencyMs)
      ? `Delivered after ${formatDuration(delivery.latencyMs)}`
      : 'Delivered';
  return props.awaited.has(job.sid) ? 'Waiting for delivery…' : 'No delivery seen';
}

/** The jobs this browser submitted, kept across reloads (never the key). */
export function JobsTable(props: JobsTableProps) {
  const { jobs } = props;
  return (
    <section aria-labelledby="jobs-heading" className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="jobs-heading" className="text-lg font-semibold">
          Your jobs ({jobs.length})
        </h2>
        <button
          type="button"
          className="btn-small"
          onClick={forgetJobs}
          disabled={jobs.length === 0}
        >
          Clear the list
        </button>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label="Submitted jobs">
          <thead>
            <tr>
              <th scope="col" className="pr-3">
                Job id (sid)
              </th>
              <th scope="col" className="pr-3">
                Webhook
              </th>
              <th scope="col" className="pr-3">
                Page
              </th>
              <th scope="col" className="pr-3">
                Dynamic
              </th>
              <th scope="col" className="pr-3">
                Submitted
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {jobs.length === 0 && (
              // As tall as a job's row (its sid wraps in a narrow column on a phone): the first
              // job takes this row's place instead of pushing the inbox down.
              <tr className="border-t border-slate-200 dark:border-slate-700">
                <td
                  colSpan={6}
                  className="h-56 align-top text-slate-600 sm:h-12 dark:text-slate-400"
                >
                  No jobs submitted from this browser yet.
                </td>
              </tr>
            )}
            {jobs.map((job) => (
              <tr key={job.sid} className="border-t border-slate-200 dark:border-slate-700">
                <td className="pr-3">
                  <code className="break-all">{job.sid}</code>{' '}
                  <CopyButton text={job.sid} label={`Copy job id ${job.sid.slice(0, 8)}`} />
                </td>
                <td className="pr-3">{job.webhookId || 'default'}</td>
                <td className="max-w-xs break-all pr-3">{job.url}</td>
                <td className="pr-3">{String(job.dynamic)}</td>
                <td className="pr-3 whitespace-nowrap">
                  {new Date(job.submittedAt).toLocaleString()}
                </td>
                <td>{status(job, props)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
