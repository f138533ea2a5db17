import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
import {
  alertPayload,
  evaluateAlerts,
  type TrackerAlert,
} from '../workspace/trackers/lib/alerts.ts';
import { cellsAnswered, type TrackerRun } from '../workspace/trackers/lib/run.ts';
import { trackerMatrix, type Tracker } from '../workspace/trackers/lib/tracker.ts';
import type { Channel } from './store.ts';

/** The dashboard's rank alerts, and the runner's own about the run itself. */
export type RunnerAlert = Omit<TrackerAlert, 'kind'> & {
  kind: TrackerAlert['kind'] | 'run-failed' | 'run-suspect' | 'budget';
};

/**
 * What a run that ended raises: a failed run (nothing answered) or a suspect one says so and
 * nothing else (its ranks are not to be trusted); otherwise the tracker's rules against the
 * baseline (the newest trustworthy run before it).
 */
export function runAlerts(
  tracker: Tracker,
  run: TrackerRun,
  baseline: TrackerRun | undefined,
): RunnerAlert[] {
  const about = (kind: RunnerAlert['kind'], text: string): RunnerAlert => ({
    id: `${run.id}|run|${kind}`,
    trackerId: tracker.id,
    runId: run.id,
    at: run.startedAt,
    cellId: '',
    kind,
    text,
  });
  if (run.status === 'missed') return [];
  if (cellsAnswered(run) === 0)
    return [about('run-failed', `The run of ${tracker.name} answered no cell.`)];
  if (run.suspect !== undefined)
    return [about('run-suspect', `The run of ${tracker.name} is suspect: ${run.suspect}.`)];
  if (!baseline) return [];
  return evaluateAlerts({
    trackerId: tracker.id,
    rules: tracker.alerts,
    cells: trackerMatrix(tracker).cells,
    previous: baseline,
    current: run,
    target: tracker.target,
    competitors: tracker.competitors,
  });
}

/**
 * The schedule will not last until the plan renews: its runs until then (each at the most it
 * may cost) need more credits than are left. Null when they fit, or when either is unknown.
 */
export function budgetAlert(
  tracker: Tracker,
  run: TrackerRun,
  budget: {
    runsUntilRenewal: number;
    runCost: number;
    creditsLeft: number;
    renewsAt: number;
    /** When the first run the credits cannot pay is due. */
    runsOutAt: number;
  },
): RunnerAlert | null {
  const need = budget.runsUntilRenewal * budget.runCost;
  if (need <= budget.creditsLeft) return null;
  const renews = new Date(budget.renewsAt).toISOString().slice(0, 10);
  // The forecast is the day the credits run out (the first run they cannot pay): while it
  // holds, the alert keeps its id and goes out once a month per tracker; a day that moves (a
  // run that cost more, credits bought, another schedule) is news again.
  const month = new Date(run.startedAt).toISOString().slice(0, 7);
  const runsOut = new Date(budget.runsOutAt).toISOString().slice(0, 10);
  return {
    id: `${tracker.id}|budget|${month}|${runsOut}`,
    trackerId: tracker.id,
    runId: run.id,
    at: run.startedAt,
    cellId: '',
    kind: 'budget',
    text: `The budget will not last: ${budget.runsUntilRenewal} runs of ${tracker.name} until the plan renews (${renews}) need up to ${need} credits; ${budget.creditsLeft} are left.`,
  };
}

/** The signature header's value: HMAC-SHA256 of the exact body bytes, hex, with the secret. */
export const signBody = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export const SIGNATURE_HEADER = 'x-runner-signature';

const TIMEOUT_MS = 15_000;

async function post(url: string, body: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers,
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: 'manual',
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
}

/** Sends the alerts to one channel; throws what went wrong (the caller records it). */
export async function deliver(
  channel: Channel,
  tracker: Tracker,
  alerts: readonly RunnerAlert[],
): Promise<void> {
  const payload = alertPayload(tracker, alerts);
  const lines = alerts.map((a) => `• ${a.text}`).join('\n');
  const title = `${tracker.name}: ${alerts.length} alert${alerts.length === 1 ? '' : 's'}`;
  switch (channel.kind) {
    case 'webhook': {
      const body = JSON.stringify(payload);
      return post(channel.url, body, {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signBody(body, channel.secret),
      });
    }
    case 'ntfy':
      // ntfy's publish API: the message is the body, the title a header (ASCII only there).
      return post(channel.url, lines, {
        'content-type': 'text/plain; charset=utf-8',
        title: title.replace(/[^\x20-\x7e]/g, '?'),
      });
    case 'email': {
      const transport = nodemailer.createTransport(channel.smtp);
      try {
        await transport.sendMail({
          from: channel.from,
          to: channel.to,
          subject: title,
          text: lines,
        });
      } finally {
        transport.close();
      }
    }
  }
}

/** A channel as logs and lists may name it: never its secret or an SMTP password. */
export function channelLabel(channel: Channel): string {
  const host = (url: string) => {
    try {
      return new URL(url).host;
    } catch {
      return '?';
    }
  };
  return channel.kind === 'email'
    ? `email to ${channel.to} via ${host(channel.smtp)}`
    : `${channel.kind} ${host(channel.url)}`;
}
