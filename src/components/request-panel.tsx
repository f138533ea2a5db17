import { useQuery } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { accountQueries } from '../api/account-queries.ts';
import { costLabel, creditsAfter } from '../lib/cost.ts';
import { useApiKey } from '../session/use-api-key.ts';
import { ErrorPanel } from './error-panel.tsx';
import type { FieldProps } from './param-field.tsx';
import { ParamForm } from './param-form.tsx';
import { RequestInspector } from './request-inspector.tsx';
import { RequestProgress } from './request-progress.tsx';
import type { EndpointRun, WithMeta } from './use-endpoint-run.ts';

export interface RequestPanelProps<T extends WithMeta> {
  run: EndpointRun<T>;
  /** The untouched response body for the inspector. */
  raw?: unknown;
  inputs?: Partial<Record<string, ComponentType<FieldProps>>>;
  /** Extra controls beside Run (e.g. Compare). */
  actions?: ReactNode;
  children?: ReactNode;
}

function describeParams(params: Record<string, string> | null): string {
  const entries = Object.entries(params ?? {});
  return entries.length
    ? entries.map(([k, v]) => `${k}=${v}`).join(', ')
    : 'the earlier parameters';
}

/** The shared request panel: generated form, Run with its cost, progress, errors, results, inspector. */
export function RequestPanel<T extends WithMeta>({
  run,
  raw,
  inputs,
  actions,
  children,
}: RequestPanelProps<T>) {
  const { spec, query } = run;
  const apiKey = useApiKey();
  const account = useQuery({ ...accountQueries.details(), enabled: apiKey !== null });
  const creditsLeft = account.data?.summary.creditsLeft;
  const after = creditsAfter(spec.cost, creditsLeft);
  const cost = costLabel(spec.cost);
  const error = run.submitted ? query.error : null;

  return (
    <div className="space-y-4">
      <form
        noValidate
        aria-label={`${spec.title} parameters`}
        className="space-y-3 rounded border border-slate-200 dark:border-slate-700 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          run.run();
        }}
      >
        <ParamForm
          spec={spec}
          values={run.values}
          errors={run.errors}
          onChange={run.setValue}
          onBlur={run.markTouched}
          inputs={inputs}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={run.isRunning}>
            {spec.action} · {cost}
          </button>
          {after && <span className="text-sm text-slate-600 dark:text-slate-400">{after}</span>}
          {!apiKey && (
            <span className="text-sm text-amber-800 dark:text-amber-300">
              Set an API key to run requests.
            </span>
          )}
          {actions}
        </div>
      </form>

      {run.isRunning && <RequestProgress label={spec.title} onCancel={run.cancel} />}
      {run.cancelled && (
        <p
          role="status"
          className="rounded border border-amber-300 bg-amber-50 dark:bg-amber-950/40 p-3 text-sm"
        >
          You cancelled the request. The service may still finish it and charge it; your form and
          earlier results are kept.
        </p>
      )}
      {run.data && !run.isRunning && (
        <p className="flex flex-wrap items-center gap-3 text-sm" data-testid="result-source">
          {run.showingPrevious ? (
            <span className="text-slate-600 dark:text-slate-400">
              Showing the earlier result for {describeParams(run.dataParams)}.
            </span>
          ) : run.fromCache ? (
            <>
              <span className="rounded bg-emerald-100 px-2 py-0.5 font-medium text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-200">
                cached · 0 credits
              </span>
              <span className="text-slate-600 dark:text-slate-400">
                This exact request already ran in this session.
              </span>
              <button type="button" className="btn-secondary" onClick={run.runAgain}>
                Run again ({cost})
              </button>
            </>
          ) : (
            <span className="text-slate-600 dark:text-slate-400">Fresh result · {cost}</span>
          )}
        </p>
      )}
      {error && <ErrorPanel error={error} onRetry={run.runAgain} />}
      {children}
      <RequestInspector spec={spec} wire={run.wire} meta={run.data?.meta} error={error} raw={raw} />
    </div>
  );
}
