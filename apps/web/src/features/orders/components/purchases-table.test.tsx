import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { ordersCopy } from '@shop/shared/copy/orders';
import type { Purchase } from '@shop/shared/schemas/cart';
import { checkoutPurchase, singlePurchase } from '../../../testing/purchases';
import { purchaseLabel } from '../purchase';
import { CancelOrderButton, CustomerOrderStatus } from './order-status';
import { PurchasesTable } from './purchases-table';

afterEach(cleanup);

/** A paragraph by its whole text (the figures under a total are in parts that wrap). */
const paragraph = (text: string) => (_: string, el: Element | null) => el?.tagName === 'P' && el.textContent === text;

/** My Orders' table, as the page wires it. */
function renderMine(purchases: Purchase[], onCancel = vi.fn()) {
  render(
    <PurchasesTable
      purchases={purchases}
      caption="My Orders"
      renderStatus={(p, line) => <CustomerOrderStatus order={line} label={purchaseLabel(p)} />}
      renderActions={(p, line) => <CancelOrderButton order={line} label={purchaseLabel(p)} onCancel={() => onCancel(p)} />}
    />,
    { wrapper: MemoryRouter },
  );
  // jsdom applies no media queries: the phone cards and the table are both in the document; the table is checked here.
  return within(screen.getByRole('table', { name: 'My Orders' }));
}

describe('PurchasesTable (issue #24: one order, many lines)', () => {
  it('shows a checkout as one row with its lines inside, its number linking to its page, and one pay link', () => {
    const table = renderMine([checkoutPurchase()]);
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    const row = within(rows[0]);
    expect(row.getByRole('rowheader').textContent).toBe('1');
    expect(row.getByRole('link', { name: 'TT-10042' }).getAttribute('href')).toBe('/dashboard/myorders/TT-10042');
    // Both lines, each with its quantity, amount and part number.
    const lines = row.getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/^Sintered brake pads × 10Part no\. EBC-FA196HH\$249\.00$/),
      expect.stringMatching(/^Iridium spark plug × 4Part no\. NGK-CR9EIX\$116\.00$/),
    ]);
    // One total for the order, with what it includes.
    expect(row.getByText('$403.93')).toBeTruthy();
    expect(row.getByText(paragraph('incl. shipping $12.50 · tax $26.43'))).toBeTruthy();
    // Where it ships: the checked address with the country's name and the phone in international format.
    expect(row.getByText('500 Broadway')).toBeTruthy();
    expect(row.getByText('Nashville, TN 37203')).toBeTruthy();
    expect(row.getByText('United States')).toBeTruthy();
    expect(row.getByText('+1 615 555 0100')).toBeTruthy();
    // One pay link for the whole order, named by its number, to the checkout's one payment.
    const pay = row.getAllByRole('link', { name: /^pay/ });
    expect(pay).toHaveLength(1);
    expect(pay[0].textContent).toBe(`${ordersCopy.pay} TT-10042`);
    expect(pay[0].getAttribute('href')).toBe('/dashboard/payment/checkout/c1');
    expect(row.getByRole('button', { name: `${ordersCopy.cancel} TT-10042` })).toBeTruthy();
  });

  it('says "tax included" and "free shipping" when the prices include the tax and shipping is free', () => {
    const table = renderMine([checkoutPurchase({ shipping: 0, tax: 58.28, taxIncluded: true, total: 365 })]);
    expect(table.getByText(paragraph('incl. free shipping · tax included'))).toBeTruthy();
  });

  it('shows a paid checkout as Pending... with its one transaction id, and no pay link or Cancel', () => {
    const paid = checkoutPurchase({ status: 'paid', transactionId: 'pi_one_payment' });
    paid.orders = paid.orders.map((o) => ({ ...o, status: 'paid', paid: true, transactionId: 'pi_one_payment' }));
    const row = within(renderMine([paid]).getAllByRole('row')[1]);
    expect(row.getByText(ordersCopy.pending)).toBeTruthy();
    expect(row.getAllByText('pi_one_payment')).toHaveLength(1);
    expect(row.queryByRole('link', { name: /^pay/ })).toBeNull();
    expect(row.queryByRole('button', { name: /^Cancel/ })).toBeNull();
  });

  it('shows a lone spec order as before: its part, quantity, price, ship-to fields, a pay link to its own payment page and Cancel', () => {
    const onCancel = vi.fn();
    const single = singlePurchase();
    const table = renderMine([single], onCancel);
    const row = within(table.getAllByRole('row')[1]);
    expect(row.getByRole('rowheader').textContent).toBe('1');
    expect(row.getByText('Chain kit 520', { selector: 'p' })).toBeTruthy();
    expect(row.getByText('5')).toBeTruthy();
    // The price is the total: shown once, with no shipping or tax line under it.
    expect(row.getAllByText('$89.50')).toHaveLength(1);
    expect(row.queryByText(/^incl\./)).toBeNull();
    // The spec's free-text fields of an order placed without a checked address.
    expect(row.getByText('Hauptstr. 1, Berlin')).toBeTruthy();
    expect(row.getByText('Germany')).toBeTruthy();
    expect(row.getByText('+49 30 1234567')).toBeTruthy();
    const pay = row.getByRole('link', { name: /^pay/ });
    expect(pay.textContent).toBe(`${ordersCopy.pay} Chain kit 520`);
    expect(pay.getAttribute('href')).toBe('/dashboard/payment/s1');
    row.getByRole('button', { name: `${ordersCopy.cancel} Chain kit 520` }).click();
    expect(onCancel).toHaveBeenCalledWith(single);
    expect(row.getByRole('link', { name: 'TT-10007' }).getAttribute('href')).toBe('/dashboard/myorders/TT-10007');
  });

  it("shows a delivered lone order as 'Paid' with its transaction id", () => {
    const row = within(renderMine([singlePurchase({ status: 'delivered', paid: true, deleverd: true, transactionId: 'pi_123' })]).getAllByRole('row')[1]);
    expect(row.getByText(ordersCopy.paid, { exact: true })).toBeTruthy();
    expect(row.getByText('pi_123')).toBeTruthy();
    expect(row.queryByText(ordersCopy.pending)).toBeNull();
  });

  it('numbers the rows across pages, and phones get the same orders as a numbered list of cards', () => {
    render(
      <PurchasesTable
        purchases={[checkoutPurchase(), singlePurchase()]}
        caption="My Orders"
        offset={20}
        renderStatus={(p, line) => <CustomerOrderStatus order={line} label={purchaseLabel(p)} />}
        renderActions={() => null}
      />,
      { wrapper: MemoryRouter },
    );
    const table = within(screen.getByRole('table', { name: 'My Orders' }));
    expect(table.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['21', '22']);
    const cards = screen.getByRole('list', { name: 'My Orders' });
    expect(cards.getAttribute('start')).toBe('21');
    expect(within(cards).getAllByText(orderFlowCopy.colShipping)).toHaveLength(2);
  });
});
