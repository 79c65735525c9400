import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserListEntry } from '@shop/shared/schemas/user';
import MakeAdminPage from '../../../app/routes/dashboard/make-admin';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';
import { UsersList } from './users-list';

/** Issue #25: Remove admin, with its confirmation, on Make Admin. */

const ADA: UserListEntry = { _id: 'u1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin', taxExempt: false, taxId: '' };
const BEN: UserListEntry = { _id: 'u2', name: 'Ben Boss', email: 'ben@example.com', role: 'admin', taxExempt: false, taxId: '' };
const CARLA: UserListEntry = { _id: 'u3', name: 'Carla Customer', email: 'carla@example.com', role: 'user', taxExempt: false, taxId: '' };

/** GET /users?page= and DELETE /users/{id}/admin as the API answers them; `refuse` answers the next demotion with 409. */
function usersServer(opts: { refuse?: { code: string; message: string } } = {}) {
  let users = [ADA, BEN, CARLA].map((u) => ({ ...u }));
  return fakeApi((req) => {
    if (req.method === 'GET' && req.path === '/api/users') return { status: 200, body: { items: users, total: users.length, page: 1, limit: 50, pages: 1 } };
    const id = req.path.match(/^\/api\/users\/([^/]+)\/admin$/)?.[1];
    if (req.method === 'DELETE' && id && opts.refuse) return { status: 409, body: { error: opts.refuse } };
    if (req.method === 'DELETE' && id) {
      users = users.map((u) => (u._id === id ? { ...u, role: 'user' } : u));
      return { status: 200, body: { ok: true, role: 'user' } };
    }
    return notFound(req);
  });
}

const rowOf = async (email: string) => (await screen.findAllByRole('row')).find((r) => r.textContent?.includes(email))!;

describe('Remove admin', () => {
  it("is offered on other admins' rows, never on your own, and Make Admin stays on customers' rows", () => {
    render(<UsersList users={[ADA, BEN, CARLA]} meEmail={ADA.email} onPromote={() => {}} onDemote={() => {}} />);
    const row = (email: string) => within(screen.getAllByRole('row').find((r) => r.textContent?.includes(email))!);
    expect(row(ADA.email).queryAllByRole('button')).toHaveLength(0);
    expect(row(ADA.email).getByText('Admin')).toBeTruthy();
    expect(row(BEN.email).getByRole('button', { name: `Remove admin ${BEN.email}` })).toBeTruthy();
    expect(row(CARLA.email).queryByRole('button', { name: /Remove admin/ })).toBeNull();
    expect(row(CARLA.email).getByRole('button', { name: `Make Admin ${CARLA.email}` })).toBeTruthy();
  });

  it('asks first: Cancel changes nothing; confirming removes the role, says so, and the row offers Make Admin again', async () => {
    const api = usersServer();
    const user = userEvent.setup();
    renderWithProviders(<MakeAdminPage />);
    await user.click(within(await rowOf(BEN.email)).getByRole('button', { name: /Remove admin/ }));
    let dialog = within(screen.getByRole('dialog', { name: 'Remove admin?' }));
    expect(dialog.getByText('Ben Boss')).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain('(ben@example.com) loses the admin pages at once.');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(await rowOf(BEN.email)).getByRole('button', { name: /Remove admin/ }));
    dialog = within(screen.getByRole('dialog', { name: 'Remove admin?' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, remove admin' }));
    expect(await screen.findByText('Ben Boss is no longer an admin.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'DELETE')!.path).toBe('/api/users/u2/admin');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is read again.
    await waitFor(async () => expect(within(await rowOf(BEN.email)).getByRole('button', { name: /Make Admin/ })).toBeTruthy());
  });

  it("shows the shop's refusal (the last admin) as a toast, and the role stays", async () => {
    const message = 'This is the last administrator of the shop: make someone else an admin first.';
    usersServer({ refuse: { code: 'LAST_ADMIN', message } });
    const user = userEvent.setup();
    renderWithProviders(<MakeAdminPage />);
    await user.click(within(await rowOf(BEN.email)).getByRole('button', { name: /Remove admin/ }));
    await user.click(within(screen.getByRole('dialog', { name: 'Remove admin?' })).getByRole('button', { name: 'Yes, remove admin' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('Ben Boss is no longer an admin.')).toBeNull();
    expect(within(await rowOf(BEN.email)).getByRole('button', { name: /Remove admin/ })).toBeTruthy();
  });
});
