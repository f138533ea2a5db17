import { ENDPOINTS, type EndpointId } from '../api/endpoints.ts';

/**
 * The built-in tour (issue #25): a demo script the sandbox ships, one step per view with a
 * caption that says what the view is for. Its answers are the sandbox's own, made when the
 * file is asked for (GET /_sandbox/tour), so the tour always matches the views' data; the
 * app reads it like any script file (workspace/demos/demo-file.ts: a test reads this one).
 */
export interface TourStep {
  endpoint: EndpointId;
  params: Record<string, string>;
  title: string;
  caption: string;
}

/**
 * The tour's batch step: a batch as its file holds it (workspace/runs/lib/definition.ts reads
 * it), shown in the batch view's form with its price. No answers: a batch's are many.
 */
export const TOUR_BATCH = {
  title: 'Batch: many queries × locales in one run',
  caption:
    'Queries × locales, one request per cell, priced before the first request with a cap you set. Answers are kept as they arrive, and a pivot shows where a domain ranks in each market.',
  batch: {
    kind: 'web-data-dashboard.batch',
    version: 1,
    endpoint: 'search',
    rows: ['espresso machines', 'milk frother', 'coffee grinder', 'pour over kettle'].map(
      (query) => ({ query, params: {} }),
    ),
    locales: [
      { country: 'us', language: 'en' },
      { country: 'gb', language: 'en' },
      { country: 'de', language: 'de' },
    ],
    cap: 20,
    target: 'example.com',
  },
};

export const TOUR_STEPS: readonly TourStep[] = [
  {
    endpoint: 'search',
    params: { query: 'espresso machines' },
    title: 'Search: what the engine ranks for a query',
    caption:
      'Organic results with their rank, page and snippet. Filter them, spotlight a domain, compare two locales, and see the cost before you press Search.',
  },
  {
    endpoint: 'shorts',
    params: { query: 'latte art' },
    title: 'Shorts: short videos for a query',
    caption:
      'Short-video results with previews, channels and durations; load more pages as you go, each priced before it is asked for.',
  },
  {
    endpoint: 'autocomplete',
    params: { query: 'coffee gr' },
    title: 'Autocomplete: what people type next',
    caption:
      'Suggestions as the engine completes a prefix, with live typing, keyword expansion and locale comparison for research.',
  },
  {
    endpoint: 'realty',
    params: { url: 'https://www.realty.example/homes/seattle-wa_rb/' },
    title: 'Realty: listings of a search page on a map',
    caption:
      'Every listing of a real-estate search on an offline map, with filters, statistics and exports; thousands of listings stay smooth.',
  },
  {
    endpoint: 'screenshot',
    params: { url: 'https://example.com/' },
    title: 'Screenshot: a page as an image',
    caption:
      'A capture of any page at a chosen size and format, with presets, full-page captures and a download of the real image bytes.',
  },
  {
    endpoint: 'account',
    params: {},
    title: 'Account: credits at a glance',
    caption:
      'Credits left, plan, renewal and concurrency, with what this session spent per endpoint and a warning threshold you choose.',
  },
  {
    endpoint: 'webhook',
    params: { url: 'https://example.com/pricing', webhook_id: 'orders' },
    title: 'Webhooks: jobs delivered to your server',
    caption:
      'Submit a scrape job; the service posts the result to your webhook. Submissions are confirmed first, and their deliveries are listed here.',
  },
];

type Answer =
  { kind: 'json'; body: unknown } | { kind: 'bytes'; body: Uint8Array; contentType: string };

/** The tour's file: each step's answer as `answerOf` (the sandbox's own) gives it. */
export async function tourFile(
  answerOf: (endpoint: EndpointId, params: Record<string, string>) => Promise<Answer>,
  now = new Date(),
) {
  const savedAt = now.toISOString();
  const steps = [];
  for (const step of TOUR_STEPS) {
    const answer = await answerOf(step.endpoint, step.params);
    const response =
      answer.kind === 'json'
        ? { status: 200, contentType: 'application/json', body: answer.body }
        : {
            status: 200,
            contentType: answer.contentType,
            base64: Buffer.from(answer.body).toString('base64'),
          };
    steps.push({
      title: step.title,
      caption: step.caption,
      snapshot: {
        kind: 'web-data-dashboard.snapshot',
        version: 1,
        savedAt,
        request: { endpoint: ENDPOINTS[step.endpoint].id, params: step.params },
        response,
      },
    });
  }
  return {
    kind: 'web-data-dashboard.demo',
    version: 1,
    name: 'Tour of the dashboard',
    savedAt,
    steps: [...steps, TOUR_BATCH],
  };
}
