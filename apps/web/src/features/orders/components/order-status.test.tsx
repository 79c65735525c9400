import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ordersCopy } from '@shop/shared/copy/orders';
import type { Order } from '@shop/shared/schemas/order';
import { CustomerOrderStatus } from './order-status';

const order = (over: Partial<Order>): Order => ({
  _id: 'o1',
  productId: 'p1',
  productName: 'Sintered brake pads',
  email: 'rider@example.com',
  userName: 'Rider',
  country: 'Germany',
  address: 'Hauptstr. 1',
  phone: '+49 30 1234567',
  quantity: 10,
  price: 249,
  paid: true,
  transactionId: 'pi_123',
  deleverd: false,
  createdAt: '2026-11-23T10:00:00.000Z',
  paymentMode: 'test',
  status: 'paid',
  expiresAt: null,
  refundDue: false,
  ...over,
});

afterEach(cleanup);

describe("the customer's order status", () => {
  it("a paid order waiting for delivery is 'Pending...'", () => {
    render(<CustomerOrderStatus order={order({})} />, { wrapper: MemoryRouter });
    expect(screen.getByText(ordersCopy.pending)).toBeTruthy();
    expect(screen.queryByText(ordersCopy.refundDueCustomer)).toBeNull();
  });

  it('a payment that arrived after the reservation ran out tells the customer it will be refunded', () => {
    render(<CustomerOrderStatus order={order({ refundDue: true })} />, { wrapper: MemoryRouter });
    expect(screen.getByText(ordersCopy.refundDueCustomer)).toBeTruthy();
    expect(screen.getByText(ordersCopy.refundDueCustomerHint)).toBeTruthy();
    expect(screen.queryByText(ordersCopy.pending)).toBeNull();
    // The admin's wording stays on the admin's screen.
    expect(screen.queryByText(ordersCopy.refundDue)).toBeNull();
  });

  it("a paid order refunded in full before delivery is not 'Pending...': it keeps its payment's id (decision 190)", () => {
    render(<CustomerOrderStatus order={order({ transactionId: 'pi_refunded_1' })} refundedInFull />, { wrapper: MemoryRouter });
    expect(screen.queryByText(ordersCopy.pending)).toBeNull();
    expect(screen.getByText('pi_refunded_1')).toBeTruthy();
  });
});
