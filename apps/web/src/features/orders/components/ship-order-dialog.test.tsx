import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shipmentsCopy as t } from '@shop/shared/copy/shipments';
import type { Purchase } from '@shop/shared/schemas/cart';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';
import { checkoutPurchase } from '../../../testing/purchases';
import { canShip, ShipOrderDialog } from './ship-order-dialog';
import { ShipmentsSection, ShipmentSummary } from './shipments';

/** A paid checkout of two lines (10 brake pads, 4 spark plugs) to Tennessee by "Standard · UPS Ground". */
function paidOrder(over: Partial<Purchase> = {}): Purchase {
  const p = checkoutPurchase({ status: 'paid', transactionId: 'pi_1', ...over });
  p.orders = p.orders.map((o) => ({ ...o, paid: true, status: 'paid' as const }));
  return p;
}

const UPS = {
  _id: 's1',
  carrier: 'ups',
  carrierName: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  shippedAt: '2026-11-20T12:00:00.000Z',
  lines: [{ orderId: 'l1', productName: 'Sintered brake pads', quantity: 6 }],
};

/** POST /purchases/{number}/shipments as the API answers it: 201 with the order, or the refusal given. */
function serve(answer: { status: number; body?: unknown } = { status: 201, body: paidOrder({ status: 'partially_shipped', shipments: [UPS] }) }) {
  return fakeApi((req) => {
    if (req.method === 'POST' && req.path === '/api/purchases/TT-10042/shipments') return answer;
    return notFound(req);
  });
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('the Ship… dialog (issue #25)', () => {
  it('defaults to the order’s carrier, today and every unit left per line, and posts the shipment', async () => {
    const { calls } = serve();
    const onClose = vi.fn();
    renderWithProviders(<ShipOrderDialog order={paidOrder()} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: t.dialogTitle('TT-10042') });
    expect((within(dialog).getByLabelText(t.carrierLabel) as HTMLSelectElement).value).toBe('ups');
    expect((within(dialog).getByLabelText(t.dateLabel) as HTMLInputElement).value).toBe(today());
    expect((within(dialog).getByLabelText(t.quantityLabel('Sintered brake pads')) as HTMLInputElement).value).toBe('10');
    expect((within(dialog).getByLabelText(t.quantityLabel('Iridium spark plug')) as HTMLInputElement).value).toBe('4');

    await userEvent.selectOptions(within(dialog).getByLabelText(t.carrierLabel), 'dhl');
    await userEvent.type(within(dialog).getByLabelText(t.trackingLabel), 'JD01 4600 0062');
    const pads = within(dialog).getByLabelText(t.quantityLabel('Sintered brake pads'));
    await userEvent.clear(pads);
    await userEvent.type(pads, '6');
    // None of the plugs in this parcel.
    const plugs = within(dialog).getByLabelText(t.quantityLabel('Iridium spark plug'));
    await userEvent.clear(plugs);
    await userEvent.type(plugs, '0');
    const before = Date.now();
    await userEvent.click(within(dialog).getByRole('button', { name: t.submit }));

    expect(await screen.findByText(t.shipped('TT-10042', false))).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([
      { carrier: 'dhl', trackingNumber: 'JD0146000062', shippedAt: expect.stringMatching(/T/), lines: [{ orderId: 'l1', quantity: 6 }] },
    ]);
    // Issue #39 item 7 (decision 184): shipped today is the moment it was sent, not the day (which the API put at noon).
    const sentAt = Date.parse((posts[0].body as { shippedAt: string }).shippedAt);
    expect(sentAt).toBeGreaterThanOrEqual(before - 1000);
    expect(sentAt).toBeLessThanOrEqual(Date.now());
    expect(onClose).toHaveBeenCalled();
  });

  it('sends an earlier day as the day alone (issue #39 item 7)', async () => {
    const { calls } = serve();
    renderWithProviders(<ShipOrderDialog order={paidOrder()} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: t.dialogTitle('TT-10042') });
    const date = within(dialog).getByLabelText(t.dateLabel);
    await userEvent.clear(date);
    await userEvent.type(date, '2026-11-20');
    await userEvent.type(within(dialog).getByLabelText(t.trackingLabel), 'JD0146000062');
    await userEvent.click(within(dialog).getByRole('button', { name: t.submit }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect((calls.find((c) => c.method === 'POST')!.body as { shippedAt: string }).shippedAt).toBe('2026-11-20');
  });

  it('checks the tracking number and the units before posting', async () => {
    const { calls } = serve();
    renderWithProviders(<ShipOrderDialog order={paidOrder()} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: t.dialogTitle('TT-10042') });
    const pads = within(dialog).getByLabelText(t.quantityLabel('Sintered brake pads'));
    await userEvent.clear(pads);
    await userEvent.type(pads, '11');
    await userEvent.click(within(dialog).getByRole('button', { name: t.submit }));
    expect(await within(dialog).findByText('Enter the tracking number.')).toBeTruthy();
    // Issue #39 item 8: the message says what the box takes, for too many, a negative and a fraction alike.
    const takes = 'Enter a whole number from 1 to 10, or 0 to leave this part out.';
    expect(within(dialog).getByText(takes)).toBeTruthy();
    expect(pads.getAttribute('aria-invalid')).toBe('true');
    for (const wrong of ['-5', '2.5']) {
      await userEvent.clear(pads);
      await userEvent.type(pads, wrong);
      await userEvent.click(within(dialog).getByRole('button', { name: t.submit }));
      expect(within(dialog).getByText(takes)).toBeTruthy();
      expect(within(dialog).queryByText(/At most/)).toBeNull();
    }

    await userEvent.type(within(dialog).getByLabelText(t.trackingLabel), '1Z1');
    await userEvent.clear(pads);
    await userEvent.type(pads, '0');
    const plugs = within(dialog).getByLabelText(t.quantityLabel('Iridium spark plug'));
    await userEvent.clear(plugs);
    await userEvent.click(within(dialog).getByRole('button', { name: t.submit }));
    expect(await within(dialog).findByText(t.nothingToShip)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('offers only what is left after earlier parcels, and shows the server’s refusal in the dialog', async () => {
    serve({
      status: 409,
      body: {
        error: {
          code: 'SHIPMENT_TOO_MANY_UNITS',
          message: 'Only 4 of 10 units of “Sintered brake pads” are left to ship in order TT-10042; you asked to ship 5.',
        },
      },
    });
    renderWithProviders(<ShipOrderDialog order={paidOrder({ status: 'partially_shipped', shipments: [UPS] })} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: t.dialogTitle('TT-10042') });
    expect(within(dialog).getByText(t.lineLeft(4, 10))).toBeTruthy();
    expect((within(dialog).getByLabelText(t.quantityLabel('Sintered brake pads')) as HTMLInputElement).value).toBe('4');
    await userEvent.type(within(dialog).getByLabelText(t.trackingLabel), '1Z2');
    await userEvent.click(within(dialog).getByRole('button', { name: t.submit }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('are left to ship in order TT-10042'));
  });

  it('is offered for a paid or partly shipped order with units left, not for an unpaid or fully shipped one', () => {
    expect(canShip(paidOrder())).toBe(true);
    expect(canShip(paidOrder({ status: 'partially_shipped', shipments: [UPS] }))).toBe(true);
    expect(canShip(checkoutPurchase())).toBe(false);
    expect(canShip(paidOrder({ status: 'shipped' }))).toBe(false);
  });
});

describe('shipments as the customer sees them (issue #25)', () => {
  it('lists each parcel with its carrier, a tracking link in a new tab, its date and lines', () => {
    const dhl = { ...UPS, _id: 's2', carrier: 'other', carrierName: 'Other', trackingNumber: 'LOCAL-1', trackingUrl: null, lines: [] };
    renderWithProviders(<ShipmentsSection purchase={paidOrder({ status: 'partially_shipped', shipments: [UPS, dhl] })} />);
    const section = screen.getByRole('region', { name: t.title });
    const link = within(section).getByRole('link', { name: t.trackLabel('UPS', '1Z999AA10123456784') });
    expect(link.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(section.textContent).toContain('Shipment 1 of 2');
    expect(section.textContent).toContain('Nov 20, 2026');
    expect(section.textContent).toContain('Sintered brake pads × 6');
    // 'Other' has no tracking page: the number without a link.
    expect(within(section).getAllByRole('link')).toHaveLength(1);
    expect(section.textContent).toContain('LOCAL-1');
  });

  it('sums each parcel up in one line in the lists', () => {
    renderWithProviders(<ShipmentSummary purchase={paidOrder({ status: 'partially_shipped', shipments: [UPS] })} />);
    // The number is cut to its start on screen and read whole.
    expect(screen.getByRole('listitem').textContent).toBe('Shipped via UPS · 1Z999AA101…1Z999AA10123456784 (track)');
    expect(screen.getByTitle('1Z999AA10123456784').textContent).toBe('1Z999AA101…');
    expect(screen.getByRole('link', { name: t.trackLabel('UPS', '1Z999AA10123456784') }).getAttribute('target')).toBe('_blank');
  });
});
