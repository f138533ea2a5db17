import { useId, useState, type ChangeEvent } from 'react';
import { LabelledField } from '../../components/labelled-field.tsx';
import { parseDefinition } from '../runs/lib/batch-schemas.ts';
import type { BatchDefinition } from '../runs/lib/definition.ts';
import type { Intake } from '../runs/lib/intake.ts';
import { IntakeSummary } from '../runs/intake-summary.tsx';
import { localeField } from '../runs/lib/locale.ts';
import type { BatchDraft, Draft } from './use-batch-draft.ts';

/** A loaded batch file as the draft holds it: plain queries go back in the Queries field. */
export function draftFromDefinition(
  definition: BatchDefinition,
  name: string,
): Omit<Draft, 'text'> & { text?: string } {
  const plain = definition.rows.every((r) => !r.locale && Object.keys(r.params).length === 0);
  return {
    endpoint: definition.endpoint,
    ...(plain
      ? { source: { kind: 'text' }, text: definition.rows.map((r) => r.query).join('\n') }
      : { source: { kind: 'definition', name, rows: definition.rows } }),
    locales: definition.locales.map((l) => localeField(l)),
    cap: definition.cap === null ? '' : String(definition.cap),
    concurrency: definition.concurrency === undefined ? '' : String(definition.concurrency),
    pivot: {
      target: definition.target,
      expectedUrl: definition.expectedUrl,
      competitors: definition.competitors,
    },
  };
}

/** The batch in a navigation's state (`batchDefinitionState`), checked like a batch file, or null. */
export function readBatchDefinition(
  state: unknown,
): { definition: BatchDefinition; from: string; recorded: boolean } | null {
  const h = (
    state as { batchDefinition?: { text?: unknown; from?: unknown; recorded?: unknown } } | null
  )?.batchDefinition;
  if (!h || typeof h.text !== 'string' || typeof h.from !== 'string') return null;
  const parsed = parseDefinition(h.text);
  return 'definition' in parsed
    ? { definition: parsed.definition, from: h.from, recorded: h.recorded === true }
    : null;
}

/**
 * The queries of the next batch: the Queries field (one a line), a CSV file whose columns are
 * named like the endpoint's parameters, or a batch file saved earlier. Every line is checked
 * here, and what is dropped or refused is counted and said, before anything is sent.
 */
export function QueryIntake({
  draft,
  intake,
  change,
  handoffNote,
}: {
  draft: Draft;
  intake: Intake | { error: string };
  change: BatchDraft['change'];
  handoffNote: string | null;
}) {
  const id = useId();
  const [fileProblem, setFileProblem] = useState<string[] | null>(null);
  const { source } = draft;

  const readCsv = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setFileProblem(null);
    change({ source: { kind: 'csv', name: file.name, text: await file.text() } });
  };
  const readDefinition = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const parsed = parseDefinition(await file.text());
    if ('errors' in parsed)
      return setFileProblem([`${file.name} was not loaded:`, ...parsed.errors]);
    setFileProblem(null);
    change(draftFromDefinition(parsed.definition, file.name));
  };

  return (
    <div className="space-y-3">
      {source.kind === 'text' ? (
        <div className="space-y-1">
          <label htmlFor={`${id}-queries`} className="block text-sm font-medium">
            Queries
          </label>
          <textarea
            id={`${id}-queries`}
            rows={8}
            value={draft.text}
            spellCheck={false}
            aria-describedby={`${id}-queries-help`}
            onChange={(e) => change({ text: e.target.value })}
            placeholder={'coffee\ntea\nespresso machine'}
            className="w-full rounded border border-slate-300 bg-white px-2 py-1.5 font-mono text-sm dark:border-slate-600 dark:bg-slate-900"
          />
          <p id={`${id}-queries-help`} className="text-xs text-slate-600 dark:text-slate-400">
            One query a line. Lines are trimmed; blank lines and repeats (any case, any spacing) are
            dropped.
          </p>
        </div>
      ) : (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          Queries from <strong>{source.name}</strong>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => change({ source: { kind: 'text' } })}
          >
            Use the Queries field instead
          </button>
        </p>
      )}
      {handoffNote && (
        <p role="status" className="text-sm text-teal-800 dark:text-teal-300">
          {handoffNote}
        </p>
      )}
      <div className="flex flex-wrap gap-4 text-sm">
        <LabelledField
          id={`${id}-csv`}
          label="Or a CSV file"
          type="file"
          accept=".csv,text/csv"
          help="Columns named like the endpoint's parameters: query, country, language, …"
          onChange={(e) => void readCsv(e)}
        />
        <LabelledField
          id={`${id}-definition`}
          label="Load a batch file"
          type="file"
          accept=".json,application/json"
          onChange={(e) => void readDefinition(e)}
        />
      </div>
      {fileProblem && (
        <div role="alert" className="text-sm text-red-800 dark:text-red-300">
          {fileProblem.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      )}
      <div aria-live="polite">
        {'error' in intake ? (
          <p className="text-sm text-red-800 dark:text-red-300">{intake.error}</p>
        ) : (
          <IntakeSummary intake={intake} />
        )}
      </div>
    </div>
  );
}
