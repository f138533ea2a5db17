import { useQuery } from '@tanstack/react-query';
import { accountQueries } from '../../api/account-queries.ts';
import { useSessionUsage } from '../../workspace/costs/measured-costs.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { JsonViewer } from '../../components/json-viewer.tsx';
import { openKeyDialog } from '../../session/key-dialog-store.ts';
import { useApiKey } from '../../session/use-api-key.ts';
import { CreditsGlance } from './components/credits-glance.tsx';
import { EndpointCosts } from './components/endpoint-costs.tsx';
import { OtherFields } from './components/other-fields.tsx';
import { RefreshControls } from './components/refresh-controls.tsx';
import { SessionUsagePanel } from './components/session-usage-panel.tsx';
import { ThresholdForm } from './components/threshold-form.tsx';
import { useAutoRefreshInterval } from './lib/auto-refresh.ts';

export default function AccountPage() {
  const apiKey = useApiKey();
  const [intervalMs, setIntervalMs] = useAutoRefreshInterval();
  // The same account query as the header; this observer adds the chosen interval. TanStack
  // skips interval refetches while the tab is hidden (refetchIntervalInBackground is false).
  const account = useQuery({
    ...accountQueries.details(),
    enabled: apiKey !== null,
    refetchInterval: intervalMs > 0 ? intervalMs : false,
    refetchIntervalInBackground: false,
  });
  const usage = useSessionUsage();
  const s = account.data?.summary;
  const now = account.dataUpdatedAt;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Account</h1>
      {!apiKey && (
        <p>
          Set a key to see its account.{' '}
          <button type="button" className="btn-primary" onClick={openKeyDialog}>
            Set API key
          </button>
        </p>
      )}
      {apiKey && (
        <RefreshControls
          onRefresh={() => void account.refetch()}
          refreshing={account.isFetching}
          intervalMs={intervalMs}
          onIntervalChange={setIntervalMs}
          updatedAt={account.dataUpdatedAt}
        />
      )}
      {account.isError && (
        <ErrorPanel error={account.error} onRetry={() => void account.refetch()} />
      )}
      {s && <CreditsGlance summary={s} now={now} />}
      {apiKey && <SessionUsagePanel usage={usage} now={now} validityDays={s?.validityDays} />}
      <ThresholdForm />
      <EndpointCosts usage={usage} />
      {s && <OtherFields fields={s.otherFields} />}
      {account.data && (
        <details>
          <summary className="cursor-pointer text-sm font-medium">Raw response</summary>
          <JsonViewer value={account.data.raw} label="account" />
        </details>
      )}
    </div>
  );
}
