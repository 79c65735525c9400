import { describe, expect, it } from 'vitest';
import { cancelledAfterPayment, customerMayCancelPaid } from './cancel-paid';
import { searchCopy } from './copy/search';

/** Issue #39 item 9 (decision 189). */
describe('customerMayCancelPaid', () => {
  const paid = { status: 'paid' as const, shipments: [], refunds: [], returns: [] };
  it('offers the cancel only for a paid order with no parcel, refund or return', () => {
    expect(customerMayCancelPaid(paid)).toBe(true);
    for (const status of ['unpaid', 'partially_shipped', 'shipped', 'delivered', 'expired', 'cancelled'] as const) {
      expect(customerMayCancelPaid({ ...paid, status }), status).toBe(false);
    }
    expect(customerMayCancelPaid({ ...paid, shipments: [{}] as never })).toBe(false);
    expect(customerMayCancelPaid({ ...paid, refunds: [{}] as never })).toBe(false);
    expect(customerMayCancelPaid({ ...paid, returns: [{}] as never })).toBe(false);
  });
  it('tells a paid order cancelled by its customer from one cancelled before payment', () => {
    expect(cancelledAfterPayment({ status: 'cancelled', paidAt: '2026-12-02T04:00:00.000Z' })).toBe(true);
    expect(cancelledAfterPayment({ status: 'cancelled', paidAt: null })).toBe(false);
    expect(cancelledAfterPayment({ status: 'paid', paidAt: '2026-12-02T04:00:00.000Z' })).toBe(false);
  });
});

describe('searchCopy.noneFitsBike', () => {
  it('says plainly that none fits, in the number of the words', () => {
    expect(searchCopy.noneFitsBike('front sprocket', 'Yamaha MT-07')).toBe('No front sprocket fits the Yamaha MT-07 in our catalogue.');
    expect(searchCopy.noneFitsBike('brake pads', '2019 Yamaha MT-07')).toBe('No brake pads fit the 2019 Yamaha MT-07 in our catalogue.');
    expect(searchCopy.noneFitsBike('brake fluid dot 4', 'Honda CB500F')).toBe('No brake fluid dot 4 fits the Honda CB500F in our catalogue.');
  });
});
