import { sql, type SQL } from 'drizzle-orm';

/**
 * Marks the current transaction (set_config(…, true): until it ends) as one
 * whose process announces `payload` itself once it has committed, so the
 * catalogue triggers stay silent for that payload (migration
 * 0014_order-notify-after-commit, decision 143). A NOTIFY inside a
 * transaction makes PostgreSQL serialise its commit with every other
 * notifying commit; one NOTIFY after many commits does not. A transaction
 * that sets the marker must be followed by `CoalescedNotify.request()`,
 * whether it committed or not (when the commit is in doubt, announcing
 * is the safe side).
 */
export const notifyAfterCommitMarker = (payload: string): SQL => sql`set_config('shop.notify_after_commit', ${payload}::text, true)`;

export interface CoalescedNotifyOptions {
  /** Sends the NOTIFY (its own statement, outside any transaction). */
  send: () => Promise<unknown>;
  /** Most one NOTIFY per this many milliseconds: the requests in between ride on the next one. */
  gapMs?: number;
  /** A failed send is retried after this many milliseconds (the change must still reach the others). */
  retryMs?: number;
  onError?: (err: unknown) => void;
}

/**
 * One NOTIFY for many requests (decision 143): the first request starts a
 * short timer, every request until it fires rides on the same NOTIFY, which
 * is sent after the commits it announces. Listeners drop their cache on it,
 * so a late or repeated NOTIFY costs a cache reload, never stale data kept.
 */
export class CoalescedNotify {
  private timer: NodeJS.Timeout | undefined;
  private inflight: Promise<void> | undefined;
  private closed = false;
  private readonly gapMs: number;
  private readonly retryMs: number;
  /** NOTIFYs sent, for tests and diagnosing. */
  sent = 0;

  constructor(private readonly opts: CoalescedNotifyOptions) {
    this.gapMs = opts.gapMs ?? 5;
    this.retryMs = opts.retryMs ?? 1000;
  }

  request(): void {
    if (this.closed || this.timer) return;
    this.schedule(this.gapMs);
  }

  /** Sends what is pending now and stops; used when the app closes. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.fire();
    }
    await this.inflight;
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.fire();
    }, ms);
  }

  private fire(): void {
    const sending = this.opts.send().then(
      () => {
        this.sent++;
      },
      (err: unknown) => {
        this.opts.onError?.(err);
        if (!this.closed && !this.timer) this.schedule(this.retryMs);
      },
    );
    this.inflight = sending;
  }
}
