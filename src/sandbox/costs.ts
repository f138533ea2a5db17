import { ENDPOINT_LIST, type EndpointId } from '../api/endpoints.ts';
import { isRecord } from '../lib/is-record.ts';

/**
 * What the sandbox charges per successful request. Published costs (search 20, screenshot 5)
 * are the interface's; the others are unpublished, so the sandbox picks small costs of its
 * own, which lets the dashboard's measured costs be seen working offline. The account is not
 * metered and stays free. The control endpoint changes them (`POST /_sandbox/costs`).
 */
export const SANDBOX_UNPUBLISHED_COSTS: Readonly<Partial<Record<EndpointId, number>>> = {
  shorts: 10,
  autocomplete: 2,
  realty: 10,
  webhook: 10,
};

export type CostTable = Record<EndpointId, number>;

export function defaultCosts(): CostTable {
  return Object.fromEntries(
    ENDPOINT_LIST.map((e) => [
      e.id,
      e.cost ?? (e.metered ? (SANDBOX_UNPUBLISHED_COSTS[e.id] ?? 0) : 0),
    ]),
  ) as CostTable;
}

/** Reads `{ "<endpoint id>": <whole credits>, … }`; a message says what is wrong. */
export function parseCostChanges(body: unknown): Partial<CostTable> | string {
  if (!isRecord(body)) return 'send {"<endpoint id>": <credits>, …}, e.g. {"shorts": 3}';
  const ids = new Set<string>(ENDPOINT_LIST.map((e) => e.id));
  const changes: Partial<CostTable> = {};
  for (const [id, value] of Object.entries(body)) {
    if (!ids.has(id)) return `unknown endpoint "${id}"; use one of ${[...ids].join(', ')}`;
    if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 10_000)
      return `the cost of ${id} must be a whole number from 0 to 10000`;
    changes[id as EndpointId] = value as number;
  }
  return changes;
}
