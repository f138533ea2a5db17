import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ENDPOINT_VIEW_LIST } from '../api/endpoint-views.ts';
import { clearSandboxFaults, postSandbox, readSandboxLedger } from '../api/sandbox-control.ts';

/** The faults a presenter wants to show, as the sandbox's control endpoint takes them. */
const FAULTS = {
  '429': { label: '429 Too many requests', init: { kind: 'status', status: 429 } },
  '500': { label: '500 Server error', init: { kind: 'status', status: 500 } },
  '503': { label: '503 Unavailable', init: { kind: 'status', status: 503 } },
  '401': { label: '401 Invalid key', init: { kind: 'status', status: 401 } },
  malformed: { label: 'Malformed JSON', init: { kind: 'malformed' } },
  drop: { label: 'Connection dropped', init: { kind: 'drop' } },
  slow: { label: 'Slow answer (10 s)', init: { kind: 'slow', delayMs: 10_000 } },
} as const;
type FaultChoice = keyof typeof FAULTS;

const DEMO_KEY = 'demo-key';
const FIELD = 'text-field w-32 py-1 text-sm';
// The choices' words must show whole ("503 Unavailable", "any paid request").
const CHOICE = 'text-field w-44 py-1 text-sm';
const LABEL = 'flex flex-col gap-0.5';
const ledgerQuery = queryOptions({
  queryKey: ['sandbox', 'ledger'] as const,
  queryFn: readSandboxLedger,
  staleTime: 0,
});

type Act = (change: () => Promise<unknown>, done: string) => void;

/**
 * Sandbox mode only (mode-badge.tsx): the sandbox's fault, latency and credit controls that the
 * README drives with curl, so a presenter can show an error state without a terminal. What is
 * set applies to the next requests; the header's credits are read again after a change.
 */
export default function SandboxPanel() {
  const queryClient = useQueryClient();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const act: Act = (change, done) => {
    change()
      .then(() =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: ledgerQuery.queryKey }),
          queryClient.invalidateQueries({ queryKey: ['account'] }),
        ]),
      )
      .then(() => setSaid({ ok: true, text: done }))
      .catch((e: unknown) =>
        setSaid({ ok: false, text: e instanceof Error ? e.message : 'The sandbox refused it.' }),
      );
  };
  return (
    <div className="space-y-3 text-sm">
      <p className="text-slate-700 dark:text-slate-300">
        Sandbox only: make the next requests fail, slow every answer down, or set the demo key’s
        credits.
      </p>
      <FaultControls act={act} />
      <LatencyAndCredits act={act} />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-link"
          onClick={() => act(() => postSandbox('/reset'), 'The sandbox is back to its start.')}
        >
          Reset the sandbox
        </button>
        <p role="status">{said?.ok && said.text}</p>
        {said?.ok === false && (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {said.text}
          </p>
        )}
      </div>
    </div>
  );
}

/** One of the panel's forms: a titled row of fields and its buttons. */
function PanelForm({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <form onSubmit={onSubmit} aria-labelledby={id} className="flex flex-wrap items-end gap-2">
      <h3 id={id} className="basis-full font-semibold">
        {title}
      </h3>
      {children}
    </form>
  );
}

function FaultControls({ act }: { act: Act }) {
  const { data: ledger } = useQuery(ledgerQuery);
  const waiting = ledger?.faults.length ?? 0;
  const inject = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const fault = FAULTS[form.get('fault') as FaultChoice];
    const chosen = form.get('endpoint');
    const endpoint = typeof chosen === 'string' ? chosen : '*';
    const where = endpoint === '*' ? 'the next paid request' : `the next ${endpoint} request`;
    act(
      () => postSandbox('/faults', { ...fault.init, endpoint }),
      `${fault.label} waits for ${where}.`,
    );
  };
  return (
    <PanelForm title="Fault" onSubmit={inject}>
      <label className={LABEL}>
        Answer with
        <select name="fault" className={CHOICE} defaultValue="503">
          {Object.entries(FAULTS).map(([value, f]) => (
            <option key={value} value={value}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <label className={LABEL}>
        On
        <select name="endpoint" className={CHOICE} defaultValue="*">
          <option value="*">any paid request</option>
          {ENDPOINT_VIEW_LIST.map((v) => (
            <option key={v.id} value={v.id}>
              {v.nav}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-secondary">
        Inject fault
      </button>
      {waiting > 0 && (
        <button
          type="button"
          className="btn-link"
          onClick={() => act(clearSandboxFaults, 'No fault waits any more.')}
        >
          Clear {waiting} waiting {waiting === 1 ? 'fault' : 'faults'}
        </button>
      )}
    </PanelForm>
  );
}

function LatencyAndCredits({ act }: { act: Act }) {
  const { data: ledger } = useQuery(ledgerQuery);
  const account = ledger?.accounts[DEMO_KEY];
  const limit = account?.requestLimit ?? 0;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const submitter = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
    if (submitter === 'latency') {
      const ms = Number(form.get('latency'));
      act(() => postSandbox('/latency', { ms }), `Every answer now takes ${ms} ms more.`);
    } else {
      const left = Number(form.get('credits'));
      const used = Math.max(0, limit - left);
      act(
        () => postSandbox('/credits', { used }),
        `The demo key has ${limit - used} credits left.`,
      );
    }
  };
  // The fields start from the sandbox's figures, and again after each change (their key).
  return (
    <PanelForm title="Latency and credits" onSubmit={submit}>
      <label className={LABEL}>
        Latency (ms)
        <input
          key={`latency-${ledger?.latencyMs}`}
          name="latency"
          type="number"
          min={0}
          max={120_000}
          step={50}
          className={FIELD}
          defaultValue={ledger?.latencyMs}
        />
      </label>
      <button type="submit" value="latency" className="btn-secondary">
        Set latency
      </button>
      <label className={LABEL}>
        Credits left
        <input
          key={`credits-${account?.creditsLeft}`}
          name="credits"
          type="number"
          min={0}
          max={limit || undefined}
          className={FIELD}
          defaultValue={account?.creditsLeft}
        />
      </label>
      <button type="submit" value="credits" className="btn-secondary">
        Set credits
      </button>
    </PanelForm>
  );
}
