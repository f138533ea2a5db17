import { useMemo, useState } from 'react';
import type { BatchDefinition } from '../runs/lib/definition.ts';
import type { BatchEndpointId } from '../runs/lib/endpoints.ts';
import { parseQueryCsv, parseQueryLines, type Intake } from '../runs/lib/intake.ts';
import {
  checkLocaleFields,
  localeField,
  type Locale,
  type LocaleField,
} from '../runs/lib/locale.ts';
import { buildMatrix, type Matrix } from '../runs/lib/matrix.ts';

/** Where the queries come from: the Queries field, a CSV file, or a loaded batch file's rows. */
export type QuerySource =
  | { kind: 'text' }
  | { kind: 'csv'; name: string; text: string }
  | { kind: 'definition'; name: string; rows: BatchDefinition['rows'] };

/** What the next batch will ask, before Run. */
export interface Draft {
  endpoint: BatchEndpointId;
  text: string;
  source: QuerySource;
  locales: LocaleField[];
  /** "Stop at … credits" as typed; empty for no cap. */
  cap: string;
  /** "At most … at once" as chosen; empty for as many as the account allows (minus one). */
  concurrency: string;
  /** From a loaded file: the pivot's settings, handed to the batch. */
  pivot: Pick<BatchDefinition, 'target' | 'expectedUrl' | 'competitors'>;
}

const INITIAL: Omit<Draft, 'locales'> = {
  endpoint: 'search',
  text: '',
  source: { kind: 'text' },
  cap: '',
  concurrency: '',
  pivot: {},
};

/** The cap as typed: null for none, a whole number of credits, or why it cannot be used. */
export function readCap(text: string): { cap: number | null } | { error: string } {
  const t = text.trim().replace(/[,\s_]/g, '');
  if (t === '') return { cap: null };
  if (!/^\d+$/.test(t))
    return { error: 'Write the cap as a whole number of credits, or leave it empty for none.' };
  return { cap: Number(t) };
}

/** A draft read: its intake, its locales checked, its matrix. */
export interface ReadDraft {
  intake: Intake | { error: string };
  /** Per locale field, the reasons it cannot be sent (empty when it can). */
  localeErrors: string[][];
  locales: Locale[];
  matrix: Matrix;
  cap: { cap: number | null } | { error: string };
}

function intakeOf(draft: Draft): Intake | { error: string } {
  const { source, endpoint } = draft;
  if (source.kind === 'csv') return parseQueryCsv(source.text, endpoint);
  if (source.kind === 'definition')
    return {
      rows: source.rows.map((r, i) => ({ ...r, line: i + 1 })),
      blank: 0,
      duplicates: 0,
      refused: [],
      notes: [],
    };
  return parseQueryLines(draft.text, endpoint);
}

export function readDraft(draft: Draft): ReadDraft {
  const intake = intakeOf(draft);
  const { locales, errors } = checkLocaleFields(draft.endpoint, draft.locales);
  const rows = 'rows' in intake ? intake.rows : [];
  return {
    intake,
    localeErrors: errors,
    locales,
    matrix: buildMatrix(draft.endpoint, rows, locales),
    cap: readCap(draft.cap),
  };
}

/** A fresh draft with `initial`'s settings (e.g. keywords sent here). */
export const newDraft = (initial: Partial<Draft> | null = null): Draft => ({
  ...INITIAL,
  locales: [localeField()],
  ...initial,
});

/** The next batch's settings as state (from `initial`), and what they make. */
export function useBatchDraft(initial: Partial<Draft> | null = null) {
  const [draft, setDraft] = useState<Draft>(() => newDraft(initial));
  const read = useMemo(() => readDraft(draft), [draft]);
  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  return { draft, read, change, setDraft };
}

export type BatchDraft = ReturnType<typeof useBatchDraft>;
