import { describe, expect, it } from 'vitest';
import { purchaseState, refundState } from './purchase-state';

const now = new Date('2026-12-01T12:00:00Z');
const order = (over: Partial<Parameters<typeof purchaseState>[0]> = {}) => ({ status: 'paid' as const, expiresAt: null, total: 167.78, refunded: 0, ...over });

describe('purchaseState (issue #34 item 7)', () => {
  it('names each status', () => {
    const labels = (['unpaid', 'paid', 'partially_shipped', 'shipped', 'delivered', 'expired', 'cancelled'] as const).map(
      (status) => purchaseState(order({ status }), now).label,
    );
    expect(labels).toEqual(['Awaiting payment', 'Paid', 'Partially shipped', 'Shipped', 'Delivered', 'Expired', 'Cancelled']);
  });

  it('adds the refund: in full once the refunds reach the total, partly while less went back', () => {
    expect(purchaseState(order({ status: 'shipped', refunded: 167.78 }), now)).toMatchObject({
      status: 'shipped',
      refund: 'full',
      refundLabel: 'Refunded',
      label: 'Shipped · Refunded',
    });
    expect(purchaseState(order({ status: 'delivered', refunded: 29.74 }), now).label).toBe('Delivered · Partly refunded');
    expect(purchaseState(order({ refunded: 0 }), now)).toMatchObject({ refund: null, refundLabel: null, label: 'Paid' });
  });

  it('compares in cents, so sums of refunds in dollars are not a cent off', () => {
    // 138.04 + 29.74 is 167.78000000000003 in floating point.
    expect(refundState({ total: 167.78, refunded: 138.04 + 29.74 })).toBe('full');
    expect(refundState({ total: 0.3, refunded: 0.1 + 0.2 })).toBe('full');
    expect(refundState({ total: 167.78, refunded: 167.77 })).toBe('partial');
    expect(refundState({ total: 10 })).toBeNull();
  });

  it('reads an unpaid order past its reservation as expired, before the server has said so', () => {
    expect(purchaseState(order({ status: 'unpaid', expiresAt: '2026-12-01T11:59:00Z' }), now).label).toBe('Expired');
    expect(purchaseState(order({ status: 'unpaid', expiresAt: '2026-12-01T12:10:00Z' }), now).label).toBe('Awaiting payment');
  });
});
