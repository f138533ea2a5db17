import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { openKeyDialog } from '../../session/key-dialog-store.ts';
import { getApiKey } from '../../session/key-store.ts';
import { batchSession, useBatchState } from './batch-session.ts';
import { BatchResults } from './batch-results.tsx';
import { definitionRows, hasPivot, type BatchDefinition } from '../runs/lib/definition.ts';
import { NewBatchForm } from './new-batch-form.tsx';
import { draftFromDefinition, readBatchDefinition } from './query-intake.tsx';
import { readBatchHandoff } from '../runs/send-to-batch.ts';
import { localeField } from '../runs/lib/locale.ts';
import { newDraft, useBatchDraft, type ReadDraft, type Draft } from './use-batch-draft.ts';

/** What Run starts: the draft as a batch file would hold it. */
function definitionOf(draft: Draft, read: ReadDraft, limit: number): BatchDefinition {
  return {
    endpoint: draft.endpoint,
    rows: 'rows' in read.intake ? definitionRows(read.intake.rows) : [],
    locales: read.locales,
    cap: 'cap' in read.cap ? read.cap.cap : null,
    ...(draft.concurrency === '' ? {} : { concurrency: limit }),
    ...draft.pivot,
  };
}

/** What came with the navigation: keywords sent here, or a whole batch (a demo script's step). */
function arrivalOf(
  state: unknown,
): { draft: Partial<Draft>; note: string; recorded?: BatchDefinition } | null {
  const handoff = readBatchHandoff(state);
  if (handoff)
    return {
      draft: {
        endpoint: handoff.endpoint,
        text: handoff.queries.join('\n'),
        ...(handoff.locales.length > 0 ? { locales: handoff.locales.map(localeField) } : {}),
      },
      note: `${handoff.queries.length} ${handoff.queries.length === 1 ? 'query' : 'queries'} from ${handoff.from}.`,
    };
  const batch = readBatchDefinition(state);
  return (
    batch && {
      draft: draftFromDefinition(batch.definition, batch.from),
      note: `From ${batch.from}.`,
      ...(batch.recorded && { recorded: batch.definition }),
    }
  );
}

/**
 * Many queries × locales in one run, priced before the first request, capped, resumable:
 * the next batch's form above, the open batch (running, or as stored) below.
 */
export default function BatchPage() {
  const session = batchSession(useQueryClient());
  const live = useBatchState(session, (s) => s.live);
  const status = useBatchState(session, (s) => s.status);
  const hasBatch = useBatchState(session, (s) => s.batch !== null);
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = searchParams.get('batch') ?? undefined;
  // Keywords sent here ("Send to batch") or a demo's batch fill the form, once per arrival.
  const [arrival, setArrival] = useState(() => arrivalOf(location.state));
  const draft = useBatchDraft(arrival?.draft ?? null);
  const firstArrival = useRef(location.key);

  useEffect(() => {
    void session.open(id);
  }, [session, id]);
  useEffect(() => {
    const next = arrivalOf(location.state);
    if (!next) return;
    // A later arrival on this same page (a demo's next batch step) replaces the form.
    if (location.key !== firstArrival.current) {
      draft.setDraft(newDraft(next.draft));
      setArrival(next);
    }
    // A demo's batch step with its cells' answers: the batch shown with them, nothing sent.
    if (next.recorded) session.showRecorded(next.recorded);
    // Taken: a reload or Back must not fill the form again over what was typed since.
    void navigate(`${location.pathname}${location.search}`, { replace: true });
    // Once per navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  const run = (limit: number) => {
    if (!getApiKey()) return openKeyDialog();
    const batch = session.start(definitionOf(draft.draft, draft.read, limit), limit);
    setSearchParams({ batch: batch.id }, { replace: true });
  };

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Batch</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Many queries in one or more locales, one request per query and locale. The price and a cap
        come before the first request; every answer is kept the moment it arrives, so a reload loses
        nothing and nothing is paid twice.
      </p>
      <NewBatchForm
        draft={draft}
        busy={live}
        handoffNote={arrival?.note ?? null}
        showPivot={hasPivot(arrival?.draft.pivot)}
        onRun={run}
      />
      {status === 'missing' && (
        <p role="status">
          That batch is not stored in this tab any more (batches last as long as their answers: a
          day, in the tab that ran them).
        </p>
      )}
      {hasBatch && <BatchResults session={session} />}
    </div>
  );
}
