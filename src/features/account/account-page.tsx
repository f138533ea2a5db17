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
import { toAccountSummary } from '../../api/account.ts';
import { ENDPOINTS } from '../../api/endpoints.ts';
import type { EndpointResult } from '../../api/requests.ts';
import { AddToDemo } from '../../workspace/demos/add-to-demo.tsx';
import { SnapshotActions } from '../../workspace/snapshots/snapshot-actions.tsx';
import { SnapshotBanner } from '../../workspace/snapshots/snapshot-banner.tsx';
import { useOpenSnapshot } from '../../workspace/snapshots/snapshot-store.ts';

/** An opened snapshot of the account (a demo step) in the live query's shape. */
function useAccountSnapshot() {
  const snapshot = useOpenSnapshot('account');
  if (!snapshot) return null;
  const result = snapshot.result as EndpointResult<'account'>;
  return { savedAt: snapshot.savedAt, data: { ...result, summary: toAccountSummary(result.data) } };
}

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
  // A snapshot (a demo step) is shown in place of the live account, read-only.
  const snapshot = useAccountSnapshot();
  const data = snapshot?.data ?? account.data;
  const s = data?.summary;
  const now = snapshot ? snapshot.savedAt.getTime() : account.dataUpdatedAt;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Account</h1>
      {snapshot && <SnapshotBanner savedAt={snapshot.savedAt} />}
      {!apiKey && !snapshot && (
        <p>
          Set a key to see its account.{' '}
          <button type="button" className="btn-primary" onClick={openKeyDialog}>
            Set API key
          </button>
        </p>
      )}
      {apiKey && !snapshot && (
        <RefreshControls
          onRefresh={() => void account.refetch()}
          refreshing={account.isFetching}
          intervalMs={intervalMs}
          onIntervalChange={setIntervalMs}
          updatedAt={account.dataUpdatedAt}
        />
      )}
      {account.isError && !snapshot && (
        <ErrorPanel error={account.error} onRetry={() => void account.refetch()} />
      )}
      {account.data && !snapshot && (
        <p className="flex flex-wrap items-center gap-3 text-sm">
          <SnapshotActions spec={ENDPOINTS.account} params={{}} data={account.data} />
          <AddToDemo endpoint="account" params={{}} data={account.data} />
        </p>
      )}
      {s && <CreditsGlance summary={s} now={now} />}
      {apiKey && !snapshot && <SessionUsagePanel usage={usage} now={now} summary={s} />}
      {!snapshot && <ThresholdForm />}
      <EndpointCosts usage={usage} />
      {s && <OtherFields fields={s.otherFields} />}
      {data && (
        <details>
          <summary className="cursor-pointer text-sm font-medium">Raw response</summary>
          <JsonViewer value={data.raw} label="account" />
        </details>
      )}
    </div>
  );
}
