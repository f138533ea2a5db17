/** Why a queue holds what waits until `resume()`: the user paused it, the spend cap, or a failure every request would meet. */
export type QueueHold = 'paused' | 'cap' | 'fatal';

/** Where a capped run stands: what still waits, the cap now, and whether it is paused. */
export interface QueueState {
  waiting: number;
  active: number;
  limit: number;
  /** When the queue resumes by itself (epoch ms), or null while it is not paused. */
  pausedUntil: number | null;
  /** Why nothing new starts until `resume()`; null while the queue sends what waits. */
  held: QueueHold | null;
  /** Settled with an answer. */
  done: number;
  /** Settled with a failure that is final (not refused, not retried). */
  failed: number;
  /** Credits counted for what settled and was, or may have been, charged (its cost at its start). */
  spent: number;
  /** Credits counted for what is in flight: held against the cap until it settles. */
  reserved: number;
  /** What the waiting items would cost (shown when the cap stops the run). */
  waitingCost: number;
  /** The spend cap in credits, or null without one. */
  cap: number | null;
  /** Mean time from start to settle of the last answers (ms), or null before the first one. */
  meanLatencyMs: number | null;
  /** How long what is left should take at that latency and this limit, or null without a sample. */
  etaMs: number | null;
}

/** What became of one started item, as `onSettle` reports it. */
export type Settled =
  | { kind: 'done' }
  /** Final. `charged`: its counted cost stays spent (the failure was, or may have been, charged). */
  | { kind: 'failed'; error: unknown; charged: boolean }
  /** Back in the queue: refused (nothing was done) or a free request's retry after `delayMs`. */
  | { kind: 'again'; error: unknown; why: 'refused' | 'retry'; delayMs: number }
  /** Refused after `cancel()`: it was not done and is not sent again. */
  | { kind: 'dropped'; error: unknown };

export interface RunQueueOptions<T> {
  /** At most this many in flight at once. */
  limit: number;
  /** Starts one item; null when there is nothing to send for it (already answered or running). */
  start: (item: T) => Promise<unknown> | null;
  /**
   * A failure that means "too many at once, nothing was done" (a 429): the item goes back to
   * the front, the cap drops by one and the queue pauses before it resumes by itself.
   */
  isRefusal: (error: unknown) => boolean;
  onChange: (state: QueueState | null) => void;
  /** The first pause; each further refusal in a row doubles it, up to `maxPauseMs`. */
  pauseMs?: number;
  maxPauseMs?: number;
  /** How long a refusal asks to wait (its Retry-After, in ms); the backoff when undefined. */
  refusalWaitMs?: (error: unknown) => number | undefined;
  /**
   * Credits sending the item may spend, read just before it starts (so a cost measured meanwhile
   * counts): 0 when it would be answered without a request.
   */
  cost?: (item: T) => number;
  /** No item starts while what is spent, what is in flight and its cost would pass this. */
  cap?: number | null;
  /** Whether a final failure spent its counted cost; true when not given (it may have been charged). */
  charged?: (error: unknown) => boolean;
  /**
   * How long to wait before the `attempt`-th retry of a failed item (1 for the first), or null
   * for none: the caller decides what may be retried (never a paid request).
   */
  retryDelayMs?: (item: T, error: unknown, attempt: number) => number | null;
  /** A failure that every other request would meet too (a wrong key, no credits): hold the queue. */
  isFatal?: (error: unknown) => boolean;
  onSettle?: (item: T, settled: Settled) => void;
}

/** Latency samples kept for the mean: recent enough to follow a change of pace. */
const LATENCY_SAMPLES = 20;

/** What is left, run `limit` at a time at the mean latency (ms); 0 when nothing is left. */
export function estimateRemainingMs(left: number, limit: number, meanLatencyMs: number): number {
  if (left <= 0) return 0;
  return Math.round((left * meanLatencyMs) / Math.max(1, Math.min(limit, left)));
}

const OK = Symbol('ok');

/**
 * Items run through a concurrency cap, in order, pausing on refusals. The view's requests
 * stay in the query cache; this only decides when each one is sent.
 *
 * With a spend cap, each start is checked first: what settled charged, what is in flight (at
 * its full cost, as if it will be charged) and the item's own cost must stay within the cap.
 * When they would not, the queue waits while a request in flight might still free its credits
 * (a failure that was not charged), and otherwise holds with `held: 'cap'`, so the run never
 * spends past the cap however its requests end.
 */
export class RunQueue<T> {
  private readonly waiting: T[];
  private active = 0;
  private limit: number;
  private strikes = 0;
  private pausedUntil: number | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private cancelled = false;
  private held: QueueHold | null = null;
  private cap: number | null;
  private done = 0;
  private failed = 0;
  private spent = 0;
  private reserved = 0;
  private readonly latencies: number[] = [];
  private readonly attempts = new Map<T, number>();
  /** Items waiting out a retry's delay (they count as waiting). */
  private readonly retrying = new Map<ReturnType<typeof setTimeout>, T>();
  private readonly options: RunQueueOptions<T>;

  constructor(items: readonly T[], options: RunQueueOptions<T>) {
    this.options = options;
    this.waiting = [...items];
    this.limit = Math.max(1, Math.floor(options.limit));
    this.cap = options.cap ?? null;
  }

  /** Sends what the cap allows now. */
  pump(): void {
    if (this.stopped) return;
    while (
      this.held === null &&
      this.pausedUntil === null &&
      this.active < this.limit &&
      this.waiting.length > 0
    ) {
      const item = this.waiting[0]!;
      const cost = this.costOf(item);
      if (this.cap !== null && this.spent + this.reserved + cost > this.cap) {
        // Only a request in flight that ends uncharged could still make room.
        if (this.active === 0) this.held = 'cap';
        break;
      }
      this.waiting.shift();
      const started = this.options.start(item);
      if (!started) continue;
      this.active += 1;
      this.reserved += cost;
      const at = Date.now();
      started.then(
        () => this.settle(item, cost, at, OK),
        (error: unknown) => this.settle(item, cost, at, error),
      );
    }
    this.report();
  }

  /** Nothing new starts until `resume()`; requests in flight finish. */
  pause(): void {
    if (this.stopped || this.cancelled) return;
    this.held = 'paused';
    this.report();
  }

  /** Sends again after a pause, a stop at the cap (raise it first with `setCap`) or a fatal failure. */
  resume(): void {
    if (this.stopped || this.cancelled) return;
    this.held = null;
    this.pump();
  }

  /** Changes the spend cap (null for none); what waits is checked against it from now on. */
  setCap(cap: number | null): void {
    this.cap = cap;
    this.report();
  }

  /** Changes how many may be in flight at once (at least one); a lower limit lets running ones finish. */
  setLimit(limit: number): void {
    this.limit = Math.max(1, Math.floor(limit));
    this.pump();
  }

  /**
   * Drops what waits and returns it (never sent); requests in flight finish and are counted,
   * and one refused now is dropped rather than sent again.
   */
  cancel(): T[] {
    if (this.stopped) return [];
    this.cancelled = true;
    this.held = null;
    clearTimeout(this.timer);
    this.pausedUntil = null;
    const left = [...this.waiting.splice(0), ...this.retrying.values()];
    for (const timer of this.retrying.keys()) clearTimeout(timer);
    this.retrying.clear();
    this.report();
    return left;
  }

  /** Drops what waits; what is in flight is the caller's to abort. Nothing is reported after it. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const timer of this.retrying.keys()) clearTimeout(timer);
    this.retrying.clear();
    this.options.onChange(null);
  }

  /** The next `n` items to start, in the order they will start (a refused one comes first). */
  upcoming(n: number): T[] {
    return this.waiting.slice(0, Math.max(0, n));
  }

  /** Where the run stands now (also once it is over). */
  state(): QueueState {
    const left = this.waiting.length + this.retrying.size + this.active;
    const mean =
      this.latencies.length === 0
        ? null
        : this.latencies.reduce((a, b) => a + b, 0) / this.latencies.length;
    return {
      waiting: this.waiting.length + this.retrying.size,
      active: this.active,
      limit: this.limit,
      pausedUntil: this.pausedUntil,
      held: this.held,
      done: this.done,
      failed: this.failed,
      spent: this.spent,
      reserved: this.reserved,
      waitingCost: [...this.waiting, ...this.retrying.values()].reduce(
        (sum, item) => sum + this.costOf(item),
        0,
      ),
      cap: this.cap,
      meanLatencyMs: mean === null ? null : Math.round(mean),
      etaMs: mean === null ? null : estimateRemainingMs(left, this.limit, mean),
    };
  }

  private costOf(item: T): number {
    return Math.max(0, this.options.cost?.(item) ?? 0);
  }

  private settle(item: T, cost: number, startedAt: number, outcome: unknown): void {
    this.active -= 1;
    this.reserved -= cost;
    if (this.stopped) return;
    if (outcome === OK) {
      this.strikes = 0;
      this.done += 1;
      this.spent += cost;
      this.sample(startedAt);
      this.options.onSettle?.(item, { kind: 'done' });
    } else if (this.options.isRefusal(outcome)) {
      this.refused(item, outcome);
    } else {
      this.strikes = 0;
      this.sample(startedAt);
      this.failedWith(item, cost, outcome);
    }
    this.pump();
  }

  private refused(item: T, error: unknown): void {
    if (this.cancelled) {
      this.options.onSettle?.(item, { kind: 'dropped', error });
      return;
    }
    this.waiting.unshift(item);
    this.limit = Math.max(1, this.limit - 1);
    this.strikes += 1;
    const base = this.options.pauseMs ?? 2_000;
    const backoff = Math.min(base * 2 ** (this.strikes - 1), this.options.maxPauseMs ?? 30_000);
    const wait = this.options.refusalWaitMs?.(error) ?? backoff;
    this.options.onSettle?.(item, { kind: 'again', error, why: 'refused', delayMs: wait });
    // One pause at a time: refusals of requests that were already in flight join it.
    if (this.pausedUntil !== null) return;
    this.pausedUntil = Date.now() + wait;
    this.timer = setTimeout(() => {
      this.pausedUntil = null;
      this.pump();
    }, wait);
  }

  private failedWith(item: T, cost: number, error: unknown): void {
    const charged = this.options.charged?.(error) ?? true;
    if (charged) this.spent += cost;
    const fatal = this.options.isFatal?.(error) ?? false;
    const attempt = (this.attempts.get(item) ?? 0) + 1;
    const delay =
      fatal || this.cancelled ? null : (this.options.retryDelayMs?.(item, error, attempt) ?? null);
    if (delay === null) {
      this.failed += 1;
      this.options.onSettle?.(item, { kind: 'failed', error, charged });
    } else {
      this.attempts.set(item, attempt);
      this.options.onSettle?.(item, { kind: 'again', error, why: 'retry', delayMs: delay });
      const timer = setTimeout(() => {
        this.retrying.delete(timer);
        this.waiting.unshift(item);
        this.pump();
      }, delay);
      this.retrying.set(timer, item);
    }
    if (fatal) this.held = 'fatal';
  }

  private sample(startedAt: number): void {
    this.latencies.push(Math.max(0, Date.now() - startedAt));
    if (this.latencies.length > LATENCY_SAMPLES) this.latencies.shift();
  }

  private report(): void {
    const busy = this.waiting.length > 0 || this.retrying.size > 0 || this.active > 0;
    this.options.onChange(busy ? this.state() : null);
  }
}
