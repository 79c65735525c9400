import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
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
    expect(await screen.findByText(toastsCopy.deliveredSuccess)).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.path)).toEqual(['/api/paidorders/l2']));
  });
});
