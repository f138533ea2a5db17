import { useId, type FormEvent } from 'react';
import { ENDPOINTS } from '../../api/endpoints.ts';
import { costLabel } from '../../lib/cost.ts';
import { formatNumber, pluralCredits } from '../../lib/format.ts';
import { BATCH_ENDPOINTS } from '../runs/lib/endpoints.ts';
import { countedCostLabel, type BatchPlan } from '../runs/lib/pricing.ts';
import { LocaleFields } from '../runs/locale-fields.tsx';
import { PivotSettings } from './pivot-settings.tsx';
import { QueryIntake } from './query-intake.tsx';
import type { BatchDraft } from './use-batch-draft.ts';
import { useBatchAccount, useBatchPlan } from '../runs/use-run-plan.ts';

const requests = (n: number) => `${formatNumber(n)} request${n === 1 ? '' : 's'}`;

/** What the Run button says a run costs. */
export function runCost(plan: BatchPlan): string {
  if (plan.toSend === 0) return '0 credits';
  if (plan.unit.basis === 'assumed') return 'unknown cost';
  return costLabel(plan.unit, plan.toSend);
}

/**
 * The Run button's words: with a cap that stops the run early, what the run will send and
 * spend before it stops, not the whole batch's price (the plan below gives both).
 */
function runLabel(plan: BatchPlan): string {
  if (plan.cap === null || plan.withinCap >= plan.toSend)
    return `Run batch · ${requests(plan.toSend)} · ${runCost(plan)}`;
  const sent = `${formatNumber(plan.withinCap)} of ${requests(plan.toSend)}`;
  return `Run batch · ${sent} (cap ${formatNumber(plan.cap)}) · ${runCost({ ...plan, toSend: plan.withinCap })}`;
}

/** The plan before Run: requests, what is free, the cost, what is left after and where the cap stops. */
function PlanList({ plan }: { plan: BatchPlan }) {
  const row = (term: string, value: string) => (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium">{term}</dt> <dd>{value}</dd>
    </div>
  );
  return (
    <dl aria-label="Plan" className="space-y-1 text-sm" data-testid="batch-plan">
      {row('Requests:', `${formatNumber(plan.requests)} (one per query and locale)`)}
      {row('Already answered in this tab (free):', formatNumber(plan.cached))}
      {row(
        'Cost:',
        `${requests(plan.toSend)} to send: ${countedCostLabel(plan.unit, plan.toSend)}${
          plan.unit.basis === 'published' ? ' (published)' : ''
        }`,
      )}
      {row(
        'Credits left after:',
        plan.creditsLeftAfter === null
          ? 'not known yet (the account has not said)'
          : plan.notEnoughCredits
            ? `not enough credits left (${formatNumber(plan.creditsLeft)} left)`
            : `${plan.unit.basis === 'published' ? '' : '≈ '}${formatNumber(plan.creditsLeftAfter)}`,
      )}
      {plan.cap !== null &&
        row(
          'The cap:',
          plan.withinCap < plan.toSend
            ? `stops the run after ${requests(plan.withinCap)}; the other ${formatNumber(plan.toSend - plan.withinCap)} would cost ${pluralCredits(plan.beyondCapCost)} more`
            : 'the whole batch fits under it',
        )}
    </dl>
  );
}

/**
 * The plan before Run, the cap and how many at once, and Run: a part of its own, as it follows
 * the cache (a cell answered meanwhile is free) and the form above need not.
 */
function PlanSection({
  draft,
  read,
  change,
  blocked,
  busy,
}: Pick<BatchDraft, 'draft' | 'read' | 'change'> & { blocked: string | null; busy: boolean }) {
  const id = useId();
  const account = useBatchAccount();
  const cap = 'cap' in read.cap ? read.cap.cap : null;
  const plan = useBatchPlan(draft.endpoint, read.matrix.cells, cap, busy);
  const chosen = draft.concurrency === '' ? undefined : Number(draft.concurrency);
  return (
    <>
      <section aria-labelledby={`${id}-plan`} className="space-y-2">
        <h3 id={`${id}-plan`} className="font-medium">
          Before anything runs
        </h3>
        <PlanList plan={plan} />
        <div className="flex flex-wrap items-end gap-4 text-sm">
          <div className="space-y-1">
            <div className="flex items-center gap-2">
              <label htmlFor={`${id}-cap`} className="font-medium">
                Stop at
              </label>
              <input
                id={`${id}-cap`}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={draft.cap}
                aria-invalid={'error' in read.cap ? true : undefined}
                aria-describedby={`${id}-cap-help${'error' in read.cap ? ` ${id}-cap-error` : ''}`}
                onChange={(e) => change({ cap: e.target.value })}
                className="w-28 rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
              />
              <span>credits</span>
            </div>
            <p id={`${id}-cap-help`} className="text-xs text-slate-600 dark:text-slate-400">
              Checked before each request: the run never spends past it. Empty: no cap.
              {plan.unit.basis === 'assumed' &&
                ' The unknown cost counts as the highest cost known until it is measured.'}
            </p>
            {'error' in read.cap && (
              <p id={`${id}-cap-error`} className="text-red-700 dark:text-red-400">
                {read.cap.error}
              </p>
            )}
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-slots`} className="block font-medium">
              At most at once
            </label>
            <select
              id={`${id}-slots`}
              value={draft.concurrency === '' ? '' : String(account.limit(chosen))}
              onChange={(e) => change({ concurrency: e.target.value })}
              className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
            >
              <option value="">
                {account.allowed} (your plan&apos;s concurrency, one kept free)
              </option>
              {Array.from({ length: account.allowed - 1 }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        </div>
      </section>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={blocked !== null}>
          {runLabel(plan)}
        </button>
        {blocked && <span className="text-sm text-slate-600 dark:text-slate-400">{blocked}</span>}
      </div>
    </>
  );
}

/**
 * The next batch: its endpoint, queries and locales, and its price before anything runs, with
 * a hard cap ("Stop at … credits") and how many requests go at once.
 */
export function NewBatchForm({
  draft: { draft, read, change },
  busy,
  handoffNote,
  showPivot,
  onRun,
}: {
  draft: BatchDraft;
  /**
   * The draft arrived with pivot settings (a demo's batch step): they are shown, so the step
   * shows what it recorded. Shown from the arrival on, not while the target is set: clearing
   * the field must not take it away.
   */
  showPivot: boolean;
  /** A batch is running in this page: one at a time. */
  busy: boolean;
  handoffNote: string | null;
  onRun: (limit: number) => void;
}) {
  const id = useId();
  const account = useBatchAccount();
  const chosen = draft.concurrency === '' ? undefined : Number(draft.concurrency);
  const blocked =
    'error' in read.intake
      ? 'The queries cannot be read.'
      : read.matrix.cells.length === 0
        ? 'Type some queries first.'
        : read.localeErrors.some((e) => e.length > 0)
          ? 'A locale needs fixing.'
          : 'error' in read.cap
            ? 'The cap needs fixing.'
            : busy
              ? 'A batch is running: pause and cancel it, or wait for it to end.'
              : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (blocked === null) onRun(account.limit(chosen));
  };

  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded border border-slate-200 p-3 dark:border-slate-700"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        New batch
      </h2>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Endpoint</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {BATCH_ENDPOINTS.map((e) => (
            <label key={e} className="flex items-center gap-1">
              <input
                type="radio"
                name={`${id}-endpoint`}
                value={e}
                checked={draft.endpoint === e}
                onChange={() => change({ endpoint: e })}
              />
              {ENDPOINTS[e].title}
            </label>
          ))}
        </div>
      </fieldset>
      <QueryIntake draft={draft} intake={read.intake} change={change} handoffNote={handoffNote} />
      <LocaleFields
        endpoint={draft.endpoint}
        locales={draft.locales}
        errors={read.localeErrors}
        onChange={(locales) => change({ locales })}
      />
      {showPivot && draft.endpoint === 'search' && (
        <section aria-labelledby={`${id}-pivot`} className="space-y-2" data-demo-focus="pivot">
          <h3 id={`${id}-pivot`} className="font-medium">
            Pivot (read from the answers once they arrive, at no cost)
          </h3>
          <PivotSettings
            key={handoffNote}
            definition={draft.pivot}
            suggestions={[]}
            onChange={(pivot) => change({ pivot: { ...draft.pivot, ...pivot } })}
          />
        </section>
      )}
      <PlanSection draft={draft} read={read} change={change} blocked={blocked} busy={busy} />
    </form>
  );
}
