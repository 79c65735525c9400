import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { singlePurchase } from '../../../testing/purchases';
import { OrderTimeline, timelineOf } from './order-timeline';

/** Issue #25 item 5: the order's timeline lists every step with a time, oldest first. */
describe('OrderTimeline', () => {
  const p = {
    ...singlePurchase({ paid: true }),
    createdAt: '2026-11-01T10:00:00.000Z',
    paidAt: '2026-11-01T10:05:00.000Z',
    total: 120.5,
    shipments: [{ _id: 's1', carrier: 'dhl', carrierName: 'DHL', trackingNumber: 'JD1', trackingUrl: null, shippedAt: '2026-11-02T09:00:00.000Z', lines: [] }],
    returns: [
      {
        _id: 'r1',
        status: 'refunded' as const,
        reason: 'does_not_fit' as const,
        note: '',
        lines: [],
        requestedAt: '2026-11-05T08:00:00.000Z',
        decidedAt: '2026-11-05T12:00:00.000Z',
        decisionNote: '',
        receivedAt: '2026-11-08T12:00:00.000Z',
        refundedAt: '2026-11-08T13:00:00.000Z',
        refundId: 'f1',
      },
    ],
    refunds: [
      {
        _id: 'f1',
        createdAt: '2026-11-08T13:00:00.000Z',
        total: 35.7,
        goods: 30,
        shipping: 0,
        tax: 5.7,
        extra: 0,
        reason: 'Return',
        restocked: true,
        lines: [],
        creditNoteNumber: 'CN-2026-000001',
        status: 'succeeded' as const,
      },
    ],
    deliveredAt: '2026-11-04T16:00:00.000Z',
  };

  it('orders by the moment, whatever the offset the time is written with (issue #39 item 7)', () => {
    const late = {
      ...p,
      returns: [],
      refunds: [],
      deliveredAt: null,
      paidAt: '2026-11-01T14:00:00.000Z',
      // 13:45 at UTC−1 is 14:45 UTC: after the payment; as text it sorts before it.
      shipments: [{ ...p.shipments[0], shippedAt: '2026-11-01T13:45:00-01:00' }],
    };
    expect(timelineOf(late).map((e) => e.text)).toEqual(['Order TT-10007 placed', 'Paid $120.50', 'Shipped with DHL']);
  });

  it('puts placed, paid, shipped, delivered, the return steps and the refund in time order', () => {
    expect(timelineOf(p).map((e) => e.text)).toEqual([
      'Order TT-10007 placed',
      'Paid $120.50',
      'Shipped with DHL',
      'Delivered',
      'Return asked for',
      'Return approved',
      'Returned parts received',
      'Refunded $35.70',
    ]);
  });

  it('renders them as a list under its heading', () => {
    render(<OrderTimeline purchase={p} />);
    const section = screen.getByRole('region', { name: 'Timeline' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(8);
  });
});
