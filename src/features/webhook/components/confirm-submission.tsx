import { useEffect, useRef } from 'react';
import type { Params } from '../../../api/params.ts';
import { inNextFrame } from '../../../lib/next-frame.ts';

interface ConfirmSubmissionProps {
  params: Params;
  cost: string;
  onConfirm: () => void;
  onBack: () => void;
}

/** The explicit second step of a submission: which page the job scrapes, where it goes, what it costs. */
export function ConfirmSubmission({ params, cost, onConfirm, onBack }: ConfirmSubmissionProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Focused in the frame, not in the commit: a focus lays the page out, and inside React's task
  // that was a forced layout of the whole page on top of the render (issue 41).
  useEffect(() => inNextFrame(() => confirmRef.current?.focus()), []);
  return (
    <div
      role="group"
      aria-labelledby="confirm-job-heading"
      className="space-y-2 rounded border border-teal-600 bg-teal-50 p-3 dark:bg-teal-950/40"
    >
      <h2 id="confirm-job-heading" className="font-semibold">
        Submit this job?
      </h2>
      <p className="text-sm">
        The service will scrape <strong className="break-all">{params.url}</strong> and POST the
        result to{' '}
        {params.webhook_id ? (
          <>
            your webhook <strong>{params.webhook_id}</strong>
          </>
        ) : (
          'your default webhook'
        )}{' '}
        (dynamic: {params.dynamic}). Each submission is a new job: {cost}.
      </p>
      <div className="flex gap-2">
        <button ref={confirmRef} type="button" className="btn-primary" onClick={onConfirm}>
          Confirm and submit
        </button>
        <button type="button" className="btn-secondary" onClick={onBack}>
          Back to the form
        </button>
      </div>
    </div>
  );
}
