import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { testQueryClient } from '../../../testing/render-with-providers';
import { cartQueryOptions, useMergeCart } from './cart';

const cart = (lines: number) => ({
  lines: Array.from({ length: lines }, (_, i) => ({ productId: `p${i}`, quantity: 5 })),
  total: lines * 10,
});

/**
 * The journey-cart flake: right after sign-in the navbar reads the account's cart while the browser cart merges
 * into it. The read left before the merge was done, and its answer (no lines) landed after the merge's and showed
 * "Cart, 0 lines". A cart write now cancels a read still on its way before it sets the cart it answered.
 */
describe('a cart write and a read of the cart at the same moment', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the write’s cart when an older read answers later', async () => {
    let answerRead: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.endsWith('/api/cart/merge')) return Promise.resolve(Response.json(cart(1)));
        // The read: answers only when the test says so, with the cart as it was before the merge.
        return new Promise<Response>((resolve, reject) => {
          answerRead = resolve;
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }),
    );
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const read = client.fetchQuery(cartQueryOptions).catch(() => null);
    const { result } = renderHook(() => useMergeCart(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ lines: [{ productId: 'p0', quantity: 5 }] });
    });
    answerRead(Response.json(cart(0)));
    await read;
    await waitFor(() => expect(client.getQueryData<ReturnType<typeof cart>>(cartQueryOptions.queryKey)?.lines).toHaveLength(1));
  });
});
