import { createRng } from './random.ts';

/** How long after a submission the sandbox "delivers" the job's result (a scrape takes a while). */
export const DEFAULT_DELIVERY_DELAY_MS = 1_500;

/** What the sandbox POSTs for a job: the live payload's shape is not documented, so this is ours. */
export interface DeliveryPayload {
  sid: string;
  webhook_id: string;
  url: string;
  dynamic: boolean;
  status: 'done';
  scraped_at: string;
  /** The scraped page as text (HTML): the dashboard shows it as text, never renders it. */
  body: string;
}

export interface Delivery {
  sid: string;
  submittedAt: string;
  deliveredAt: string;
  latencyMs: number;
  payload: DeliveryPayload;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

/** A small, repeatable page for a URL, standing in for what the service would scrape. */
function scrapedPage(url: string, dynamic: boolean): string {
  const rng = createRng(`webhook-page|${url}`);
  let host = url;
  try {
    host = new URL(url).hostname;
  } catch {
    // The catalogue validated the URL already; keep the text as it came otherwise.
  }
  const words = ['pricing', 'news', 'about', 'careers', 'docs', 'blog', 'support', 'contact'];
  const links = Array.from({ length: rng.int(2, 5) }, () => rng.pick(words));
  return [
    '<!doctype html><html><head>',
    `<title>${escapeHtml(host)}</title></head><body>`,
    `<h1>${escapeHtml(host)}</h1>`,
    `<p>${dynamic ? 'Rendered with JavaScript. ' : ''}Scraped by the sandbox for ${escapeHtml(url)}.</p>`,
    ...links.map((w) => `<a href="/${w}">${w}</a>`),
    '</body></html>',
  ].join('\n');
}

/**
 * The sandbox's stand-in for the webhook the account owner configures on the service's
 * dashboard: each job is "delivered" here after a short delay, and the dashboard (sandbox
 * mode only) polls `GET /_sandbox/inbox` to show deliveries as they arrive.
 */
/** A job as the sandbox recorded it when it was submitted. */
export interface RecordedJob {
  sid: string;
  submittedAt: string;
  params: Record<string, string>;
}

/**
 * A notice the dashboard itself posted (a tracker's alert): the inbox stands in for the
 * owner's webhook endpoint, to show that a notice would be delivered.
 */
export interface PostedNotice {
  receivedAt: string;
  /** What the dashboard sent: checked to be a JSON object, kept as it came. */
  payload: Record<string, unknown>;
}

/** Most notices kept, the oldest dropped first. */
const MAX_NOTICES = 200;

export class WebhookInbox {
  /** Every job submitted since the last reset (newest last), delivered or not. */
  jobs: RecordedJob[] = [];
  deliveries: Delivery[] = [];
  notices: PostedNotice[] = [];
  delayMs = DEFAULT_DELIVERY_DELAY_MS;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  /** Delivers a submitted job after `delayMs`. */
  schedule(sid: string, params: Record<string, string>): void {
    const submitted = Date.now();
    this.jobs.push({ sid, submittedAt: new Date(submitted).toISOString(), params: { ...params } });
    if (this.jobs.length > 200) this.jobs.splice(0, this.jobs.length - 200);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const delivered = Date.now();
      const url = params.url ?? '';
      const dynamic = params.dynamic === 'true';
      this.deliveries.push({
        sid,
        submittedAt: new Date(submitted).toISOString(),
        deliveredAt: new Date(delivered).toISOString(),
        latencyMs: delivered - submitted,
        payload: {
          sid,
          webhook_id: params.webhook_id ?? '',
          url,
          dynamic,
          status: 'done',
          scraped_at: new Date(delivered).toISOString(),
          body: scrapedPage(url, dynamic),
        },
      });
      if (this.deliveries.length > 200) this.deliveries.splice(0, this.deliveries.length - 200);
    }, this.delayMs);
    // A pending delivery must not keep a test run or `npm run sandbox` alive on exit.
    (timer as { unref?: () => void }).unref?.();
    this.timers.add(timer);
  }

  /** Receives a notice the dashboard posts (an alert). */
  receive(payload: Record<string, unknown>): PostedNotice {
    const notice = { receivedAt: new Date().toISOString(), payload };
    this.notices.push(notice);
    if (this.notices.length > MAX_NOTICES)
      this.notices.splice(0, this.notices.length - MAX_NOTICES);
    return notice;
  }

  /** Forgets every delivery and drops the ones still on their way. */
  reset(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.jobs = [];
    this.deliveries = [];
    this.notices = [];
    this.delayMs = DEFAULT_DELIVERY_DELAY_MS;
  }
}
