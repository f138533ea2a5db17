/**
 * The sandbox's control endpoint (sandbox mode only; README "Control endpoint"), as the
 * dashboard drives it: the sandbox panel and the trackers' "move a day on". Writes are JSON
 * from the app's own origin, which the sandbox requires of them. No key travels here.
 */
export const SANDBOX_CONTROL_URL = '/api/_sandbox';

/** What the panel reads of the sandbox's ledger (GET /api/_sandbox). */
export interface SandboxLedger {
  latencyMs: number;
  faults: { id: number; endpoint: string; kind: string; status?: number; remaining: number }[];
  accounts: Record<string, { requestLimit: number; creditsLeft: number }>;
  day: number;
}

async function send(path: string, init: RequestInit): Promise<unknown> {
  const res = await fetch(`${SANDBOX_CONTROL_URL}${path}`, init);
  const text = await res.text();
  // The sandbox answers a refusal in plain words (e.g. "ms must be from 0 to 120000").
  if (!res.ok) throw new Error(text || `The sandbox answered ${res.status}.`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** POSTs a JSON body to a control path (`/faults`, `/latency`, `/credits`, `/drift`, …). */
export const postSandbox = (path: string, body: unknown = {}) =>
  send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

export const readSandboxLedger = async () => (await send('', {})) as SandboxLedger;

export const clearSandboxFaults = () => send('/faults', { method: 'DELETE' });
