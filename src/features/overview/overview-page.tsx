import { Link } from 'react-router';
import { useAccount } from '../../workspace/costs/use-account.ts';
import { ENDPOINT_LIST, type EndpointId } from '../../api/endpoints.ts';
import type { AccountSummary } from '../../api/account.ts';
import { CreditsMeter } from '../../workspace/costs/credits-meter.tsx';
import { ForecastNote } from '../../workspace/costs/forecast-note.tsx';
import { useForecast } from '../../workspace/trackers/use-forecast.ts';
import { bestKnownCost, type SessionUsage } from '../../api/session-usage.ts';
import { useSessionUsage } from '../../workspace/costs/measured-costs.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { costLabel } from '../../lib/cost.ts';
import { formatNumber } from '../../lib/format.ts';
import { openKeyDialog } from '../../session/key-dialog-store.ts';
import { useApiKey } from '../../session/use-api-key.ts';
import { FirstVisitTour } from '../../workspace/demos/tour-offer.tsx';

/**
 * A card's cost. The account is read by the header on open and after every paid request: its
 * card says so, and "free" only once two readings with nothing between them measured it so.
 */
function cardCost(id: EndpointId, usage: SessionUsage): string {
  const cost = bestKnownCost(id, usage);
  if (id !== 'account') return costLabel(cost);
  return cost === null
    ? 'read by the header; cost not published'
    : cost.credits === 0
      ? 'read by the header; free (measured)'
      : `read by the header; ${costLabel(cost)}`;
}

/**
 * The figure someone opens the dashboard for, and so the page's largest paint (issue #35): the
 * figure and its words are one block, big enough to outsize any card. Chromium counts an element
 * once, at its first paint, so the figure mounts only with its value; until then an empty slot of
 * its height holds the place (no shift when it arrives).
 */
function CreditsFigure({ left }: { left: number | undefined }) {
  if (left === undefined)
    return (
      <p className="h-[60px]" aria-busy="true">
        <span className="sr-only">Reading the credits left…</span>
      </p>
    );
  return (
    <p data-testid="overview-credits" className="leading-none">
      <span className="text-6xl font-bold tabular-nums" data-testid="overview-credits-left">
        {formatNumber(left)}
      </span>{' '}
      <span className="text-slate-600 dark:text-slate-400">credits left</span>
    </p>
  );
}

function OverviewForecast({ summary, now }: { summary: AccountSummary; now: number }) {
  return (
    <div className="mt-3">
      <ForecastNote forecast={useForecast(summary, now)} />
    </div>
  );
}

export default function OverviewPage() {
  const apiKey = useApiKey();
  const account = useAccount();
  const s = account.data?.summary;
  const usage = useSessionUsage();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Overview</h1>
      <section
        aria-labelledby="credits-heading"
        className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      >
        <h2
          id="credits-heading"
          className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400"
        >
          Credits
        </h2>
        {!apiKey ? (
          <p className="mt-2">
            No key yet.{' '}
            <button type="button" className="btn-primary" onClick={openKeyDialog}>
              Set API key
            </button>
          </p>
        ) : account.isError ? (
          <div className="mt-2">
            <ErrorPanel error={account.error} />
          </div>
        ) : (
          <div className="mt-2 flex flex-wrap items-end gap-x-8 gap-y-2">
            <CreditsFigure left={s?.creditsLeft} />
            <p className="text-sm">
              {formatNumber(s?.requestUsed)} used of {formatNumber(s?.requestLimit)}
              {s?.validityDays !== undefined && ` · renews in ${s.validityDays} days`}
            </p>
            {s?.requestLimit !== undefined && s.creditsLeft !== undefined && (
              <CreditsMeter left={s.creditsLeft} limit={s.requestLimit} className="w-64" />
            )}
          </div>
        )}
        {apiKey && s && <OverviewForecast summary={s} now={account.dataUpdatedAt} />}
      </section>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ENDPOINT_LIST.map((spec) => {
          return (
            <li
              key={spec.id}
              className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
            >
              <h2 className="font-semibold">
                <Link to={spec.route} className="hover:underline">
                  {spec.title}
                </Link>
              </h2>
              <p className="text-sm text-slate-700 dark:text-slate-300">{spec.summary}</p>
              <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                <code>GET {spec.path}</code> · {cardCost(spec.id, usage)}
              </p>
            </li>
          );
        })}
      </ul>
      {/* Last on the page: it appears once the mode is known, and above it would move the page. */}
      <FirstVisitTour />
    </div>
  );
}
