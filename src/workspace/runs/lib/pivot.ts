import { domainMatches, linkKey, linkOnDomain, normalizeDomain } from '../../../lib/links.ts';
import { cellView, type CellRuns, type CellView } from './cells.ts';
import { localeKey, type Locale } from './locale.ts';
import type { BatchCell } from './matrix.ts';
import { resultRows, type BatchAnswer, type ResultRow } from './results.ts';

/** Competitor domains shown beside the target, at most. */
export const MAX_COMPETITORS = 5;

export interface PivotInput {
  cells: readonly BatchCell[];
  /** The columns, in order. */
  locales: readonly Locale[];
  runs: CellRuns;
  /** The answer kept for an answered or cached cell. */
  answer: (cell: BatchCell) => BatchAnswer | undefined;
  /** The domain whose ranks the pivot shows, as typed ("www.example.com", a URL…). */
  target: string;
  /** The URL the user expects to rank; a cell whose ranking URL differs is flagged. */
  expectedUrl?: string;
  competitors?: readonly string[];
}

export interface PivotCell {
  /** The request at this keyword and locale; undefined when the batch has none there. */
  cell: BatchCell | undefined;
  view: CellView;
  /** The target's best rank, or null (not in the results, or no answer). */
  rank: number | null;
  /** The URL that ranks there. */
  link: string | null;
  /** An expected URL was given and another URL of the domain ranks. */
  unexpectedUrl: boolean;
  /** Each competitor's best rank in the same answer (null: not in it, or no answer). */
  competitors: (number | null)[];
}

export interface KeywordSpread {
  best: number | null;
  worst: number | null;
  /** Places between the best and worst locale where it ranks. */
  range: number | null;
  /** Locales that answered without the target in the results. */
  unranked: number;
}

export interface PivotRow {
  query: string;
  cells: PivotCell[];
  spread: KeywordSpread;
}

export interface LocaleSummary {
  locale: Locale;
  /** Keywords with an answer at this locale: the base of the shares. */
  answered: number;
  ranked: number;
  averageRank: number | null;
  /** Share of the answered keywords where the target is in the top 3 (0–1), null without answers. */
  top3: number | null;
  top10: number | null;
}

export interface Pivot {
  target: string;
  /** An expected URL was given: cells say whether the URL that ranks is it. */
  expectsUrl: boolean;
  competitors: string[];
  locales: Locale[];
  rows: PivotRow[];
  summaries: LocaleSummary[];
}

/** The competitors as typed: one field, commas or spaces between domains. */
export const competitorsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((d) => d.trim())
    .filter(Boolean);

/** The competitor domains as the pivot uses them: bare, distinct, not the target, at most five. */
export function pivotCompetitors(target: string, competitors: readonly string[]): string[] {
  const own = normalizeDomain(target);
  const out: string[] = [];
  for (const raw of competitors) {
    const domain = normalizeDomain(raw);
    if (domain && domain !== own && !out.includes(domain)) out.push(domain);
  }
  return out.slice(0, MAX_COMPETITORS);
}

/**
 * A page's identity for "is this the URL I expected": the link as comparisons read it (no
 * fragment, trailing slash, `www.` or host case) and no scheme either, since people type
 * `example.com/page` and engines list the https copy of an http page.
 */
function pageKey(url: string): string {
  const trimmed = url.trim();
  return linkKey(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`).replace(
    /^[a-z][a-z0-9+.-]*:\/\//i,
    '',
  );
}

const bestOf = (results: readonly ResultRow[], domain: string) => domainMatches(results, domain)[0];

interface Reading {
  target: string;
  expected: string | null;
  competitors: readonly string[];
}

interface Found {
  best: { rank: number; link: string } | undefined;
  unexpectedUrl: boolean;
  competitors: (number | null)[];
}

const NOTHING_SOUGHT: Found = { best: undefined, unexpectedUrl: false, competitors: [] };

/**
 * The last reading of each answer: while a batch runs the pivot is drawn again on every few
 * answers, and only the new ones need reading (an answer never changes).
 */
const lastFound = new WeakMap<object, { key: string; found: Found }>();

function ranksIn(
  answer: BatchAnswer,
  params: Readonly<Record<string, string>>,
  reading: Reading,
): Found {
  if (!reading.target && reading.competitors.length === 0) return NOTHING_SOUGHT;
  const key = JSON.stringify([params.start ?? '', reading]);
  const last = lastFound.get(answer.data);
  if (last?.key === key) return last.found;
  const results = resultRows(answer, params);
  const { target, expected } = reading;
  const best = target ? bestOf(results, target) : undefined;
  const found = {
    best,
    unexpectedUrl: expected !== null && best !== undefined && pageKey(best.link) !== expected,
    competitors: reading.competitors.map((d) => bestOf(results, d)?.rank ?? null),
  };
  lastFound.set(answer.data, { key, found });
  return found;
}

/** What each row was built from: its locales' cell, run and answer, in order (decision 112). */
const rowSources = new WeakMap<PivotRow, readonly unknown[]>();
/** What a pivot looked for, and in which columns: its rows serve the next pivot only if the same. */
const pivotKeys = new WeakMap<Pivot, string>();

const sameSources = (a: readonly unknown[] | undefined, b: readonly unknown[]) =>
  a !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Keywords as rows, locales as columns, for a target domain: its best rank per cell (the domain
 * and its subdomains, as the search view's spotlight reads them), the URL that ranks, and the
 * competitors' ranks from the same answers (free: nothing is sent again).
 *
 * With the `previous` pivot of the same reading, a row whose cells, runs and answers are all
 * the same objects is that pivot's row itself: a running batch draws its pivot again every
 * few answers, and the table renders again only the rows whose cells changed (decision 112).
 */
export function buildPivot(input: PivotInput, previous?: Pivot): Pivot {
  const reading = readingOf(input);
  const { target, competitors } = reading;
  const key = JSON.stringify([reading, input.locales.map(localeKey)]);
  const reusable =
    previous !== undefined && pivotKeys.get(previous) === key
      ? new Map(previous.rows.map((r) => [r.query, r]))
      : undefined;
  const byKey = new Map(input.cells.map((c) => [`${c.query}\n${localeKey(c.locale)}`, c]));
  const queries = [...new Set(input.cells.map((c) => c.query))];

  const rows = queries.map((query): PivotRow => {
    const sources: unknown[] = [];
    const read = input.locales.map((locale) => {
      const cell = byKey.get(`${query}\n${localeKey(locale)}`);
      const run = cell ? input.runs[cell.id] : undefined;
      const answer =
        cell && run && (run.state === 'answered' || run.state === 'cached')
          ? input.answer(cell)
          : undefined;
      sources.push(cell, run, answer?.data);
      return { cell, run, answer };
    });
    const last = reusable?.get(query);
    if (last && sameSources(rowSources.get(last), sources)) return last;
    const cells = read.map(({ cell, run, answer }): PivotCell => {
      if (!cell || !answer) {
        return {
          cell,
          view: cellView(run),
          rank: null,
          link: null,
          unexpectedUrl: false,
          competitors: competitors.map(() => null),
        };
      }
      const found = ranksIn(answer, cell.params, reading);
      return {
        cell,
        view: cellView(run, target ? (found.best ?? null) : undefined),
        rank: found.best?.rank ?? null,
        link: found.best?.link ?? null,
        unexpectedUrl: found.unexpectedUrl,
        competitors: found.competitors,
      };
    });
    const row = { query, cells, spread: spreadOf(cells) };
    rowSources.set(row, sources);
    return row;
  });

  const summaries = input.locales.map((locale, i): LocaleSummary => {
    const column = rows.map((r) => r.cells[i]!).filter((c) => hasAnswer(c.view));
    const ranks = column.flatMap((c) => (c.rank === null ? [] : [c.rank]));
    const share = (top: number) =>
      column.length === 0 ? null : ranks.filter((r) => r <= top).length / column.length;
    return {
      locale,
      answered: column.length,
      ranked: ranks.length,
      averageRank: ranks.length === 0 ? null : ranks.reduce((a, b) => a + b, 0) / ranks.length,
      top3: share(3),
      top10: share(10),
    };
  });

  const pivot = {
    target,
    expectsUrl: reading.expected !== null,
    // The same arrays as before while the reading is: the table's rows compare them.
    competitors: reusable ? previous!.competitors : [...competitors],
    locales: reusable ? previous!.locales : [...input.locales],
    rows,
    summaries,
  };
  pivotKeys.set(pivot, key);
  return pivot;
}

/** What the pivot looks for, as typed into its fields. */
function readingOf(input: PivotInput): Reading {
  const target = normalizeDomain(input.target);
  return {
    target,
    expected: input.expectedUrl?.trim() ? pageKey(input.expectedUrl) : null,
    competitors: pivotCompetitors(target, input.competitors ?? []),
  };
}

/**
 * Reads cells' answers as `buildPivot` will, ahead of it (which then finds them read): a view
 * reads a thousand answers in slices, and builds the pivot in one short step after.
 */
export function pivotReader(input: PivotInput): (cell: BatchCell) => void {
  const reading = readingOf(input);
  return (cell) => {
    const state = input.runs[cell.id]?.state;
    if (state !== 'answered' && state !== 'cached') return;
    const answer = input.answer(cell);
    if (answer) ranksIn(answer, cell.params, reading);
  };
}

const hasAnswer = (view: CellView) =>
  view.kind === 'ranked' ||
  view.kind === 'unranked' ||
  view.kind === 'answered' ||
  view.kind === 'cached';

function spreadOf(cells: readonly PivotCell[]): KeywordSpread {
  const answered = cells.filter((c) => hasAnswer(c.view));
  const ranks = answered.flatMap((c) => (c.rank === null ? [] : [c.rank]));
  const best = ranks.length === 0 ? null : Math.min(...ranks);
  const worst = ranks.length === 0 ? null : Math.max(...ranks);
  return {
    best,
    worst,
    range: best === null || worst === null ? null : worst - best,
    unranked: answered.length - ranks.length,
  };
}

/**
 * Domains that rank most often in the answers' top 10 (then best on average), the target and
 * its subdomains left out: the competitors a person would likely pick first.
 */
export function suggestCompetitors(
  cells: readonly BatchCell[],
  runs: CellRuns,
  answer: (cell: BatchCell) => BatchAnswer | undefined,
  target: string,
  count = MAX_COMPETITORS,
): string[] {
  const own = normalizeDomain(target);
  const seen = new Map<string, { times: number; rankSum: number }>();
  for (const cell of cells) {
    const state = runs[cell.id]?.state;
    const found = state === 'answered' || state === 'cached' ? answer(cell) : undefined;
    if (!found) continue;
    const domains = new Map<string, number>();
    for (const r of resultRows(found, cell.params)) {
      // The row's host as it was read with the row (`resultRows` keeps it).
      const domain = r.domain;
      if (!domain || r.rank > 10 || (own && linkOnDomain(r.link, own)) || domains.has(domain))
        continue;
      domains.set(domain, r.rank);
    }
    for (const [domain, rank] of domains) {
      const entry = seen.get(domain) ?? { times: 0, rankSum: 0 };
      seen.set(domain, { times: entry.times + 1, rankSum: entry.rankSum + rank });
    }
  }
  return [...seen]
    .sort(([, a], [, b]) => b.times - a.times || a.rankSum / a.times - b.rankSum / b.times)
    .slice(0, count)
    .map(([domain]) => domain);
}
