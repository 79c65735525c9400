import { describe, expect, it } from 'vitest';
import { canCancel, canDeliver, canPay, orderStatus } from '../src/order-state';

const unpaid = { paid: false, deleverd: false };
const paid = { paid: true, deleverd: false };
const delivered = { paid: true, deleverd: true };
// Not reachable through the API, but a row edited by hand must not look deliverable or cancellable.
const deliveredUnpaid = { paid: false, deleverd: true };

describe('orderStatus', () => {
  it('names each state of the life cycle', () => {
    expect(orderStatus(unpaid)).toBe('unpaid');
    expect(orderStatus(paid)).toBe('paid');
    expect(orderStatus(delivered)).toBe('delivered');
  });

  it('treats a delivered flag without payment as unpaid', () => {
    expect(orderStatus(deliveredUnpaid)).toBe('unpaid');
  });
});

describe('allowed transitions', () => {
  it('cancels and pays only unpaid orders', () => {
    expect(canCancel(unpaid)).toBe(true);
    expect(canCancel(paid)).toBe(false);
    expect(canCancel(delivered)).toBe(false);
    expect(canPay(unpaid)).toBe(true);
    expect(canPay(paid)).toBe(false);
    expect(canPay(delivered)).toBe(false);
  });

  it('delivers only paid, not yet delivered orders', () => {
    expect(canDeliver(unpaid)).toBe(false);
    expect(canDeliver(paid)).toBe(true);
    expect(canDeliver(delivered)).toBe(false);
    expect(canDeliver(deliveredUnpaid)).toBe(false);
  });
});
