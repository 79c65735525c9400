import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Fitment } from '@shop/shared/schemas/vehicle';
import { FitmentEditor } from './fitment-editor';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';

let last: { universal: boolean; fitment: Fitment[] } = { universal: false, fitment: [] };

function Harness({ initial = [] as Fitment[], universal: startUniversal = false }) {
  const [fitment, setFitment] = useState<Fitment[]>(initial);
  const [universal, setUniversal] = useState(startUniversal);
  last = { universal, fitment };
  return <FitmentEditor universal={universal} onUniversalChange={setUniversal} value={fitment} onChange={setFitment} />;
}

const listed: Record<string, Record<string, number[]>> = {
  Honda: { CBR600RR: [2024, 2023, 2022, 2021, 2016, 2015, 2014], CRF300L: [2024, 2023] },
  Yamaha: { 'MT-07': [2023, 2022, 2021] },
};
const vehiclesApi = (req: FakeRequest) => {
  if (req.method !== 'GET') return notFound(req);
  if (req.path === '/api/vehicles/makes') return { status: 200, body: Object.keys(listed) };
  if (req.path === '/api/vehicles/models') return { status: 200, body: Object.keys(listed[req.query.get('make')!] ?? {}) };
  if (req.path === '/api/vehicles/years') return { status: 200, body: listed[req.query.get('make')!]?.[req.query.get('model')!] ?? [] };
  return notFound(req);
};

const lines = () => within(screen.getByRole('list', { name: 'Fitment lines' })).getAllByRole('listitem');

describe('FitmentEditor', () => {
  it('adds a line by typeahead: make, then one of its models, years defaulting to the listed ones', async () => {
    fakeApi(vehiclesApi);
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    expect(screen.getByText(/No fitment lines yet/)).toBeTruthy();

    await user.type(screen.getByRole('combobox', { name: 'Make' }), 'hon');
    const makeList = await screen.findByRole('listbox', { name: 'Make suggestions' });
    expect(
      within(makeList)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Honda']);
    await user.click(within(makeList).getByRole('option', { name: 'Honda' }));
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Make' }).value).toBe('Honda');

    const model = screen.getByRole('combobox', { name: 'Model' });
    await user.click(model);
    const modelList = await screen.findByRole('listbox', { name: 'Model suggestions' });
    await waitFor(() =>
      expect(
        within(modelList)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['CBR600RR', 'CRF300L']),
    );
    // Keyboard: arrow down to the first model, Enter picks it (and does not add the line yet).
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Model' }).value).toBe('CBR600RR');

    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Year from' }).value).toBe('2014'));
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Year to' }).value).toBe('2024');
    expect(screen.getByText('Listed model years: 2014–2016, 2021–2024')).toBeTruthy();

    // The admin narrows the span to the second generation.
    await user.clear(screen.getByRole('spinbutton', { name: 'Year from' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Year from' }), '2021');
    await user.click(screen.getByRole('button', { name: 'Add fitment line' }));

    expect(last.fitment).toEqual([{ make: 'Honda', model: 'CBR600RR', yearFrom: 2021, yearTo: 2024 }]);
    expect(lines().map((li) => li.textContent)).toEqual(['Honda CBR600RR 2021–2024Remove']);
    // Ready for the next model of the same make.
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Make' }).value).toBe('Honda');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Model' }).value).toBe('');
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Model' }));
  });

  it('keeps lines sorted, refuses a repeated line, and removes a line', async () => {
    fakeApi(vehiclesApi);
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={[{ make: 'Yamaha', model: 'MT-07', yearFrom: 2021, yearTo: 2023 }]} />);
    await user.type(screen.getByRole('combobox', { name: 'Make' }), 'honda');
    await user.type(screen.getByRole('combobox', { name: 'Model' }), 'crf300l');
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Year to' }).value).toBe('2024'));
    // Enter in the row adds the line (the listed spelling is used), it does not submit a surrounding form.
    await user.type(screen.getByRole('spinbutton', { name: 'Year to' }), '{Enter}');
    expect(last.fitment).toEqual([
      { make: 'Honda', model: 'CRF300L', yearFrom: 2023, yearTo: 2024 },
      { make: 'Yamaha', model: 'MT-07', yearFrom: 2021, yearTo: 2023 },
    ]);

    await user.type(screen.getByRole('combobox', { name: 'Model' }), 'CRF300L');
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Year to' }).value).toBe('2024'));
    await user.click(screen.getByRole('button', { name: 'Add fitment line' }));
    expect(screen.getByRole('alert').textContent).toBe('This line is already in the list.');
    expect(last.fitment).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove Yamaha MT-07 2021–2023' }));
    expect(last.fitment).toEqual([{ make: 'Honda', model: 'CRF300L', yearFrom: 2023, yearTo: 2024 }]);
    expect(lines()).toHaveLength(1);
  });

  it('explains what is missing or wrong, and warns about a model that is not listed', async () => {
    fakeApi(vehiclesApi);
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Add fitment line' }));
    expect(screen.getByText('Make is Required')).toBeTruthy();
    expect(screen.getByText('Model is Required')).toBeTruthy();
    expect(screen.getByText('Year from is Required')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Make' }).getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByRole('combobox', { name: 'Make' }), 'Honda');
    await user.type(screen.getByRole('combobox', { name: 'Model' }), 'CB750 Hornet');
    expect(await screen.findByText(/Not in the vehicle list/)).toBeTruthy();
    await user.type(screen.getByRole('spinbutton', { name: 'Year from' }), '2025');
    await user.type(screen.getByRole('spinbutton', { name: 'Year to' }), '2023');
    await user.click(screen.getByRole('button', { name: 'Add fitment line' }));
    expect(screen.getByText('Year to must not be before year from')).toBeTruthy();
    expect(last.fitment).toEqual([]);

    await user.clear(screen.getByRole('spinbutton', { name: 'Year to' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Year to' }), '2026');
    await user.click(screen.getByRole('button', { name: 'Add fitment line' }));
    // Not listed yet is allowed (decision 130): the line is kept as typed.
    expect(last.fitment).toEqual([{ make: 'Honda', model: 'CB750 Hornet', yearFrom: 2025, yearTo: 2026 }]);
  });

  it('adds a line with a position, a number per bike and notes; a front and a rear line of one bike are two lines (issue #35 item 1)', async () => {
    fakeApi(vehiclesApi);
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={[{ make: 'Yamaha', model: 'MT-07', yearFrom: 2021, yearTo: 2023, position: 'front', perVehicle: 2 }]} />);
    // The lines say their details after the years.
    expect(lines().map((li) => li.textContent)).toEqual(['Yamaha MT-07 2021–2023 · front · 2 per bikeRemove']);
    const position = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Position (optional)' });
    expect(position.value).toBe('');
    expect(
      within(position)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any / not given', 'Front', 'Rear', 'Left', 'Right', 'Upper', 'Lower', 'Front left', 'Front right', 'Rear left', 'Rear right']);

    await user.type(screen.getByRole('combobox', { name: 'Make' }), 'Yamaha');
    await user.type(screen.getByRole('combobox', { name: 'Model' }), 'MT-07');
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Year to' }).value).toBe('2023'));
    // The same bike and years at the front again is the same line.
    await user.selectOptions(position, 'front');
    await user.click(screen.getByRole('button', { name: 'Add fitment line' }));
    expect(screen.getByRole('alert').textContent).toBe('This line is already in the list.');

    // At the rear it is another line; a number per bike out of range is refused first.
    await user.selectOptions(position, 'rear');
    await user.type(screen.getByRole('spinbutton', { name: 'Per bike (optional)' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'Notes (optional)' }), '  With the ABS sensor ring  ');
    await user.click(screen.getByRole('button', { name: 'Add fitment line' }));
    expect(screen.getByText('Per bike must be a whole number from 1 to 99')).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'Per bike (optional)' }).getAttribute('aria-invalid')).toBe('true');
    expect(last.fitment).toHaveLength(1);
    await user.clear(screen.getByRole('spinbutton', { name: 'Per bike (optional)' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Per bike (optional)' }), '1');
    await user.click(screen.getByRole('button', { name: 'Add fitment line' }));
    expect(last.fitment).toEqual([
      { make: 'Yamaha', model: 'MT-07', yearFrom: 2021, yearTo: 2023, position: 'front', perVehicle: 2 },
      { make: 'Yamaha', model: 'MT-07', yearFrom: 2021, yearTo: 2023, position: 'rear', perVehicle: 1, notes: 'With the ABS sensor ring' },
    ]);
    expect(lines().map((li) => li.textContent)).toEqual([
      'Yamaha MT-07 2021–2023 · front · 2 per bikeRemove',
      'Yamaha MT-07 2021–2023 · rear · 1 per bike · With the ABS sensor ringRemove',
    ]);
    // The details stay for the next model, as the make does.
    expect(position.value).toBe('rear');
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Per bike (optional)' }).value).toBe('1');

    // Each line's Remove names its position.
    await user.click(screen.getByRole('button', { name: 'Remove Yamaha MT-07 2021–2023 (front)' }));
    expect(last.fitment).toEqual([
      { make: 'Yamaha', model: 'MT-07', yearFrom: 2021, yearTo: 2023, position: 'rear', perVehicle: 1, notes: 'With the ABS sensor ring' },
    ]);
  });

  it('shows a variant line with its variant after the model', () => {
    fakeApi(vehiclesApi);
    renderWithProviders(<Harness initial={[{ make: 'Yamaha', model: 'MT-09', variant: 'SP', yearFrom: 2021, yearTo: 2023 }]} />);
    expect(lines().map((li) => li.textContent)).toEqual(['Yamaha MT-09 SP 2021–2023Remove']);
    expect(screen.getByRole('button', { name: 'Remove Yamaha MT-09 SP 2021–2023' })).toBeTruthy();
  });

  it('toggles universal', async () => {
    fakeApi(vehiclesApi);
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const box = screen.getByRole('checkbox', { name: 'Fits all vehicles (universal)' });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    expect(last.universal).toBe(true);
    expect(screen.getByText(/A universal part fits every vehicle/)).toBeTruthy();
  });
});
