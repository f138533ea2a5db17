import { ENDPOINTS } from '../../../api/endpoints.ts';
import type { SessionUsage } from '../../../api/session-usage.ts';
import { costLabel } from '../../../lib/cost.ts';
import { formatNumber, pluralCredits } from '../../../lib/format.ts';
import type { AccountSummary } from '../../../api/account.ts';
import { ForecastNote } from '../../../workspace/costs/forecast-note.tsx';
import { useForecast } from '../../../workspace/trackers/use-forecast.ts';
import { spentByEndpoint } from '../lib/usage.ts';
import { UsageChart } from './usage-chart.tsx';

/** This session's usage: credits left over time, credits spent by endpoint, and a run-out forecast. */
export function SessionUsagePanel({
  usage,
  now,
  summary,
}: {
  usage: SessionUsage;
  now: number;
  summary: AccountSummary | undefined;
}) {
  const spend = spentByEndpoint(usage);
  const forecast = useForecast(summary, now);
  const known = spend.reduce((sum, s) => sum + (s.credits ?? 0), 0);
  const unknown = spend.filter((s) => s.credits === null);
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
        <table className="text-sm">
          <caption className="text-left font-medium">Credits spent by endpoint</caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="pr-4">
                Endpoint
              </th>
              <th scope="col" className="pr-4">
                Requests
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
                <td className="pr-4 tabular-nums">{formatNumber(s.requests)}</td>
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
              <td colSpan={3}>
                {pluralCredits(known)}
                {unknown.length > 0 && ' + requests of unknown cost'}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
