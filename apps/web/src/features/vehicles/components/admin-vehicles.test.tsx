import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddVehicleForm } from './add-vehicle-form';
import { VehicleImport } from './vehicle-import';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';

const lists = (req: FakeRequest) => {
  if (req.path === '/api/vehicles/makes') return { status: 200, body: ['Honda'] };
  if (req.path === '/api/vehicles/models') return { status: 200, body: ['CB650R'] };
  return null;
};

describe('AddVehicleForm', () => {
  it('says what is missing, sends the vehicle, and shows the server’s 409 message for a duplicate', async () => {
    let taken = false;
    const api = fakeApi((req) => {
      const list = lists(req);
      if (list) return list;
      if (req.method === 'POST' && req.path === '/api/vehicles') {
        if (taken) return { status: 409, body: { error: { code: 'VEHICLE_EXISTS', message: 'The 2025 Honda CB650R is already in the vehicle list.' } } };
        taken = true;
        return { status: 201, body: { _id: 'v1', ...(req.body as object), variant: null } };
      }
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<AddVehicleForm />);
    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    expect(screen.getByText('Make is Required')).toBeTruthy();
    expect(screen.getByText('Model is Required')).toBeTruthy();
    expect(screen.getByText('Year is Required')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('combobox', { name: 'Make' }), 'Honda');
    await user.type(screen.getByRole('combobox', { name: 'Model' }), 'CB650R');
    await user.type(screen.getByRole('spinbutton', { name: 'Year' }), '2025');
    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    expect(await screen.findByText('Vehicle added: Honda CB650R 2025')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ make: 'Honda', model: 'CB650R', year: 2025, variant: null });
    // The year empties for the next entry; make and model stay.
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Year' }).value).toBe('');

    await user.type(screen.getByRole('spinbutton', { name: 'Year' }), '2025');
    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    await waitFor(() => expect(screen.getByText('The 2025 Honda CB650R is already in the vehicle list.')).toBeTruthy());
  });
});

describe('AddVehicleForm and base vehicle ids (decision 214)', () => {
  it('sends a new vehicle’s base vehicle id, shows a listed vehicle’s, saves a change and shows the server’s 409', async () => {
    const listed = { _id: 'v2019', make: 'Honda', model: 'CB650R', year: 2019, variant: null, externalId: 'HO-2019' };
    const api = fakeApi((req) => {
      const list = lists(req);
      if (list) return list;
      if (req.method === 'GET' && req.path === '/api/vehicles') return { status: 200, body: req.query.get('year') === '2019' ? [listed] : [] };
      if (req.method === 'POST' && req.path === '/api/vehicles') return { status: 201, body: { _id: 'v1', ...(req.body as object), variant: null } };
      if (req.method === 'PATCH' && req.path === '/api/vehicles/v2019') {
        const { externalId } = req.body as { externalId: string | null };
        if (externalId === 'HO-2020')
          return { status: 409, body: { error: { code: 'VEHICLE_EXTERNAL_ID_EXISTS', message: 'Base vehicle id HO-2020 is already the 2020 Honda CB650R.' } } };
        return { status: 200, body: { ...listed, ...(externalId ? { externalId } : { externalId: undefined }) } };
      }
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<AddVehicleForm />);
    await user.type(screen.getByRole('combobox', { name: 'Make' }), 'Honda');
    await user.type(screen.getByRole('combobox', { name: 'Model' }), 'CB650R');
    await user.type(screen.getByRole('spinbutton', { name: 'Year' }), '2020');
    await user.type(screen.getByRole('textbox', { name: 'Base vehicle id (optional)' }), 'HO-2020');
    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    expect(await screen.findByText('Vehicle added: Honda CB650R 2020')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ make: 'Honda', model: 'CB650R', year: 2020, variant: null, externalId: 'HO-2020' });

    // A listed vehicle: its id is shown and filled in, and the button saves it instead of adding.
    await user.type(screen.getByRole('spinbutton', { name: 'Year' }), '2019');
    expect(await screen.findByText('Honda CB650R 2019 is already listed, with base vehicle id HO-2019. Save to change its base vehicle id.')).toBeTruthy();
    const idBox = screen.getByRole<HTMLInputElement>('textbox', { name: 'Base vehicle id (optional)' });
    expect(idBox.value).toBe('HO-2019');
    await user.clear(idBox);
    await user.type(idBox, 'HO-2020');
    await user.click(screen.getByRole('button', { name: 'Save base vehicle id' }));
    expect(await screen.findByText('Base vehicle id HO-2020 is already the 2020 Honda CB650R.')).toBeTruthy();
    await user.clear(idBox);
    await user.click(screen.getByRole('button', { name: 'Save base vehicle id' }));
    expect(await screen.findByText('Base vehicle id of Honda CB650R 2019 cleared')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ externalId: 'HO-2020' }, { externalId: null }]);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('VehicleImport', () => {
  it('sends the file as text/csv and shows added, existing and skipped rows by line', async () => {
    const api = fakeApi((req) =>
      req.method === 'POST' && req.path === '/api/vehicles/import'
        ? { status: 200, body: { rows: 3, created: 6, existing: 1, linked: 1, errors: [{ line: 4, message: 'year_to: year_from must not be after year_to' }] } }
        : notFound(req),
    );
    const user = userEvent.setup();
    renderWithProviders(<VehicleImport />);
    const csv = 'make,model,year_from,year_to\nHonda,CB650R,2019,2024\nHonda,CB500F,2024,2024\nHonda,X,2024,2020\n';
    await user.upload(screen.getByLabelText('Choose a CSV file'), new File([csv], 'bikes.csv', { type: 'text/csv' }));
    const result = await screen.findByRole('region', { name: 'Import result' });
    expect(api.calls[0].raw).toBe(csv);
    const figures = within(result)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(figures).toEqual(['3', '6', '1', '1', '1']);
    expect(within(result).getByText('Given a base vehicle id')).toBeTruthy();
    expect(within(result).getByText('File: bikes.csv')).toBeTruthy();
    expect(within(result).getByRole('listitem').textContent).toBe('Line 4: year_to: year_from must not be after year_to');
  });
});
