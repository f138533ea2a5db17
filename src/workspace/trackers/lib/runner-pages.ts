/**
 * How many runs one answer of the runner's `GET /runner/runs` may hold. The runner
 * (src/runner/http-api.ts) refuses more, the Trackers view asks for no more: one constant for
 * both sides, here because the server module imports `node:http` and the browser cannot.
 */

/** A page of runs holds at most this many (a run of a thousand cells is about a MB of JSON). */
export const MAX_RUN_PAGE = 20;

/**
 * A page of one keyword's runs (`cell=`) holds at most this many: a run's one cell is a few kB,
 * so a year of daily runs is one answer, where the runs whole would be a page of twenty.
 */
export const MAX_CELL_PAGE = 366;

/**
 * The first page the Trackers view asks for (no cursor): the newest run and the runs back to its
 * baseline (two at most, unless suspect runs lie between; decision 091). The runner stores this
 * page cut to the movers when a run ends (decision 122), and the prerendered page's head asks
 * for it (src/prerender/runner-ahead.ts: `limit=2`).
 */
export const FIRST_RUN_PAGE = 2;
