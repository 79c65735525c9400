import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { checkoutPurchase } from '../../../testing/purchases';
import { PurchaseStateLine } from './purchase-state';

afterEach(cleanup);

const stateText = () => screen.queryByTestId('order-state')?.textContent ?? null;

describe('PurchaseStateLine (issue #34 item 7)', () => {
  it('says the status and what was refunded: "Shipped · Refunded", "Delivered · Partly refunded"', () => {
    render(<PurchaseStateLine purchase={checkoutPurchase({ status: 'shipped', refunded: 403.93 })} />);
    expect(stateText()).toBe('Shipped · Refunded');
    cleanup();
    render(<PurchaseStateLine purchase={checkoutPurchase({ status: 'delivered', refunded: 12.5 })} />);
    expect(stateText()).toBe('Delivered · Partly refunded');
    cleanup();
    render(<PurchaseStateLine purchase={checkoutPurchase({ status: 'paid' })} />);
    expect(stateText()).toBe('Paid');
  });

  it('leaves out a state the spec’s badge beside it already names, unless money went back', () => {
    render(<PurchaseStateLine purchase={checkoutPurchase({ status: 'cancelled' })} skip={['expired', 'cancelled']} />);
    expect(stateText()).toBeNull();
    cleanup();
    render(<PurchaseStateLine purchase={checkoutPurchase({ status: 'unpaid', expiresAt: '2020-01-01T00:00:00.000Z' })} skip={['expired', 'cancelled']} />);
    expect(stateText()).toBeNull();
    cleanup();
    render(<PurchaseStateLine purchase={checkoutPurchase({ status: 'unpaid', expiresAt: null })} skip={['expired', 'cancelled']} />);
    expect(stateText()).toBe('Awaiting payment');
  });
});
