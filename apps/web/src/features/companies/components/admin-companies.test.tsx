import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';
import { AdminCompanies, AdminCompany } from './admin-companies';
import { acme, detail } from '../../../testing/companies';
import { companiesCopy } from '@shop/shared/copy/companies';

const reads = (req: FakeRequest) =>
  req.method === 'GET' && req.path === '/api/admin/companies'
    ? { status: 200, body: [acme] }
    : req.method === 'GET' && req.path === '/api/admin/companies/c1'
      ? { status: 200, body: detail }
      : null;

describe('AdminCompanies', () => {
  it('lists the companies with their terms and a link to each', async () => {
    fakeApi((req) => reads(req) ?? notFound(req));
    renderWithProviders(<AdminCompanies />);
    const list = await screen.findByRole('list', { name: 'All companies' });
    expect(within(list).getByRole('heading', { name: 'Acme Moto Works' })).toBeTruthy();
    expect(within(list).getByText('30 days on account · Credit limit $5,000.00 · 2 members')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Open Acme Moto Works' }).getAttribute('href')).toBe('/dashboard/companies/c1');
  });

  it('says what is wrong, then creates the company with its address, terms and limit', async () => {
    const api = fakeApi((req) => {
      const read = reads(req);
      if (read) return read;
      if (req.method === 'POST' && req.path === '/api/admin/companies') return { status: 201, body: { ...acme, _id: 'c2', name: 'Brake Bros' } };
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminCompanies />);
    const form = within(await screen.findByRole('region', { name: 'New company' }));
    const terms = form.getByRole('spinbutton', { name: 'Payment terms (days)' });
    await user.clear(terms);
    await user.type(terms, '200');
    await user.click(form.getByRole('button', { name: 'Create company' }));
    expect(form.getByText('Name is Required')).toBeTruthy();
    expect(form.getByText('Payment terms must be at most 120 days')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Brake Bros');
    await user.type(form.getByRole('textbox', { name: 'Tax number' }), 'DE123456789');
    await user.click(form.getByRole('checkbox', { name: 'Tax exempt' }));
    await user.type(form.getByRole('textbox', { name: 'Address line 1' }), 'Hauptstr. 1');
    await user.type(form.getByRole('textbox', { name: 'City' }), 'Berlin');
    await user.type(form.getByRole('textbox', { name: 'Postal code' }), '10115');
    await user.type(form.getByRole('textbox', { name: 'Country code' }), 'de');
    await user.clear(terms);
    await user.type(terms, '30');
    const limit = form.getByRole('spinbutton', { name: 'Credit limit' });
    await user.clear(limit);
    await user.type(limit, '2500');
    await user.click(form.getByRole('button', { name: 'Create company' }));

    expect(await screen.findByText('Company created: Brake Bros')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Brake Bros',
      taxId: 'DE123456789',
      taxExempt: true,
      billing: { line1: 'Hauptstr. 1', line2: '', city: 'Berlin', region: '', postalCode: '10115', country: 'DE' },
      paymentTermsDays: 30,
      creditLimit: 2500,
    });
  });

  it('shows the server’s refusal of a second company of the same name', async () => {
    fakeApi(
      (req) =>
        reads(req) ??
        (req.method === 'POST'
          ? { status: 409, body: { error: { code: 'COMPANY_EXISTS', message: 'A company named Acme Moto Works exists.' } } }
          : notFound(req)),
    );
    const user = userEvent.setup();
    renderWithProviders(<AdminCompanies />);
    const form = within(await screen.findByRole('region', { name: 'New company' }));
    await user.type(form.getByRole('textbox', { name: 'Name' }), 'acme moto works');
    await user.click(form.getByRole('button', { name: 'Create company' }));
    expect((await form.findByRole('alert')).textContent).toBe('A company named Acme Moto Works exists.');
  });
});

describe('AdminCompany', () => {
  it('edits the account, invites its admin and removes a member after confirming', async () => {
    const api = fakeApi((req) => {
      const read = reads(req);
      if (read) return read;
      if (req.method === 'PATCH' && req.path === '/api/admin/companies/c1') return { status: 200, body: { ...acme, ...(req.body as object) } };
      if (req.method === 'POST' && req.path === '/api/admin/companies/c1/invites')
        return { status: 201, body: { _id: 'i9', ...(req.body as object), expiresAt: '2026-11-20T10:00:00.000Z', createdAt: '2026-11-06T10:00:00.000Z' } };
      if (req.method === 'DELETE' && req.path === '/api/admin/companies/c1/members/u2') return { status: 204 };
      if (req.method === 'PATCH' && req.path === '/api/admin/companies/c1/members/u2')
        return { status: 200, body: { ...detail.members[1], ...(req.body as object) } };
      if (req.method === 'DELETE' && req.path === `/api/admin/companies/c1/invites/${detail.invites[0]._id}`) return { status: 204 };
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminCompany id="c1" />);
    expect(await screen.findByRole('heading', { name: 'Acme Moto Works', level: 2 })).toBeTruthy();

    const edit = within(screen.getByRole('region', { name: 'Account details' }));
    const limit = edit.getByRole('spinbutton', { name: 'Credit limit' });
    expect((limit as HTMLInputElement).value).toBe('5000');
    await user.clear(limit);
    await user.type(limit, '7500.5');
    await user.click(edit.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved: Acme Moto Works')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ name: 'Acme Moto Works', creditLimit: 7500.5, paymentTermsDays: 30 });

    const people = within(screen.getByRole('list', { name: 'People' }));
    expect(people.getByText('Alice Admin')).toBeTruthy();
    // The shop's admin changes a member's role from the company's page (decision 204 amended).
    await user.selectOptions(people.getByRole('combobox', { name: 'Role of Bob Buyer' }), 'admin');
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH' && c.path === '/api/admin/companies/c1/members/u2')?.body).toEqual({ role: 'admin' }),
    );
    expect(await screen.findByText(companiesCopy.memberSaved('Bob Buyer'))).toBeTruthy();

    const invite = within(screen.getByRole('region', { name: 'Invite someone' }));
    expect(invite.getByText('carol@example.com')).toBeTruthy();
    await user.type(invite.getByRole('textbox', { name: 'E-mail' }), 'dave@example.com');
    await user.selectOptions(invite.getByRole('combobox', { name: 'Role' }), 'admin');
    await user.click(invite.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to dave@example.com')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ email: 'dave@example.com', role: 'admin' });

    // A mistyped invitation is withdrawn after confirming.
    await user.click(invite.getByRole('button', { name: 'Withdraw the invitation of carol@example.com' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Withdraw the invitation of carol@example.com?' })).getByRole('button', { name: 'Withdraw' }),
    );
    expect(await screen.findByText('Invitation withdrawn: carol@example.com')).toBeTruthy();

    await user.click(people.getByRole('button', { name: 'Remove Bob Buyer' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove Bob Buyer from the company?' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed: Bob Buyer')).toBeTruthy();
  });

  it('says so for a company that does not exist', async () => {
    fakeApi((req) => ({ status: 404, body: { error: { code: 'COMPANY_NOT_FOUND', message: `No company ${req.path}` } } }));
    renderWithProviders(<AdminCompany id="nope" />);
    expect(await screen.findByText(/We have no such company/)).toBeTruthy();
  });
});
