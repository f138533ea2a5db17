/** Where a capped run stands: what still waits, the cap now, and whether it is paused. */
export interface QueueState {
  waiting: number;
  active: number;
  limit: number;
  /** When the queue resumes by itself (epoch ms), or null while it is not paused. */
  pausedUntil: number | null;
}

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
}

/**
 * Items run through a concurrency cap, in order, pausing on refusals. The view's requests
 * stay in the query cache; this only decides when each one is sent.
 */
export class RunQueue<T> {
  private readonly waiting: T[];
  private active = 0;
  private limit: number;
  private strikes = 0;
  private pausedUntil: number | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private readonly options: RunQueueOptions<T>;

  constructor(items: readonly T[], options: RunQueueOptions<T>) {
    this.options = options;
    this.waiting = [...items];
    this.limit = Math.max(1, Math.floor(options.limit));
  }

  /** Sends what the cap allows now. */
  pump(): void {
    if (this.stopped) return;
    while (this.pausedUntil === null && this.active < this.limit && this.waiting.length > 0) {
      const item = this.waiting.shift()!;
      const started = this.options.start(item);
      if (!started) continue;
      this.active += 1;
      started.then(
        () => this.settle(item, null),
        (error: unknown) => this.settle(item, error),
      );
    }
    this.report();
  }

  /** Drops what waits; what is in flight is the caller's to abort. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.options.onChange(null);
  }

  private settle(item: T, error: unknown): void {
    this.active -= 1;
    if (this.stopped) return;
    if (error !== null && this.options.isRefusal(error)) {
      this.waiting.unshift(item);
      this.limit = Math.max(1, this.limit - 1);
      this.strikes += 1;
      if (this.pausedUntil === null) {
        const base = this.options.pauseMs ?? 2_000;
        const wait = Math.min(base * 2 ** (this.strikes - 1), this.options.maxPauseMs ?? 30_000);
        this.pausedUntil = Date.now() + wait;
        this.timer = setTimeout(() => {
          this.pausedUntil = null;
          this.pump();
        }, wait);
      }
    } else {
      this.strikes = 0;
    }
    this.pump();
  }

  private report(): void {
    this.options.onChange(
      this.waiting.length > 0 || this.active > 0
        ? {
            waiting: this.waiting.length,
            active: this.active,
            limit: this.limit,
            pausedUntil: this.pausedUntil,
          }
        : null,
    );
  }
}
