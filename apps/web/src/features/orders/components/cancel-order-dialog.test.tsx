import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { toastsCopy } from '@shop/shared/copy/toasts';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';
import { checkoutPurchase, singlePurchase } from '../../../testing/purchases';
import { CancelOrderDialog } from './cancel-order-dialog';
import { DeliverOrderDialog } from './deliver-order-dialog';

function serve() {
  return fakeApi((req) => {
    if (req.method === 'DELETE' && req.path.startsWith('/api/orders/')) return { status: 200, body: { deletedCount: 1 } };
    if (req.method === 'PATCH' && req.path.startsWith('/api/paidorders/')) return { status: 200, body: {} };
    return notFound(req);
  });
}

describe('cancelling and delivering a whole order (issue #24)', () => {
  it("cancels a lone order with the spec's texts and one DELETE", async () => {
    const { calls } = serve();
    const onClose = vi.fn();
    renderWithProviders(<CancelOrderDialog order={singlePurchase()} onClose={onClose} />);
    expect(await screen.findByRole('dialog', { name: 'Are you sure? Cancel order for Chain kit 520' })).toBeTruthy();
    expect(screen.getByText(orderFlowCopy.cancelHint(5))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: orderFlowCopy.confirmCancelButton }));
    expect(await screen.findByText(toastsCopy.deleteSuccess)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/orders/s1']);
    expect(onClose).toHaveBeenCalled();
  });

  it('cancels every line of a checkout, one after the other, named by its number', async () => {
    const { calls } = serve();
    renderWithProviders(<CancelOrderDialog order={checkoutPurchase()} onClose={() => undefined} />);
    expect(await screen.findByRole('dialog', { name: 'Are you sure? Cancel order for TT-10042' })).toBeTruthy();
    expect(screen.getByText('Its 2 parts (14 units) go back into stock.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: orderFlowCopy.confirmCancelButton }));
    expect(await screen.findByText(toastsCopy.deleteSuccess)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/orders/l1', '/api/orders/l2']);
  });

  it('delivers every line of a paid checkout that is not delivered yet', async () => {
    const { calls } = serve();
    const paid = checkoutPurchase({ status: 'paid', transactionId: 'pi_1' });
    paid.orders = [
      { ...paid.orders[0], paid: true, deleverd: true, status: 'delivered' },
      { ...paid.orders[1], paid: true, status: 'paid' },
    ];
    renderWithProviders(<DeliverOrderDialog order={paid} onClose={() => undefined} />);
    expect(await screen.findByRole('dialog', { name: 'Deleverd order for TT-10042' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: orderFlowCopy.confirmDeliverButton }));
    // Issue #39 item 2: nothing of it has shipped, so it asks once more.
    const ask = await screen.findByRole('dialog', { name: orderFlowCopy.deliverUnshippedTitle });
    expect(within(ask).getByText('Nothing of order TT-10042 has shipped. Mark it delivered anyway?')).toBeTruthy();
    await userEvent.click(within(ask).getByRole('button', { name: orderFlowCopy.deliverUnshippedConfirm }));
    expect(await screen.findByText(toastsCopy.deliveredSuccess)).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.path)).toEqual(['/api/paidorders/l2']));
  });

  it('cancelling the question about an order with no parcel delivers nothing', async () => {
    const { calls } = serve();
    const onClose = vi.fn();
    renderWithProviders(<DeliverOrderDialog order={checkoutPurchase({ status: 'paid', transactionId: 'pi_1' })} onClose={onClose} />);
    await userEvent.click(await screen.findByRole('button', { name: orderFlowCopy.confirmDeliverButton }));
    const ask = await screen.findByRole('dialog', { name: orderFlowCopy.deliverUnshippedTitle });
    await userEvent.click(within(ask).getByRole('button', { name: orderFlowCopy.deliverUnshippedCancel }));
    expect(onClose).toHaveBeenCalled();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('delivers an order with a parcel without asking again', async () => {
    const { calls } = serve();
    const shipped = checkoutPurchase({ status: 'shipped', transactionId: 'pi_1' });
    shipped.shipments = [{ _id: 'sh1' } as (typeof shipped.shipments)[number]];
    renderWithProviders(<DeliverOrderDialog order={shipped} onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: orderFlowCopy.confirmDeliverButton }));
    expect(await screen.findByText(toastsCopy.deliveredSuccess)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: orderFlowCopy.deliverUnshippedTitle })).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.path)).toEqual(['/api/paidorders/l1', '/api/paidorders/l2']));
  });
});
