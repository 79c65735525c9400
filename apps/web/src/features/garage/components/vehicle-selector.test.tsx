import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GarageEntry, Vehicle } from '@shop/shared/schemas/vehicle';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';
import { makeProducts } from '../../../testing/fixtures';
import type { SessionUser } from '../../identity/auth-context';
import { getGuestVehicle, setGuestVehicle } from '../guest-vehicle';
import { VehicleSelector } from './vehicle-selector';
import { FitBadge, FitDetailsLine } from './fit-badge';
import { FitWarning } from './fit-warning';

let signedIn: SessionUser | null = null;
vi.mock('../../identity/auth-context', () => ({
  useAuth: () => ({ user: signedIn, loading: false, admin: false, adminLoading: false, logout: async () => {} }),
}));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const mt07: Vehicle = { _id: id(1), make: 'Yamaha', model: 'MT-07', year: 2021, variant: null };
const mt09: Vehicle = { _id: id(2), make: 'Yamaha', model: 'MT-09', year: 2019, variant: null };
const mt09sp: Vehicle = { _id: id(3), make: 'Yamaha', model: 'MT-09', year: 2019, variant: 'SP' };
const cb500f: Vehicle = { _id: id(4), make: 'Honda', model: 'CB500F', year: 2020, variant: null };
const vehicles = [mt07, mt09, mt09sp, cb500f];

/** The vehicle lists as the API answers them (years newest first, makes A–Z, models A–Z, each narrowed by a year), plus My Garage. */
function serveVehicles(garage: GarageEntry[] = []) {
  return fakeApi((req: FakeRequest) => {
    const q = req.query;
    const ofYear = (v: Vehicle) => !q.get('year') || v.year === Number(q.get('year'));
    if (req.path === '/api/vehicles/makes') return { status: 200, body: [...new Set(vehicles.filter(ofYear).map((v) => v.make))].sort() };
    if (req.path === '/api/vehicles/models')
      return { status: 200, body: [...new Set(vehicles.filter((v) => v.make === q.get('make') && ofYear(v)).map((v) => v.model))].sort() };
    if (req.path === '/api/vehicles/years')
      return {
        status: 200,
        body: [...new Set(vehicles.filter((v) => !q.get('make') || (v.make === q.get('make') && v.model === q.get('model'))).map((v) => v.year))].sort(
          (a, b) => b - a,
        ),
      };
    if (req.path === '/api/vehicles')
      return {
        status: 200,
        body: vehicles.filter((v) => v.make === q.get('make') && v.model === q.get('model') && v.year === Number(q.get('year'))),
      };
    if (req.path === '/api/garage' && req.method === 'GET') return { status: 200, body: garage };
    if (req.path === '/api/garage' && req.method === 'POST') {
      const v = vehicles.find((x) => x._id === (req.body as { vehicleId: string }).vehicleId)!;
      const existing = garage.find((e) => e.vehicle._id === v._id);
      if (existing) return { status: 200, body: existing };
      const entry = { _id: id(100 + garage.length), vehicle: v, active: garage.length === 0 };
      garage.push(entry);
      return { status: 201, body: entry };
    }
    const patch = /^\/api\/garage\/(.+)$/.exec(req.path);
    if (patch && req.method === 'PATCH') {
      for (const e of garage) e.active = e._id === patch[1];
      return { status: 200, body: garage.find((e) => e._id === patch[1]) };
    }
    return notFound(req);
  });
}

beforeEach(() => {
  signedIn = null;
});

describe('the vehicle selector', () => {
  it('offers year → make → model with labelled selects, and a guest’s choice is kept in the browser', async () => {
    serveVehicles();
    const onApply = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<VehicleSelector onApply={onApply} />);

    const year = screen.getByRole('combobox', { name: 'Year' }) as HTMLSelectElement;
    const make = screen.getByRole('combobox', { name: 'Make' }) as HTMLSelectElement;
    const model = screen.getByRole('combobox', { name: 'Model' }) as HTMLSelectElement;
    const submit = screen.getByRole('button', { name: 'Show parts that fit' }) as HTMLButtonElement;
    // The year comes first, then the make, then the model.
    expect(year.compareDocumentPosition(make) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(make.compareDocumentPosition(model) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Nothing to choose further until the step before is made.
    expect(make.disabled).toBe(true);
    expect(model.disabled).toBe(true);
    expect(submit.disabled).toBe(true);

    await screen.findByRole('option', { name: '2021' });
    expect(
      within(year)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a year', '2021', '2020', '2019']);
    await user.selectOptions(year, '2021');
    // Only the makes with a bike in that year.
    await waitFor(() => expect(make.disabled).toBe(false));
    expect(
      within(make)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a make', 'Yamaha']);
    expect(model.disabled).toBe(true);
    await user.selectOptions(make, 'Yamaha');
    await waitFor(() => expect(model.disabled).toBe(false));
    // Only that make's models of that year: no MT-09 in 2021 here.
    expect(
      within(model)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a model', 'MT-07']);
    await user.selectOptions(model, 'MT-07');
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);

    expect(onApply).toHaveBeenCalledWith(mt07);
    expect(getGuestVehicle()).toEqual(mt07);
    // The selector folds into one bar with the bike.
    const bar = await screen.findByRole('region', { name: 'Your bike' });
    expect(within(bar).getByText('2021 Yamaha MT-07')).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Change bike' })).toBeTruthy();
  });

  it('clears the later choices when an earlier one changes', async () => {
    serveVehicles();
    const user = userEvent.setup();
    renderWithProviders(<VehicleSelector onApply={vi.fn()} />);
    const year = screen.getByRole('combobox', { name: 'Year' }) as HTMLSelectElement;
    const make = screen.getByRole('combobox', { name: 'Make' }) as HTMLSelectElement;
    const model = screen.getByRole('combobox', { name: 'Model' }) as HTMLSelectElement;
    const submit = screen.getByRole('button', { name: 'Show parts that fit' }) as HTMLButtonElement;
    await screen.findByRole('option', { name: '2019' });
    await user.selectOptions(year, '2019');
    await screen.findByRole('option', { name: 'Yamaha' });
    await user.selectOptions(make, 'Yamaha');
    await screen.findByRole('option', { name: 'MT-09' });
    await user.selectOptions(model, 'MT-09');
    await waitFor(() => expect(submit.disabled).toBe(false));
    expect(screen.getByRole('combobox', { name: 'Variant' })).toBeTruthy();

    // Another make: the model and the variant go.
    await user.selectOptions(make, '');
    expect(make.value).toBe('');
    expect(model.value).toBe('');
    expect(model.disabled).toBe(true);
    expect(submit.disabled).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Variant' })).toBeNull();

    // Another year: the make and model go, and the makes are that year's.
    await user.selectOptions(make, 'Yamaha');
    await screen.findByRole('option', { name: 'MT-09' });
    await user.selectOptions(model, 'MT-09');
    await user.selectOptions(year, '2020');
    expect(make.value).toBe('');
    expect(model.value).toBe('');
    expect(model.disabled).toBe(true);
    expect(submit.disabled).toBe(true);
    await screen.findByRole('option', { name: 'Honda' });
    expect(
      within(make)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a make', 'Honda']);
  });

  it('is used with the keyboard alone: Tab goes year → make → model → Show parts that fit, Enter sends', async () => {
    serveVehicles();
    const onApply = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<VehicleSelector onApply={onApply} />);
    await screen.findByRole('option', { name: '2020' });
    const year = screen.getByRole('combobox', { name: 'Year' });
    const make = screen.getByRole('combobox', { name: 'Make' });
    const model = screen.getByRole('combobox', { name: 'Model' });

    await user.tab();
    // On a phone the first stop is "Choose your bike" (the selects fold behind it); jsdom applies no media queries.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose your bike' }));
    await user.tab();
    expect(document.activeElement).toBe(year);
    // jsdom does not move a native select with the arrow keys; the browser test does (e2e/tests/journey-garage.spec.ts).
    await user.selectOptions(year, '2020');
    await screen.findByRole('option', { name: 'Honda' });
    await user.tab();
    expect(document.activeElement).toBe(make);
    await user.selectOptions(make, 'Honda');
    await screen.findByRole('option', { name: 'CB500F' });
    await user.tab();
    expect(document.activeElement).toBe(model);
    await user.selectOptions(model, 'CB500F');
    const submit = screen.getByRole('button', { name: 'Show parts that fit' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.tab();
    expect(document.activeElement).toBe(submit);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onApply).toHaveBeenCalledWith(cb500f));
  });

  it('lets the rider pick a variant; the base model is the default', async () => {
    serveVehicles();
    const onApply = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<VehicleSelector onApply={onApply} />);
    await screen.findByRole('option', { name: '2019' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2019');
    await screen.findByRole('option', { name: 'Yamaha' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Make' }), 'Yamaha');
    await screen.findByRole('option', { name: 'MT-09' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'MT-09');
    const variant = (await screen.findByRole('combobox', { name: 'Variant' })) as HTMLSelectElement;
    expect(
      within(variant)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Base model', 'SP']);
    expect(variant.value).toBe(mt09._id);
    await user.selectOptions(variant, 'SP');
    await user.click(screen.getByRole('button', { name: 'Show parts that fit' }));
    expect(onApply).toHaveBeenCalledWith(mt09sp);
  });

  it('shows the applied bike as a bar with Show all parts, and Show parts that fit when the list is not filtered', async () => {
    serveVehicles();
    setGuestVehicle(mt07);
    const onApply = vi.fn();
    const onShowAll = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<VehicleSelector applied onApply={onApply} onShowAll={onShowAll} />);
    await user.click(screen.getByRole('button', { name: 'Show all parts' }));
    expect(onShowAll).toHaveBeenCalled();
    unmount();

    renderWithProviders(<VehicleSelector onApply={onApply} onShowAll={onShowAll} />);
    await user.click(screen.getByRole('button', { name: 'Show parts that fit' }));
    expect(onApply).toHaveBeenCalledWith(mt07);
  });

  it('offers a signed-in customer’s garage first, and a choice becomes the active garage vehicle', async () => {
    signedIn = { id: 'user-1', email: 'rider@example.com', displayName: 'Rider', photoURL: null };
    const garage: GarageEntry[] = [
      { _id: id(100), vehicle: mt07, active: true },
      { _id: id(101), vehicle: cb500f, active: false },
    ];
    const api = serveVehicles(garage);
    const onApply = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<VehicleSelector onApply={onApply} />);

    // The active garage vehicle is the chosen one.
    expect(await screen.findByText('2021 Yamaha MT-07')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change bike' }));
    // The selects start from the chosen bike.
    const year = screen.getByRole('combobox', { name: 'Year' }) as HTMLSelectElement;
    await waitFor(() => expect(year.value).toBe('2021'));
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Make' }) as HTMLSelectElement).value).toBe('Yamaha'));
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Model' }) as HTMLSelectElement).value).toBe('MT-07'));
    // The other saved bikes come before the selects.
    const saved = screen.getByRole('button', { name: '2020 Honda CB500F' });
    expect(saved.compareDocumentPosition(year) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(saved);

    await waitFor(() => expect(onApply).toHaveBeenCalledWith(cb500f));
    const writes = api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(writes).toEqual(['POST /api/garage', `PATCH /api/garage/${id(101)}`]);
    expect(await screen.findByText('2020 Honda CB500F')).toBeTruthy();
  });
});

describe('fit badge and warning', () => {
  const [part] = makeProducts(1);
  const fitting = { ...part, fitment: [{ make: 'Yamaha', model: 'MT-07', yearFrom: 2018, yearTo: 2022 }] };
  const other = { ...part, fitment: [{ make: 'Honda', model: 'CB500F', yearFrom: 2019, yearTo: 2023 }] };
  const universal = { ...part, universal: true };

  it('says "Fits your …" for a part that fits the chosen bike or is universal, and warns for one that does not', () => {
    serveVehicles();
    setGuestVehicle(mt07);
    renderWithProviders(
      <>
        <div data-testid="fits">
          <FitBadge product={fitting} />
          <FitWarning product={fitting} />
        </div>
        <div data-testid="universal">
          <FitBadge product={universal} />
        </div>
        <div data-testid="other">
          <FitBadge product={other} />
          <FitWarning product={other} />
        </div>
      </>,
    );
    // The badge keeps the bike's name on one line in a span of its own: compare the whole text.
    expect(screen.getByTestId('fits').textContent).toBe('Fits your 2021 Yamaha MT-07');
    expect(screen.getByTestId('universal').textContent).toBe('Fits your 2021 Yamaha MT-07');
    expect(screen.getByTestId('other').textContent).not.toMatch(/Fits your/);
    expect(within(screen.getByTestId('other')).getByText('This part does not fit your 2021 Yamaha MT-07.')).toBeTruthy();
    expect(within(screen.getByTestId('other')).getByText('Fits: Honda CB500F 2019–2023')).toBeTruthy();
  });

  it('adds where the part goes and how many a bike takes, without the notes, to the badge and the cart’s line (issue #35 item 1)', () => {
    serveVehicles();
    setGuestVehicle(mt07);
    const front = {
      ...part,
      fitment: [
        { make: 'Yamaha', model: 'MT-07', yearFrom: 2018, yearTo: 2022, position: 'front', perVehicle: 2, notes: 'One set per caliper' },
        { make: 'Yamaha', model: 'MT-09', yearFrom: 2018, yearTo: 2022, position: 'rear' },
      ],
    };
    const rear = { ...part, fitment: [{ make: 'Honda', model: 'CB500F', variant: 'ABS', yearFrom: 2019, yearTo: 2023, position: 'rear' }] };
    renderWithProviders(
      <>
        <div data-testid="badge">
          <FitBadge product={front} />
        </div>
        <div data-testid="cart">
          <FitWarning product={front} compact />
          <FitDetailsLine product={front} />
        </div>
        <div data-testid="purchase">
          <FitWarning product={front} />
        </div>
        <div data-testid="plain-cart">
          <FitWarning product={fitting} compact />
          <FitDetailsLine product={fitting} />
        </div>
        <div data-testid="other">
          <FitWarning product={rear} />
        </div>
      </>,
    );
    expect(screen.getByTestId('badge').textContent).toBe('Fits your 2021 Yamaha MT-07 · front · 2 per bike');
    // The bike's name still starts the badge and stays on one line.
    expect(within(screen.getByTestId('badge')).getByText('2021 Yamaha MT-07').className).toContain('whitespace-nowrap');
    // A cart row says it in the badge's words; a part that fits with no details adds nothing to its row.
    expect(screen.getByTestId('cart').textContent).toBe('Fits your 2021 Yamaha MT-07 · front · 2 per bike');
    expect(screen.getByTestId('plain-cart').textContent).toBe('');
    // The purchase page has the badge for that; its warning stays for a part that does not fit.
    expect(screen.getByTestId('purchase').textContent).toBe('');
    // The warning's list names the variant and the position.
    expect(within(screen.getByTestId('other')).getByText('Fits: Honda CB500F ABS 2019–2023 (rear)')).toBeTruthy();
  });

  it('shows nothing without a chosen bike', () => {
    serveVehicles();
    renderWithProviders(
      <div data-testid="none">
        <FitBadge product={universal} />
        <FitWarning product={other} />
      </div>,
    );
    expect(screen.getByTestId('none').textContent).toBe('');
  });
});
