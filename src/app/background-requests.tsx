import {
  notifyManager,
  useQueryClient,
  type Query,
  type QueryCacheNotifyEvent,
} from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ENDPOINTS, type EndpointId } from '../api/endpoints.ts';
import { DismissibleStatus } from '../components/dismissible-status.tsx';
import { requestHref, requestLabel } from '../api/request-link.ts';
import type { Params } from '../api/params.ts';

interface BackgroundRequest {
  hash: string;
  id: EndpointId;
  params: Params;
  status: 'running' | 'done' | 'failed';
  /** The view URL that shows it again: the page as the user left it, or its bare parameters. */
  url: string;
}

/** The page URL as the user left it when it still describes the request, else its parameters. */
function viewUrl(id: EndpointId, params: Params, left: string | undefined): string {
  const route = ENDPOINTS[id].route;
  if (left) {
    const search = new URLSearchParams(left.slice(route.length));
    const trimmed = (name: string) => search.get(name)?.trim() ?? '';
    const names = new Set([...Object.keys(params), ...search.keys()]);
    const same = [...names].every(
      (n) => !ENDPOINTS[id].params.some((p) => p.name === n) || trimmed(n) === (params[n] ?? ''),
    );
    if (same) return left;
  }
  return requestHref(id, params);
}

const describe = (request: BackgroundRequest) => requestLabel(request.id, request.params);

function asBackground(
  query: Query,
  lastUrls: ReadonlyMap<string, string>,
): BackgroundRequest | null {
  const [id, kind, params] = query.queryKey as [EndpointId, string, Params];
  if (kind !== 'results' || !(id in ENDPOINTS)) return null;
  const url = viewUrl(id, params, lastUrls.get(ENDPOINTS[id].route));
  return { hash: query.queryHash, id, params, status: 'running', url };
}

/**
 * A paid request keeps running when the user leaves its view (decision 011). This says
 * so, and when it ends offers a link back to its result, which waits in the cache.
 */
export function BackgroundRequests() {
  const cache = useQueryClient().getQueryCache();
  const [requests, setRequests] = useState<BackgroundRequest[]>([]);
  // The last URL of each view, so the way back keeps what else the page showed (e.g. a comparison).
  const location = useLocation();
  const lastUrls = useRef(new Map<string, string>());
  useEffect(() => {
    lastUrls.current.set(location.pathname, `${location.pathname}${location.search}`);
  }, [location]);

  useEffect(
    () =>
      // Batched like TanStack's own hooks: never a state update while another component renders.
      cache.subscribe(
        notifyManager.batchCalls((event: QueryCacheNotifyEvent) => {
          const { query } = event;
          const hash = query.queryHash;
          if (event.type === 'observerRemoved') {
            const left =
              query.meta?.spendsCredits === true &&
              query.state.fetchStatus === 'fetching' &&
              query.getObserversCount() === 0;
            const request = left ? asBackground(query as Query, lastUrls.current) : null;
            if (request) setRequests((all) => [...all.filter((r) => r.hash !== hash), request]);
          } else if (event.type === 'observerAdded' || event.type === 'removed') {
            // Back on its view (or gone with a new key): no need to point at it any more.
            setRequests((all) =>
              all.some((r) => r.hash === hash) ? all.filter((r) => r.hash !== hash) : all,
            );
          } else if (event.type === 'updated') {
            const status =
              event.action.type === 'success'
                ? 'done'
                : event.action.type === 'error'
                  ? 'failed'
                  : null;
            if (status)
              setRequests((all) =>
                all.some((r) => r.hash === hash)
                  ? all.map((r) => (r.hash === hash ? { ...r, status } : r))
                  : all,
              );
          }
        }),
      ),
    [cache],
  );

  if (requests.length === 0) return null;
  const dismiss = (hash: string) => setRequests((all) => all.filter((r) => r.hash !== hash));
  return (
    <ul aria-label="Requests in the background" className="mb-4 space-y-2">
      {requests.map((r) => (
        <DismissibleStatus key={r.hash} tone="info" onDismiss={() => dismiss(r.hash)}>
          <span>
            {describe(r)}{' '}
            {r.status === 'running'
              ? 'is still running in the background; its result will be kept.'
              : r.status === 'done'
                ? 'finished in the background.'
                : 'failed in the background.'}
          </span>
          <Link className="btn-link" to={r.url}>
            {r.status === 'done' ? 'Open the result' : 'Open'}
          </Link>
        </DismissibleStatus>
      ))}
    </ul>
  );
}
