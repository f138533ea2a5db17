import { ENDPOINTS } from '../../../api/endpoints.ts';
import type { SessionUsage } from '../../../api/session-usage.ts';
import type { AccountSummary } from '../../../api/account.ts';
import { costLabel } from '../../../lib/cost.ts';
import { formatNumber, pluralCredits } from '../../../lib/format.ts';
import { ForecastNote } from '../../../workspace/costs/forecast-note.tsx';
import { ledgerTotals, reconcile } from '../../../workspace/costs/lib/ledger.ts';
import { useForecast } from '../../../workspace/trackers/use-forecast.ts';
import { UsageChart } from './usage-chart.tsx';

const SOURCE_TEXT = { views: 'views', batches: 'batches', trackers: 'tracker runs' } as const;

/**
 * This session's usage: credits left over time, the forecast, and credits spent by endpoint from
 * the spend ledger (decision 068), set against the account's own counter.
 */
export function SessionUsagePanel({
  usage,
  now,
  summary,
}: {
  usage: SessionUsage;
  now: number;
  summary: AccountSummary | undefined;
}) {
  const forecast = useForecast(summary, now);
  const check = reconcile(usage);
  // Since the tab's first reading, so that the table and the counter's change are one period.
  const totals = check?.totals ?? ledgerTotals(usage);
  const spend = totals.endpoints;
  const sources = (Object.keys(SOURCE_TEXT) as (keyof typeof SOURCE_TEXT)[]).filter(
    (k) => totals.bySource[k] > 0,
  );
  return (
    <section aria-labelledby="session-usage-heading" className="space-y-3">
      <h2 id="session-usage-heading" className="text-lg font-semibold">
        This session&apos;s usage
      </h2>
      <UsageChart readings={usage.readings} />
      <ForecastNote forecast={forecast} />
      {spend.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No paid requests in this session yet.
        </p>
      ) : (
        <table className="text-sm" data-testid="spend-by-endpoint">
          <caption className="text-left font-medium">
            Credits spent by endpoint: every request this tab sent (views, batches, tracker runs)
          </caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="pr-4">
                Endpoint
              </th>
              <th scope="col" className="pr-4">
                Paid requests
              </th>
              <th scope="col" className="pr-4">
                Cost each
              </th>
              <th scope="col">Spent</th>
            </tr>
          </thead>
          <tbody>
            {spend.map((s) => (
              <tr key={s.id}>
                <th scope="row" className="pr-4 text-left font-normal">
                  {ENDPOINTS[s.id].title}
                </th>
                <td className="pr-4 tabular-nums">
                  {formatNumber(s.paid)}
                  {s.paidErrors > 0 &&
                    ` (${formatNumber(s.paidErrors)} charged error${s.paidErrors === 1 ? '' : 's'})`}
                  {s.unsure > 0 && ` + ${formatNumber(s.unsure)} of unknown charge`}
                  {s.sent - s.paid - s.unsure > 0 &&
                    ` + ${formatNumber(s.sent - s.paid - s.unsure)} free error${s.sent - s.paid - s.unsure === 1 ? '' : 's'}`}
                </td>
                <td className="pr-4">{costLabel(s.cost)}</td>
                <td className="tabular-nums">
                  {s.credits === null
                    ? 'unknown'
                    : `${s.cost?.basis === 'measured' ? '≈ ' : ''}${pluralCredits(s.credits)}`}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="pr-4 text-left">
                Total
              </th>
              <td colSpan={3} data-testid="spend-total">
                {pluralCredits(totals.known)}
                {totals.unpriced > 0 && ' + requests of unknown cost'}
                {sources.length > 1 &&
                  ` (${sources.map((k) => `${SOURCE_TEXT[k]} ${formatNumber(totals.bySource[k])}`).join(', ')})`}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
      {check && spend.length > 0 && (
        <p
          data-testid="spend-reconciliation"
          className={`text-sm ${check.balanced ? '' : 'text-amber-900 dark:text-amber-200'}`}
        >
          {check.sentence}
        </p>
      )}
    </section>
  );
}
