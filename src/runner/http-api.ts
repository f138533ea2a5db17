import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { parseTrackers, serializeTrackers } from '../workspace/trackers/lib/tracker-file.ts';
import { runForMovers } from '../workspace/trackers/lib/latest-movers.ts';
import { MAX_CELL_PAGE, MAX_RUN_PAGE } from '../workspace/trackers/lib/runner-pages.ts';
import type { RunnerSchedule } from '../workspace/trackers/lib/runner-schedule.ts';
import { trackerMatrix } from '../workspace/trackers/lib/tracker.ts';
import type { Runner } from './runner.ts';
import { importTracker } from './runner.ts';
import {
  DEFAULT_SETTINGS,
  findTracker,
  lastRunSummaries,
  listTrackers,
  loadAlerts,
  loadCutFirstPage,
  loadRunPage,
  loadRuns,
} from './store.ts';

/** The header the dashboard's proxy forwards the runner token in (held like the API key). */
export const RUNNER_TOKEN_HEADER = 'x-runner-token';

/** Trackers files are small; a larger body is refused before it is read whole. */
const MAX_BODY_BYTES = 20 * 1024 * 1024;

const sameToken = (given: string, token: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

function reply(
  res: ServerResponse,
  status: number,
  body: string,
  type = 'text/plain; charset=utf-8',
) {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * What the dashboard reads from a runner, under `/runner/` (its dev/preview proxy forwards the
 * path as is): every tracker with its runs as one trackers file (the format the Trackers view
 * imports, so it shows them with its own components), the alerts it raised (newest first, with
 * each channel's outcome), each tracker's schedule as the runner keeps it (its next due, which
 * the trackers file does not carry: decision 089), and a tracker moved in from the
 * dashboard (POST the same file; never a key: the file has none). Every request needs the
 * runner token; nothing here reveals the key or sends a request upstream.
 */
export async function handle(
  runner: Runner,
  token: string,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const given = req.headers[RUNNER_TOKEN_HEADER];
  if (typeof given !== 'string' || !sameToken(given, token))
    return reply(res, 401, 'A runner token is needed.');
  const url = new URL(req.url ?? '/', 'http://runner');
  const path = url.pathname;
  if (path === '/runner/trackers' && req.method === 'GET') {
    // `?runs=none`: the trackers alone, for the list; their runs come a page at a time.
    const withRuns = url.searchParams.get('runs') !== 'none';
    const entries = [];
    for (const { tracker } of await listTrackers(runner.db))
      entries.push({
        tracker,
        runs: withRuns
          ? (await loadRuns(runner.db, tracker.id)).filter((r) => r.status !== 'running')
          : [],
      });
    if (entries.length === 0) return reply(res, 204, '');
    return reply(res, 200, serializeTrackers(entries), 'application/json');
  }
  if (path === '/runner/runs' && req.method === 'GET') return replyRunPage(runner, url, res);
  if (path === '/runner/last-runs' && req.method === 'GET')
    return reply(res, 200, JSON.stringify(await lastRunSummaries(runner.db)), 'application/json');
  if (path === '/runner/schedules' && req.method === 'GET') {
    const schedules: RunnerSchedule[] = (await listTrackers(runner.db)).map((t) => ({
      id: t.tracker.id,
      nextDue: t.nextDue,
      cron: t.settings.cron,
      timeZone: t.settings.timeZone,
    }));
    return reply(res, 200, JSON.stringify(schedules), 'application/json');
  }
  if (path === '/runner/alerts' && req.method === 'GET')
    return reply(res, 200, JSON.stringify(await loadAlerts(runner.db)), 'application/json');
  if (path === '/runner/trackers' && req.method === 'POST') {
    const body = await readBody(req);
    if (body === null) return reply(res, 413, 'The trackers file is too large.');
    const read = parseTrackers(body);
    if ('errors' in read) return reply(res, 400, read.errors.join('\n'));
    const added: string[] = [];
    for (const entry of read.entries) {
      // Moved in again: the runner's own settings (schedule, channels, floor) stay.
      const kept = await findTracker(runner.db, entry.tracker.id);
      await importTracker(runner, entry, kept?.settings ?? DEFAULT_SETTINGS);
      added.push(entry.tracker.name);
    }
    return reply(res, 201, JSON.stringify({ added }), 'application/json');
  }
  return reply(res, 404, 'Not a runner path.');
}

/**
 * `GET /runner/runs?tracker=ID&limit=N[&cursor=C][&cell=CELL][&cut=movers]`: a page of a
 * tracker's runs, newest first (`loadRunPage`), as `{ runs, older, cursor }`: the Trackers view
 * draws its first rows and movers from the first page and asks for older ones on demand
 * (decision 091). With `cell`, each run carries that keyword × locale's cell alone: a keyword's
 * chart reads its own history, not every run whole (decision 096). With `cut=movers`, each
 * answered cell keeps the target's best result alone, what the runs table and the movers read
 * (decision 107): the first screen waits for a tenth of the bytes; the whole page follows.
 * The first page cut so is stored when a run ends and sent as stored (decision 122).
 */
async function replyRunPage(runner: Runner, url: URL, res: ServerResponse) {
  const trackerId = url.searchParams.get('tracker') ?? '';
  const cellId = url.searchParams.get('cell');
  const most = cellId === null ? MAX_RUN_PAGE : MAX_CELL_PAGE;
  const limit = Number(url.searchParams.get('limit') ?? most);
  if (!Number.isInteger(limit) || limit < 1 || limit > most)
    return reply(res, 400, `limit is a whole number from 1 to ${most}.`);
  const found = await findTracker(runner.db, trackerId);
  if (!found) return reply(res, 400, 'No such tracker on the runner.');
  if (cellId !== null && !trackerMatrix(found.tracker).cells.some((c) => c.id === cellId))
    return reply(res, 400, 'No such keyword and locale in this tracker.');
  const cut = url.searchParams.get('cut');
  if (cut !== null && (cut !== 'movers' || cellId !== null))
    return reply(res, 400, 'cut is movers, and only for whole runs (no cell).');
  const cursor = url.searchParams.get('cursor');
  // The first screen's page, as stored when the last run ended (decision 122).
  if (cut !== null && cursor === null)
    return reply(
      res,
      200,
      await loadCutFirstPage(runner.db, found.tracker, limit),
      'application/json',
    );
  const page = await loadRunPage(runner.db, trackerId, limit, cursor, cellId);
  if (!page) return reply(res, 400, 'That cursor does not name a run of this tracker.');
  const target = found.tracker.target;
  const runs = cut === null ? page.runs : page.runs.map((run) => runForMovers(run, target));
  return reply(res, 200, JSON.stringify({ ...page, runs }), 'application/json');
}

/** Serves the dashboard's API on loopback (RUNNER_PORT); the dashboard's proxy is in front. */
export function serveApi(
  runner: Runner,
  token: string,
  port: number,
  host = '127.0.0.1',
): Promise<Server> {
  const server = createServer((req, res) => {
    handle(runner, token, req, res).catch((error: unknown) =>
      reply(res, 500, (error as Error).message),
    );
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
