import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CoalescedNotify } from '../src/db/notify-after-commit';

/** The order path's announcement of stock changes (decision 143): one NOTIFY for a burst of orders. */
describe('CoalescedNotify', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends one NOTIFY for a burst of requests, a few milliseconds after the first', async () => {
    const send = vi.fn(async () => {});
    const notify = new CoalescedNotify({ send, gapMs: 5 });
    for (let i = 0; i < 50; i++) notify.request();
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5);
    expect(send).toHaveBeenCalledTimes(1);
    expect(notify.sent).toBe(1);
  });

  it('sends again for a request that comes after the last NOTIFY left, never dropping it', async () => {
    const send = vi.fn(async () => {});
    const notify = new CoalescedNotify({ send, gapMs: 5 });
    notify.request();
    await vi.advanceTimersByTimeAsync(5);
    notify.request();
    await vi.advanceTimersByTimeAsync(5);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('retries a NOTIFY that failed (the change must still reach the other processes)', async () => {
    let fail = true;
    const send = vi.fn(async () => {
      if (fail) throw new Error('connection lost');
    });
    const onError = vi.fn();
    const notify = new CoalescedNotify({ send, gapMs: 5, retryMs: 1000, onError });
    notify.request();
    await vi.advanceTimersByTimeAsync(5);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(notify.sent).toBe(0);
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(notify.sent).toBe(1);
  });

  it('sends a pending request at once when closed, and nothing after', async () => {
    const send = vi.fn(async () => {});
    const notify = new CoalescedNotify({ send, gapMs: 5 });
    notify.request();
    await notify.close();
    expect(send).toHaveBeenCalledTimes(1);
    notify.request();
    await vi.advanceTimersByTimeAsync(50);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
