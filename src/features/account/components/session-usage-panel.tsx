import { ENDPOINTS } from '../../../api/endpoints.ts';
import type { SessionUsage } from '../../../api/session-usage.ts';
import { costLabel } from '../../../lib/cost.ts';
import { formatNumber, pluralCredits } from '../../../lib/format.ts';
import { describeForecast, forecastRunOut } from '../../../workspace/costs/run-out-forecast.ts';
import { spentByEndpoint } from '../lib/usage.ts';
import { UsageChart } from './usage-chart.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;

/** This session's usage: credits left over time, credits spent by endpoint, and a run-out forecast. */
export function SessionUsagePanel({
  usage,
  now,
  validityDays,
}: {
  usage: SessionUsage;
  now: number;
  /** Days until the plan renews, when the service says. */
  validityDays: number | undefined;
}) {
  const spend = spentByEndpoint(usage);
  const forecast = forecastRunOut(usage.readings, now);
  const known = spend.reduce((sum, s) => sum + (s.credits ?? 0), 0);
  const unknown = spend.filter((s) => s.credits === null);
  return (
    <section aria-labelledby="session-usage-heading" className="space-y-3">
      <h2 id="session-usage-heading" className="text-lg font-semibold">
        This session&apos;s usage
      </h2>
      <UsageChart readings={usage.readings} />
      <p data-testid="run-out-forecast">
        <span className="font-medium">At this rate:</span> {describeForecast(forecast)}
        {forecast.kind === 'runs-out' &&
          ` (about ${formatNumber(Math.round(forecast.creditsPerHour))} credits an hour)`}
        {forecast.kind === 'runs-out' &&
          validityDays !== undefined &&
          forecast.inMs < validityDays * DAY_MS && (
            <strong className="ml-1 text-amber-800 dark:text-amber-300">
              before the plan renews in {formatNumber(validityDays)} days.
            </strong>
          )}
      </p>
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
