import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminJobTemplate } from '@shop/shared/schemas/job-basket';
import { AdminJobTemplates } from './admin-job-templates';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';

const oil: AdminJobTemplate = {
  _id: 'j1',
  slug: 'oil-service',
  name: 'Oil service',
  description: '',
  updatedAt: '2026-01-01T00:00:00.000Z',
  slots: [{ name: 'Oil filter', category: 'filters', nameWords: 'oil filter', position: null, quantityRule: 'fixed', quantity: 1 }],
};

const reads = (req: FakeRequest) => (req.method === 'GET' && req.path === '/api/admin/job-templates' ? { status: 200, body: [oil] } : null);

describe('AdminJobTemplates', () => {
  it('lists the jobs with their slots and actions', async () => {
    fakeApi((req) => reads(req) ?? notFound(req));
    renderWithProviders(<AdminJobTemplates />);
    const list = await screen.findByRole('list', { name: 'All jobs' });
    expect(within(list).getByRole('heading', { name: 'Oil service' })).toBeTruthy();
    expect(within(list).getByText('Oil filter (Filters)')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Edit Oil service' })).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Delete Oil service' })).toBeTruthy();
  });

  it('says what is missing, then posts the new job with its slots', async () => {
    const api = fakeApi((req) => {
      const read = reads(req);
      if (read) return read;
      if (req.method === 'POST' && req.path === '/api/admin/job-templates') return { status: 201, body: { ...oil, _id: 'j2', name: 'Chain', slug: 'chain' } };
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminJobTemplates />);
    const form = within(await screen.findByRole('region', { name: 'New job' }));
    await user.click(form.getByRole('button', { name: 'Create job' }));
    expect(form.getByText('Name is Required')).toBeTruthy();
    expect(form.getByText('Slot name is Required')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Chain');
    await user.type(form.getByRole('textbox', { name: 'Address word' }), 'chain');
    const slot1 = within(form.getByRole('group', { name: 'Slot 1' }));
    await user.type(slot1.getByRole('textbox', { name: 'Slot name' }), 'Drive chain');
    await user.selectOptions(slot1.getByRole('combobox', { name: 'Category' }), 'drivetrain');
    await user.type(slot1.getByRole('textbox', { name: 'Name must hold (optional)' }), 'chain');
    await user.click(form.getByRole('button', { name: 'Add a slot' }));
    const slot2 = within(form.getByRole('group', { name: 'Slot 2' }));
    await user.type(slot2.getByRole('textbox', { name: 'Slot name' }), 'Front sprocket');
    await user.selectOptions(slot2.getByRole('combobox', { name: 'Category' }), 'drivetrain');
    await user.type(slot2.getByRole('textbox', { name: 'Position (optional)' }), 'Front');
    await user.selectOptions(slot2.getByRole('combobox', { name: 'Quantity rule' }), 'per_vehicle');
    const quantity = slot2.getByRole('spinbutton', { name: 'Quantity or multiplier' });
    await user.clear(quantity);
    await user.type(quantity, '100');
    await user.click(form.getByRole('button', { name: 'Create job' }));
    expect(form.getByText('Quantity must be from 1 to 99')).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(form.getByRole('button', { name: 'Create job' }));

    expect(await screen.findByText('Job created: Chain')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Chain',
      slug: 'chain',
      description: '',
      slots: [
        { name: 'Drive chain', category: 'drivetrain', nameWords: 'chain', position: '', quantityRule: 'fixed', quantity: 1 },
        { name: 'Front sprocket', category: 'drivetrain', nameWords: '', position: 'front', quantityRule: 'per_vehicle', quantity: 2 },
      ],
    });
  });
});
