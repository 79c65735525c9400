import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserListEntry } from '@shop/shared/schemas/user';
import MakeAdminPage from '../../../app/routes/dashboard/make-admin';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';

const ADMIN: UserListEntry = { _id: 'u1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin', taxExempt: false, taxId: '' };
const WORKSHOP: UserListEntry = { _id: 'u2', name: 'Jonas Weber', email: 'jonas@weber-motorrad.de', role: 'user', taxExempt: false, taxId: '' };
const DEALER: UserListEntry = { _id: 'u3', name: 'Sam Okafor', email: 'sam@musiccity.example', role: 'user', taxExempt: true, taxId: 'TN-RESALE-0042' };

/** GET /users?page= and PUT /users/{id}/tax-exemption as the API answers them (the number is required when exempt). */
function usersServer(opts: { refuseOnce?: string } = {}) {
  let users = [ADMIN, WORKSHOP, DEALER].map((u) => ({ ...u }));
  let refuse = opts.refuseOnce;
  return fakeApi((req) => {
    if (req.method === 'GET' && req.path === '/api/users') return { status: 200, body: { items: users, total: users.length, page: 1, limit: 50, pages: 1 } };
    const id = req.path.match(/^\/api\/users\/([^/]+)\/tax-exemption$/)?.[1];
    if (req.method === 'PUT' && id && refuse) {
      const message = refuse;
      refuse = undefined;
      return { status: 403, body: { error: { code: 'ADMIN_ONLY', message } } };
    }
    if (req.method === 'PUT' && id) {
      const { taxExempt, taxId = '' } = req.body as { taxExempt: boolean; taxId?: string };
      if (taxExempt && !taxId.trim())
        return { status: 400, body: { error: { code: 'VALIDATION', message: 'A tax-exempt customer needs their VAT or resale number' } } };
      const after = { taxExempt, taxId: taxExempt ? taxId.trim() : '' };
      users = users.map((u) => (u._id === id ? { ...u, ...after } : u));
      return { status: 200, body: after };
    }
    return notFound(req);
  });
}

// The page shows a table on wide screens and cards on phones; jsdom lays out neither, so the table is read.
const rowOf = async (email: string) => (await screen.findAllByRole('row')).find((r) => r.textContent?.includes(email))!;

describe('Tax exemption on Make Admin', () => {
  it('shows who is tax-exempt with their number; only customers get the button', async () => {
    usersServer();
    renderWithProviders(<MakeAdminPage />);
    const dealer = within(await rowOf(DEALER.email));
    expect(dealer.getByText('Tax exempt · TN-RESALE-0042')).toBeTruthy();
    const workshop = within(await rowOf(WORKSHOP.email));
    expect(workshop.getByText('Pays tax')).toBeTruthy();
    expect(workshop.getByRole('button', { name: `Tax exemption… ${WORKSHOP.email}` })).toBeTruthy();
    expect(within(await rowOf(ADMIN.email)).queryByRole('button', { name: /Tax exemption/ })).toBeNull();
  });

  it('asks for the VAT number, then marks the customer exempt and says so', async () => {
    const api = usersServer();
    const user = userEvent.setup();
    renderWithProviders(<MakeAdminPage />);
    await user.click(within(await rowOf(WORKSHOP.email)).getByRole('button', { name: /Tax exemption…/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Tax exemption' }));
    expect(dialog.getByText(WORKSHOP.name)).toBeTruthy();
    const checkbox = dialog.getByRole('checkbox', { name: 'Tax-exempt business customer' });
    const number = dialog.getByRole('textbox', { name: 'VAT or resale number' });
    expect((checkbox as HTMLInputElement).checked).toBe(false);
    expect((number as HTMLInputElement).disabled).toBe(true);

    await user.click(checkbox);
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('A tax-exempt customer needs their VAT or resale number')).toBeTruthy();
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(number, 'DE123456789');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Jonas Weber is now tax-exempt (DE123456789).')).toBeTruthy();
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/users/u2/tax-exemption');
    expect(put.body).toEqual({ taxExempt: true, taxId: 'DE123456789' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is read again and shows the exemption.
    await waitFor(async () => expect(within(await rowOf(WORKSHOP.email)).getByText('Tax exempt · DE123456789')).toBeTruthy());
  });

  it('shows the server’s message when it refuses, and lifts an exemption', async () => {
    const api = usersServer({ refuseOnce: 'Only administrators can do that.' });
    const user = userEvent.setup();
    renderWithProviders(<MakeAdminPage />);
    await user.click(within(await rowOf(DEALER.email)).getByRole('button', { name: /Tax exemption…/ }));
    let dialog = within(screen.getByRole('dialog', { name: 'Tax exemption' }));
    expect(dialog.getByRole<HTMLInputElement>('checkbox', { name: 'Tax-exempt business customer' }).checked).toBe(true);
    expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'VAT or resale number' }).value).toBe('TN-RESALE-0042');

    await user.click(dialog.getByRole('checkbox', { name: 'Tax-exempt business customer' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    // Refused: the server's message shows in the dialog, which stays open.
    expect(await dialog.findByText('Only administrators can do that.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Tax exemption' })).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sam Okafor pays tax again.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ taxExempt: false, taxId: '' });
    await waitFor(async () => expect(within(await rowOf(DEALER.email)).getByText('Pays tax')).toBeTruthy());

    // Opened again, the dialog starts from the saved state.
    await user.click(within(await rowOf(DEALER.email)).getByRole('button', { name: /Tax exemption…/ }));
    dialog = within(screen.getByRole('dialog', { name: 'Tax exemption' }));
    expect(dialog.getByRole<HTMLInputElement>('checkbox', { name: 'Tax-exempt business customer' }).checked).toBe(false);
  });
});
