import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Waiting } from '@shop/shared/schemas/overview';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** Issue #39 item 2 (decision 180): GET /admin/waiting, what waits on the shop (admin), for the sidebar and Manage All Orders. */
export const getWaiting = (signal?: AbortSignal) => api<Waiting>('/admin/waiting', { auth: true, signal });

/** Quiet when it cannot load (the pages say why); refreshed by every order change and now and then. */
export const waitingQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.waiting,
    queryFn: ({ signal }) => getWaiting(signal),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    meta: { silent: true },
  });

export const useWaiting = (enabled: boolean) => useQuery({ ...waitingQueryOptions(), enabled });

/** What the orders link's badge counts: everything but the messages, which have their own. */
export const ordersWaiting = (w: Waiting | undefined) => (w ? w.toShip + w.returnsToApprove + w.returnsToReceive + w.refundsDue : 0);
