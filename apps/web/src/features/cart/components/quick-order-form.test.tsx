import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuickOrderResult } from '@shop/shared/schemas/quick-order';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';
import { QuickOrderForm } from './quick-order-form';
import { OrderAgainAll } from './order-again-all';

const toastSuccess = vi.fn();
vi.mock('../../../lib/toast', () => ({ toastSuccess: (m: unknown) => toastSuccess(m), toastError: vi.fn() }));

const filter = {
  lines: [1],
  productId: 'p1',
  sku: 'HF204',
  name: 'Oil filter',
  brand: 'HiFlo',
  quantity: 20,
  defaultQuantity: false,
  minOrder: 20,
  unitPrice: 144,
  lineTotal: 144,
};
const pads = {
  lines: [3],
  productId: 'p3',
  sku: 'AMB-A',
  name: 'Brake pads A',
  brand: 'EBC',
  quantity: 2,
  defaultQuantity: false,
  minOrder: 1,
  unitPrice: 10,
  lineTotal: 20,
};
const ambiguous = {
  line: 3,
  text: 'AMB-500, 2',
  reason: 'ambiguous' as const,
  message: '“AMB-500” matches 2 parts: pick one.',
  choices: [
    { productId: 'p3', sku: 'AMB-A', name: 'Brake pads A', brand: 'EBC' },
    { productId: 'p4', sku: 'AMB-B', name: 'Brake pads B', brand: 'Brembo' },
  ],
};
const unknown = { line: 2, text: 'NOPE-1, 2', reason: 'unknown' as const, message: 'We don’t know the part number “NOPE-1”.' };

/** The API: a check answers the report; with the pick of line 3 the pads are valid; a write answers the same with the cart. */
function serve() {
  return fakeApi((req: FakeRequest) => {
    if (req.method === 'POST' && req.path === '/api/cart/quick-order') {
      const body = req.body as { dryRun: boolean; picks: { line: number; productId: string }[] };
      const picked = body.picks.some((p) => p.line === 3 && p.productId === 'p3');
      const result: QuickOrderResult = {
        dryRun: body.dryRun,
        lineCount: 3,
        added: picked ? [filter, pads] : [filter],
        problems: picked ? [unknown] : [unknown, ambiguous],
        ...(body.dryRun ? {} : { cart: { lines: [], total: 164 } }),
      };
      return { status: 200, body: result };
    }
    return notFound(req);
  });
}

beforeEach(() => toastSuccess.mockClear());

describe('QuickOrderForm (issue #37 item 3)', () => {
  it('checks the list, shows the valid lines and every problem with its line, picks an ambiguous line’s part, then adds in one step', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithProviders(<QuickOrderForm />);
    const box = screen.getByLabelText('Part numbers and quantities');
    expect(box.getAttribute('placeholder')).toContain('HF204, 20');
    await user.type(box, 'HF204, 20{Enter}NOPE-1, 2{Enter}AMB-500, 2');
    expect(screen.getByText('3 of 500 lines')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Check list' }));

    const valid = await screen.findByRole('list', { name: 'Ready to add (1)' });
    expect(within(valid).getByText('Oil filter')).toBeTruthy();
    expect(valid.textContent).toContain('$144.00');
    const problems = screen.getByRole('list', { name: 'Lines that cannot be added (2)' });
    const items = within(problems).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Line 2NOPE-1, 2Unknown part number'),
      expect.stringContaining('Line 3AMB-500, 2Several parts match'),
    ]);
    expect(calls[0].body).toMatchObject({ text: 'HF204, 20\nNOPE-1, 2\nAMB-500, 2', dryRun: true, picks: [] });

    // The choices are buttons; picking one checks again with the pick.
    const group = screen.getByRole('group', { name: 'Choose the part you mean: Line 3' });
    await user.click(within(group).getByRole('button', { name: 'EBC Brake pads A (AMB-A)' }));
    expect(await screen.findByRole('list', { name: 'Ready to add (2)' })).toBeTruthy();
    expect(calls[1].body).toMatchObject({ dryRun: true, picks: [{ line: 3, productId: 'p3' }] });

    await user.click(screen.getByRole('button', { name: 'Add 2 parts to cart' }));
    expect(await screen.findByText('Added 2 parts to your cart')).toBeTruthy();
    expect(calls[2].body).toMatchObject({ dryRun: false, picks: [{ line: 3, productId: 'p3' }] });
    expect(toastSuccess).toHaveBeenCalledWith('Added 2 parts to your cart');
    expect(screen.getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
  });

  it('says a list of more than 500 lines is too long and does not send it', async () => {
    const { calls } = serve();
    renderWithProviders(<QuickOrderForm />);
    const box = screen.getByLabelText('Part numbers and quantities');
    fireEvent.change(box, { target: { value: Array.from({ length: 501 }, (_, i) => `P-${i}, 1`).join('\n') } });
    expect(screen.getByText(/501 of 500 lines/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Check list' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([]);
  });

  it('reads an uploaded CSV file into the list', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<QuickOrderForm />);
    const file = new File(['sku,qty\nHF204,20\n'], 'list.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Or upload a CSV file'), file);
    expect(((await screen.findByDisplayValue(/HF204,20/)) as HTMLTextAreaElement).value).toBe('sku,qty\nHF204,20\n');
    expect(screen.getByText('1 of 500 lines')).toBeTruthy();
  });
});

describe('OrderAgainAll', () => {
  it('re-adds the order in one call and lists the lines it could not add', async () => {
    const { calls } = fakeApi((req) => {
      if (req.method === 'POST' && req.path === '/api/cart/reorder/TT-10042') {
        const result: QuickOrderResult = {
          dryRun: false,
          lineCount: 2,
          added: [filter],
          problems: [{ line: 2, text: 'OLD-1 × 2', reason: 'discontinued', message: 'Old chain tensioner is no longer sold.' }],
          cart: { lines: [], total: 144 },
        };
        return { status: 200, body: result };
      }
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderAgainAll orderRef="TT-10042" />);
    await user.click(screen.getByRole('button', { name: 'Order again' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Added 1 part to your cart');
    expect(status.textContent).toContain('Old chain tensioner is no longer sold.');
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ dryRun: false });
  });
});
