import type { ComponentType, ReactNode } from 'react';
import { useAccount } from '../costs/use-account.ts';
import { useBestKnownCost } from '../costs/measured-costs.ts';
import type { WithMeta } from '../../api/requests.ts';
import { costLabel, creditsAfter } from '../../lib/cost.ts';
import { useApiKey } from '../../session/use-api-key.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import type { FieldProps } from '../../components/param-field.tsx';
import { ParamForm } from '../../components/param-form.tsx';
import { RequestInspector } from '../../components/request-inspector.tsx';
import { RequestProgress } from '../../components/request-progress.tsx';
import { SnapshotActions } from '../snapshots/snapshot-actions.tsx';
import { SnapshotBanner } from '../snapshots/snapshot-banner.tsx';
import { AddToDemo } from '../demos/add-to-demo.tsx';
import type { ViewRequest } from './view-request.ts';
import type { Params } from '../../api/params.ts';

export interface RequestPanelProps<T extends WithMeta> {
  /** The view's request: `useEndpointRun` (reads) or `useEndpointAction` (actions). */
  request: ViewRequest<T>;
  /** The untouched response body for the inspector. */
  raw?: unknown;
  /** An image answer's bytes, for the inspector's HAR file. */
  image?: Blob;
  inputs?: Partial<Record<string, ComponentType<FieldProps>>>;
  /** Extra controls beside Run (e.g. Compare). */
  actions?: ReactNode;
  /**
   * The view shows a request's progress itself, in place (autocomplete's live typing: a
   * banner at every pause would push the suggestions down and back).
   */
  inlineProgress?: boolean;
  /**
   * Shown right below the form and the run's progress or error, above the results: a second
   * form (search's comparison) that the results would otherwise push down just as they arrive
   * (a layout shift). The run's feedback stays above it, where the user just pressed Run.
   */
  belowForm?: ReactNode;
  /**
   * Classes for the stage: where the progress, the result's status line, an error and the
   * results appear, in turn. A view with tall results reserves their height here
   * (`min-h-…`): the progress and then the results take the stage's place instead of pushing
   * the page below them down, and the status line that arrives with the answer appears inside
   * it rather than above it (which would move the results' place down: a layout shift seconds
   * after the click, on a slow network).
   */
  stageClassName?: string;
  children?: ReactNode;
}

const answeredTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function describeParams(params: Params | null): string {
  const entries = Object.entries(params ?? {});
  return entries.length
    ? entries.map(([k, v]) => `${k}=${v}`).join(', ')
    : 'the earlier parameters';
}

/** A run's progress, its cancellation and its error: the feedback to the Run button. */
function RunFeedback<T extends WithMeta>({
  request: { spec, run },
  cost,
  inlineProgress,
  error,
}: {
  request: ViewRequest<T>;
  cost: string;
  inlineProgress: boolean;
  error: unknown;
}) {
  return (
    <>
      {run.isRunning && !inlineProgress && (
        <RequestProgress label={spec.title} onCancel={run.cancel} />
      )}
      {run.cancelled && (
        <p
          role="status"
          className="rounded border border-amber-300 bg-amber-50 dark:bg-amber-950/40 p-3 text-sm"
        >
          {spec.kind === 'action'
            ? 'You cancelled the submission. The service may already have created the job and charged it; your form is kept.'
            : 'You cancelled the request. The service may still finish it and charge it; your form and earlier results are kept.'}
        </p>
      )}
      {error != null && (
        <ErrorPanel
          error={error}
          onRetry={run.again}
          retryLabel={`Try again · ${cost}`}
          retryDisabled={run.isRunning}
        />
      )}
    </>
  );
}

/** The shared request panel: generated form, Run with its cost, progress, errors, results, inspector. */
export function RequestPanel<T extends WithMeta>({
  request,
  raw,
  image,
  inputs,
  actions,
  inlineProgress = false,
  belowForm,
  stageClassName,
  children,
}: RequestPanelProps<T>) {
  const { spec, form, run, shown } = request;
  const { error, data } = shown;
  const apiKey = useApiKey();
  const account = useAccount();
  const creditsLeft = account.data?.summary.creditsLeft;
  // Published, else measured from the account ("≈ 10 credits (measured)"), else unknown.
  const knownCost = useBestKnownCost(spec.id);
  const after = form.cached
    ? 'already in this session: 0 credits'
    : creditsAfter(knownCost, creditsLeft);
  const cost = costLabel(knownCost);

  const feedback = (
    <RunFeedback request={request} cost={cost} inlineProgress={inlineProgress} error={error} />
  );

  return (
    <div className="space-y-4">
      <form
        noValidate
        aria-label={`${spec.title} parameters`}
        className="space-y-3 rounded border border-slate-200 dark:border-slate-700 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          run.start();
        }}
      >
        <ParamForm
          spec={spec}
          values={form.values}
          errors={form.errors}
          onChange={form.setValue}
          onBlur={form.markTouched}
          inputs={inputs}
        />
        <div className="flex flex-wrap items-center gap-3">
          {/* An answer this tab already holds costs nothing: the button says so (issue #35). */}
          <button type="submit" className="btn-primary" disabled={run.isRunning}>
            {spec.action} · {form.cached ? 'cached · 0 credits' : cost}
          </button>
          {actions}
          {/*
           * A row of its own on a phone, there before it has anything to say: the cost and the
           * credits after a run change length once measured or answered, and a note beside the
           * button would then wrap to a new line and push the page down (a layout shift).
           */}
          <span
            className={`min-h-5 basis-full text-sm sm:basis-auto ${apiKey ? 'text-slate-600 dark:text-slate-400' : 'text-amber-800 dark:text-amber-300'}`}
          >
            {apiKey ? after : 'Set an API key to run requests.'}
          </span>
        </div>
      </form>
      {/* With a second form below (search's comparison, whose table may be a screen tall),
          the run's feedback stays beside the button that was pressed, not under that form. */}
      {belowForm && (
        <>
          {feedback}
          {belowForm}
        </>
      )}

      {/* A demo's step lands here (workspace/demos/land-on-step.ts), unless the view marks
          a part of it that matters more (realty's map). */}
      <div
        data-demo-focus="result"
        className={stageClassName ? `space-y-4 ${stageClassName}` : 'space-y-4'}
      >
        {!belowForm && feedback}
        {data && shown.savedAt && <SnapshotBanner savedAt={shown.savedAt} />}
        {data && !run.isRunning && !shown.savedAt && (
          <p className="flex flex-wrap items-center gap-3 text-sm" data-testid="result-source">
            {shown.earlier ? (
              <span className="text-slate-600 dark:text-slate-400">
                Showing the earlier result for {describeParams(shown.params)}.
              </span>
            ) : shown.fromCache ? (
              <>
                <span className="rounded bg-emerald-100 px-2 py-0.5 font-medium text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-200">
                  cached · 0 credits
                </span>
                <span className="text-slate-600 dark:text-slate-400">
                  This exact request already ran
                  {shown.answeredAt ? (
                    <>
                      {' '}
                      at{' '}
                      <time dateTime={new Date(shown.answeredAt).toISOString()}>
                        {answeredTime.format(shown.answeredAt)}
                      </time>
                    </>
                  ) : (
                    ' in this session'
                  )}
                  .
                </span>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={run.again}
                  disabled={run.isRunning}
                >
                  Run again ({cost})
                </button>
              </>
            ) : (
              // A row of its own on a phone: the cost may change its length once measured, and
              // the buttons beside it would then jump to another line (a layout shift).
              <span className="basis-full text-slate-600 sm:basis-auto dark:text-slate-400">
                {spec.kind === 'action' ? 'Submitted' : 'Fresh result'} · {cost}
              </span>
            )}
            {shown.params && !shown.earlier && (
              <>
                <SnapshotActions spec={spec} params={shown.params} data={data} />
                <AddToDemo endpoint={spec.id} params={shown.params} data={data} />
              </>
            )}
          </p>
        )}
        {children}
      </div>
      <RequestInspector
        spec={spec}
        wire={form.wire}
        empty={Object.values(form.values).every((v) => v.trim() === '')}
        // An answer kept from before the request now running or failed describes another
        // request: the inspector shows the latest one alone (its URL and its own status), never
        // that URL with the earlier answer's 200, time and size (issue 40.2).
        meta={shown.earlier ? undefined : data?.meta}
        error={error}
        raw={shown.earlier ? undefined : raw}
        image={image}
        answeredAt={shown.answeredAt}
      />
    </div>
  );
}
