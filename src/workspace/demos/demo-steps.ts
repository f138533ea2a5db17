import type { QueryClient } from '@tanstack/react-query';
import { plural } from '../../lib/format.ts';
import { endpointMutationKey, endpointQueryKey } from '../../api/endpoint-query.ts';
import { ENDPOINTS, type EndpointId, type ReadEndpointId } from '../../api/endpoints.ts';
import { sameParams, type Params } from '../../api/params.ts';
import { secondLocaleParams } from '../../api/second-locale.ts';
import { COMPARED_PARAM, comparedFromUrl } from '../../api/compared-captures.ts';
import type { ShortsResponse } from '../../api/schemas.ts';
import { continuedPages, MORE_PARAM, videoCount } from '../../api/shorts-pages.ts';
import { expansionLetters, expansionQuery, prefixesOf } from '../../lib/prefixes.ts';
import { requestHref, requestLabel } from '../../api/request-link.ts';
import type { ImageResult, JsonResult } from '../../api/requests.ts';
import type { HistoryEntry } from '../history/history-store.ts';
import type { BatchDefinition } from '../runs/lib/definition.ts';
import { batchRequests, matrixOf } from '../runs/cell-query.ts';
import { createSnapshot } from '../snapshots/snapshot-file.ts';
import { MAX_ALSO, newId, type DemoStep } from './demo-file.ts';

type AnyResult = JsonResult<unknown> | ImageResult;

/**
 * The view's own settings in its page URL (`search`): every parameter but the request's own
 * (the snapshot holds those) and never a key. None: undefined.
 */
export function viewStateOf(search: string, params: Params): Record<string, string> | undefined {
  const view: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search))
    if (!Object.hasOwn(params, name) && name !== 'api_key') view[name] = value;
  return Object.keys(view).length ? view : undefined;
}

/** The path of the view a step opens: its code can load before the step plays. */
export function stepPath(step: DemoStep): string | null {
  if (step.batch) return '/batch';
  const endpoint = step.snapshot?.request.endpoint;
  return endpoint !== undefined && Object.hasOwn(ENDPOINTS, endpoint)
    ? ENDPOINTS[endpoint as EndpointId].route
    : null;
}

/** The page URL of a step's view: its request, and the view's settings as they were recorded. */
export function stepHref(endpoint: EndpointId, params: Params, view?: Record<string, string>) {
  return requestHref(endpoint, { ...view, ...params });
}

/**
 * The other requests of the same endpoint a view shows beside its answer, as its page URL
 * says: search's comparison (`compare=1`) shows the query in the second country/language,
 * autocomplete's prefix ladder (`ladder=1`) one request per prefix of the query, screenshot's
 * comparison (`cmp`) the captures picked, shorts' "Load more" (`more`) the pages after it, as
 * far as `answerOf` (the tab's cache) holds them (the step's own answer is not repeated).
 */
export function otherRequestsShown(
  endpoint: EndpointId,
  params: Params,
  view: Record<string, string> | undefined,
  answerOf: (params: Params) => AnyResult | undefined = () => undefined,
): Params[] {
  if (endpoint === 'search' && view?.compare === '1' && view.vs_country)
    return [secondLocaleParams(ENDPOINTS.search, params, view)];
  if (endpoint === 'autocomplete') {
    const query = params.query ?? '';
    const ladder = view?.ladder === '1' ? prefixesOf(query) : [];
    const letters = view?.expand === '1' ? expansionLetters(view.digits === '1') : [];
    return [...ladder, ...letters.map((l) => expansionQuery(query, l))]
      .filter((q) => q !== query)
      .map((q) => ({ ...params, query: q }));
  }
  if (endpoint === 'screenshot')
    return comparedFromUrl(view?.[COMPARED_PARAM]).filter((p) => !sameParams(p, params));
  if (endpoint === 'shorts')
    return continuedPages(params, Number(view?.[MORE_PARAM]) || 0, (p) =>
      videoCount(answerOf(p) as JsonResult<ShortsResponse> | undefined),
    );
  return [];
}

/**
 * Answers to `requests` as this tab's cache holds them, as snapshots (one not held is left out):
 * at most what a file may hold (the schema refuses more), so a longer list keeps its first ones.
 */
async function heldAnswers(
  queryClient: QueryClient | undefined,
  requests: readonly { endpoint: EndpointId; params: Params }[],
) {
  if (!queryClient) return [];
  const held = requests.flatMap(({ endpoint, params }) => {
    if (ENDPOINTS[endpoint].kind !== 'read') return [];
    const key = endpointQueryKey(endpoint as ReadEndpointId, params);
    const answer = queryClient.getQueryData<AnyResult>(key);
    return answer ? [{ endpoint, params, answer }] : [];
  });
  return Promise.all(
    held.slice(0, MAX_ALSO).map((a) => createSnapshot(a.endpoint, a.params, a.answer)),
  );
}

/** A step of a result on screen: titled like the request, its caption left to the presenter. */
export async function stepFromResult(
  endpoint: EndpointId,
  params: Params,
  result: AnyResult,
  /** The view's page URL query when it was added (its own settings are kept with the step). */
  search = '',
  /** The tab's cache, for the other answers the view shows (a comparison's). */
  queryClient?: QueryClient,
): Promise<DemoStep> {
  const view = viewStateOf(search, params);
  const answerOf = (p: Params) =>
    sameParams(p, params)
      ? result
      : ENDPOINTS[endpoint].kind === 'read'
        ? queryClient?.getQueryData<AnyResult>(endpointQueryKey(endpoint as ReadEndpointId, p))
        : undefined;
  const shown = otherRequestsShown(endpoint, params, view, answerOf).map((p) => ({
    endpoint,
    params: p,
  }));
  const also = await heldAnswers(queryClient, shown);
  return {
    id: newId(),
    title: requestLabel(endpoint, params),
    caption: '',
    ...(view && { view }),
    ...(also.length > 0 && { also }),
    snapshot: await createSnapshot(endpoint, params, result),
  };
}

/**
 * The answer of a history entry as this tab holds it: a read from the session cache (which
 * a reload restores for a day), an action's submission from the mutations of this session.
 * Null when the tab no longer has it: the step cannot be recorded without running again.
 */
export function storedAnswer(queryClient: QueryClient, entry: HistoryEntry): AnyResult | null {
  if (entry.status !== 'ok' || !Object.hasOwn(ENDPOINTS, entry.endpoint)) return null;
  const id = entry.endpoint as EndpointId;
  if (ENDPOINTS[id].kind === 'read')
    return (
      queryClient.getQueryData<AnyResult>(endpointQueryKey(id as ReadEndpointId, entry.params)) ??
      null
    );
  const submissions = queryClient
    .getMutationCache()
    .findAll({ mutationKey: endpointMutationKey(id as Exclude<EndpointId, ReadEndpointId>) })
    .filter(
      (m) =>
        m.state.status === 'success' &&
        sameParams((m.state.variables ?? {}) as Params, entry.params),
    );
  return (submissions.at(-1)?.state.data as AnyResult | undefined) ?? null;
}

/** A step of a history entry whose answer this tab still holds, else null. */
export async function stepFromHistory(
  queryClient: QueryClient,
  entry: HistoryEntry,
): Promise<DemoStep | null> {
  const answer = storedAnswer(queryClient, entry);
  return answer && stepFromResult(entry.endpoint as EndpointId, entry.params, answer);
}

/**
 * A step of a batch: its form (queries, locales, cap, pivot) as its file holds it, and the
 * answers of its cells this tab holds (`also`, the first MAX_ALSO), so its pivot table plays
 * back as it was (decision 097); none held: the form alone, as before.
 */
export async function stepFromBatch(
  definition: BatchDefinition,
  queryClient?: QueryClient,
): Promise<DemoStep> {
  const { cells, locales } = matrixOf(definition);
  const queries = new Set(cells.map((c) => c.query)).size;
  const also = await heldAnswers(queryClient, cells);
  return {
    id: newId(),
    title: `Batch: ${plural(queries, 'query', 'queries')} × ${plural(locales.length, 'locale', 'locales')}`,
    caption: '',
    ...(also.length > 0 && { also }),
    batch: definition,
  };
}

/**
 * The view a step shows, by the name the navigation gives it; a view this page does not know
 * (a script kept by a newer page) by its endpoint's name: "Check this script" says it is unknown.
 */
export function stepViewTitle(step: DemoStep): string {
  if (step.batch) return 'Batch';
  const { endpoint } = step.snapshot.request;
  return Object.hasOwn(ENDPOINTS, endpoint) ? ENDPOINTS[endpoint as EndpointId].title : endpoint;
}

/** The requests a step stands for (a batch's: one per cell), named for a Postman collection. */
export function stepRequests(
  step: DemoStep,
): { endpoint: EndpointId; params: Params; name: string }[] {
  if (!step.snapshot) return batchRequests(step.batch, `${step.title}: `);
  const { endpoint, params } = step.snapshot.request;
  return [{ endpoint: endpoint as EndpointId, params, name: step.title }];
}
