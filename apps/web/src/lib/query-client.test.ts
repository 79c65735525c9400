import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

const FIVE_MINUTES = 5 * 60 * 1000;

/** The moments (fake clock, ms) at which the query function ran, for a query observed like useQuery does. */
async function observe(client: QueryClient, queryFn: () => Promise<unknown>, key = ['spec']) {
  const runs: number[] = [];
  const start = Date.now();
  const observer = new QueryObserver(client, {
    queryKey: key,
    queryFn: () => {
      runs.push(Date.now() - start);
      return queryFn();
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { runs, observer, unsubscribe };
}

describe('data cache and retries follow spec §9', () => {
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(toast, 'error').mockReturnValue('t');
    client = createQueryClient();
  });
  afterEach(() => {
    client.clear();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('a failing query is retried 3 times with a doubling backoff (1, 2, 4 s), then shows its error toast once', async () => {
    const { runs, observer } = await observe(client, () => Promise.reject(new ApiError('Server down', 503)));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual([0, 1_000, 3_000, 7_000]);
    expect(observer.getCurrentResult().status).toBe('error');
    // The toast library loads on demand (lib/toast.ts).
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(toast.error).toHaveBeenCalledWith('Server down');
  });

  it('caps the backoff at 30 s', () => {
    const retryDelay = client.getDefaultOptions().queries!.retryDelay as (attempt: number, error: Error) => number;
    const err = new ApiError('Server down', 503);
    // TanStack Query passes the number of failures so far, from 0.
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => retryDelay(n, err))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('a time-out or an unreachable server is retried like any failure', async () => {
    const { runs } = await observe(client, () => Promise.reject(new ApiError('The shop took too long to answer.', 0, 'TIMEOUT')));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(4);
  });

  it('does not retry a 4xx answer (decision 063)', async () => {
    const { runs } = await observe(client, () => Promise.reject(new ApiError('No such part', 404)));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual([0]);
  });

  it('never retries a mutation', async () => {
    const mutationFn = vi.fn(() => Promise.reject(new ApiError('Server down', 503)));
    const observer = new MutationObserver(client, { mutationFn });
    const done = observer.mutate().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await done).toBeInstanceOf(ApiError);
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });

  it('serves loaded data from the cache for 5 minutes, then loads it again', async () => {
    let version = 0;
    const load = () => Promise.resolve(++version);
    const first = await observe(client, load);
    await vi.advanceTimersByTimeAsync(0);
    expect(first.runs).toEqual([0]);
    first.unsubscribe();

    // A screen that mounts the same query within 5 minutes gets the cached answer without a call.
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES - 1_000);
    const second = await observe(client, load);
    await vi.advanceTimersByTimeAsync(0);
    expect(second.runs).toEqual([]);
    expect(second.observer.getCurrentResult().data).toBe(1);
    second.unsubscribe();

    // After 5 minutes the answer is stale and loaded again.
    await vi.advanceTimersByTimeAsync(1_000);
    const third = await observe(client, load);
    await vi.advanceTimersByTimeAsync(0);
    expect(third.runs).toEqual([0]);
    expect(third.observer.getCurrentResult().data).toBe(2);
    third.unsubscribe();
  });

  it('drops an unused answer from memory after 5 minutes', async () => {
    const first = await observe(client, () => Promise.resolve('cached'));
    await vi.advanceTimersByTimeAsync(0);
    first.unsubscribe();
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES - 1);
    expect(client.getQueryData(['spec'])).toBe('cached');
    await vi.advanceTimersByTimeAsync(1);
    expect(client.getQueryData(['spec'])).toBeUndefined();
  });
});
