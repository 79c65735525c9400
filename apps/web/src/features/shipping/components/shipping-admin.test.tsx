import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShippingZone, TaxRate } from '@shop/shared/schemas/shipping-tax';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';
import { bandToRow, formatWeight, methodFormToInput, methodToForm, rowGrams } from '../shipping-form';
import { MethodForm, MethodFormDialog } from './method-form-dialog';
import { ZoneCard } from './zone-card';
import { ZoneForm } from './zone-form-dialog';
import { TaxRateForm } from './tax-rate-form-dialog';
import { filterRates, sortRates } from './tax-rates';

const usZone: ShippingZone = {
  _id: 'z1',
  name: 'United States',
  countries: ['US'],
  regions: [],
  methods: [
    {
      _id: 'm1',
      zoneId: 'z1',
      name: 'Standard',
      carrier: 'USPS Ground Advantage',
      minDays: 3,
      maxDays: 5,
      bands: [
        { upToGrams: 5000, price: 12.99 },
        { upToGrams: 1000, price: 7.99 },
      ],
      freeOver: 50,
      takesOversize: false,
    },
  ],
};

describe('weights and bands', () => {
  it('turns kg and g into whole grams, and says what is wrong with a weight', () => {
    expect(rowGrams('1.5', 'kg')).toBe(1500);
    expect(rowGrams('0,25', 'kg')).toBe(250);
    expect(rowGrams('500', 'g')).toBe(500);
    expect(rowGrams('', 'kg')).toEqual({ error: 'Enter the weight this band goes up to.' });
    expect(rowGrams('-1', 'g')).toEqual({ error: 'The weight must be a number above 0.' });
    expect(rowGrams('1.0005', 'kg')).toEqual({ error: 'The weight is whole grams: at most 3 decimals in kg.' });
    expect(formatWeight(1000)).toBe('1 kg');
    expect(formatWeight(1500)).toBe('1.5 kg');
    expect(formatWeight(750)).toBe('750 g');
    expect(bandToRow({ upToGrams: 20000, price: 24.9 })).toMatchObject({ weight: '20', unit: 'kg', price: '24.9' });
    expect(bandToRow({ upToGrams: 250, price: 3 })).toMatchObject({ weight: '250', unit: 'g', price: '3' });
  });

  it('opens a method with its bands light to heavy, and sends an empty free-shipping threshold as null (never free)', () => {
    const form = methodToForm(usZone.methods[0]);
    const result = methodFormToInput({ ...form, freeOver: '' });
    expect(result.input).toEqual({
      name: 'Standard',
      carrier: 'USPS Ground Advantage',
      minDays: 3,
      maxDays: 5,
      bands: [
        { upToGrams: 1000, price: 7.99 },
        { upToGrams: 5000, price: 12.99 },
      ],
      freeOver: null,
      takesOversize: false,
    });
  });
});

describe('MethodForm', () => {
  it('says what is missing, turns kg input into grams and sends bands light to heavy', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<MethodForm id="m" onSubmit={onSubmit} />);
    const form = document.querySelector('form')!;
    await user.click(within(form).getByRole('button', { name: /Add band/ }));
    form.requestSubmit();
    expect(await screen.findByText('The method needs a name')).toBeTruthy();
    expect(screen.getByText('The method needs a carrier')).toBeTruthy();
    expect(screen.getAllByText('Enter a number of business days.')).toHaveLength(2);
    expect(screen.getAllByText('Enter the weight this band goes up to.')).toHaveLength(2);
    expect(screen.getAllByText('Enter the price of this band.')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Method name' }), 'Standard');
    await user.type(screen.getByRole('textbox', { name: 'Carrier' }), 'Australia Post');
    await user.type(screen.getByRole('spinbutton', { name: 'Fastest delivery (business days)' }), '2');
    await user.type(screen.getByRole('spinbutton', { name: 'Slowest delivery (business days)' }), '6');
    const band1 = screen.getByRole('group', { name: 'Band 1' });
    const band2 = screen.getByRole('group', { name: 'Band 2' });
    await user.type(within(band1).getByRole('spinbutton', { name: 'Up to' }), '500');
    await user.selectOptions(within(band1).getByRole('combobox', { name: 'Unit' }), 'g');
    await user.type(within(band1).getByRole('spinbutton', { name: 'Price ($)' }), '9.95');
    // A lighter second band: the shared rule's message, under the band.
    await user.type(within(band2).getByRole('spinbutton', { name: 'Up to' }), '0.4');
    await user.type(within(band2).getByRole('spinbutton', { name: 'Price ($)' }), '14.95');
    form.requestSubmit();
    expect(await within(band2).findByText('Weight bands must get heavier: band 2 must be above 500 g')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(within(band2).getByRole('spinbutton', { name: 'Up to' }));
    await user.type(within(band2).getByRole('spinbutton', { name: 'Up to' }), '2.5');
    await user.type(screen.getByRole('spinbutton', { name: 'Free shipping from order total ($)' }), '150');
    await user.click(screen.getByRole('checkbox', { name: 'Takes oversize parts' }));
    form.requestSubmit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({
      name: 'Standard',
      carrier: 'Australia Post',
      minDays: 2,
      maxDays: 6,
      bands: [
        { upToGrams: 500, price: 9.95 },
        { upToGrams: 2500, price: 14.95 },
      ],
      freeOver: 150,
      takesOversize: true,
    });
  });

  it('removes a band row, but never the last one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MethodForm id="m" method={usZone.methods[0]} onSubmit={() => {}} />);
    expect(screen.getAllByRole('spinbutton', { name: 'Up to' }).map((i) => (i as HTMLInputElement).value)).toEqual(['1', '5']);
    await user.click(screen.getByRole('button', { name: 'Remove band 1' }));
    expect(screen.getAllByRole('spinbutton', { name: 'Up to' }).map((i) => (i as HTMLInputElement).value)).toEqual(['5']);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Remove band 1' }).disabled).toBe(true);
  });
});

describe('MethodFormDialog', () => {
  it('sends the method to its zone and shows the server’s 400 message', async () => {
    const api = fakeApi((req) =>
      req.method === 'POST' && req.path === '/api/shipping/zones/z1/methods'
        ? { status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'name: The method needs a name', details: [] } } }
        : notFound(req),
    );
    const user = userEvent.setup();
    renderWithProviders(<MethodFormDialog target={{ zone: { ...usZone, methods: [] } }} onClose={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: 'Method name' }), 'Express');
    await user.type(screen.getByRole('textbox', { name: 'Carrier' }), 'UPS');
    await user.type(screen.getByRole('spinbutton', { name: 'Fastest delivery (business days)' }), '1');
    await user.type(screen.getByRole('spinbutton', { name: 'Slowest delivery (business days)' }), '2');
    await user.type(screen.getByRole('spinbutton', { name: 'Up to' }), '1');
    await user.type(screen.getByRole('spinbutton', { name: 'Price ($)' }), '19.99');
    await user.click(screen.getByRole('button', { name: 'Add method' }));
    expect(await screen.findByText('name: The method needs a name')).toBeTruthy();
    expect(api.calls[0].body).toMatchObject({ name: 'Express', bands: [{ upToGrams: 1000, price: 19.99 }], freeOver: null });
  });
});

describe('ZoneCard', () => {
  it('names the countries, and lists each method’s delivery time, weight bands (light first) and free threshold', () => {
    renderWithProviders(
      <ZoneCard zone={usZone} onEdit={() => {}} onDelete={() => {}} onAddMethod={() => {}} onEditMethod={() => {}} onDeleteMethod={() => {}} />,
    );
    const card = screen.getByRole('region', { name: 'United States' });
    const table = within(card).getByRole('table', { name: 'Shipping methods of United States' });
    const row = within(table).getByRole('row', { name: /Standard/ });
    expect(within(row).getByText('3–5 business days')).toBeTruthy();
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['up to 1 kg: $7.99', 'up to 5 kg: $12.99']);
    expect(within(row).getByText('from $50.00')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Edit Standard (United States)' })).toBeTruthy();
    // Phones get the same method as a block of its own (CSS shows one or the other).
    const phone = within(card).getByRole('list', { name: 'Shipping methods of United States' });
    expect(within(phone).getByRole('heading', { name: 'Standard' })).toBeTruthy();
    expect(within(phone).getByText('from $50.00')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Delete zone United States' })).toBeTruthy();
  });
});

describe('ZoneForm', () => {
  it('needs a country, finds countries by name, and offers the regions of Australia', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ZoneForm id="z" onSubmit={onSubmit} />);
    const form = document.querySelector('form')!;
    form.requestSubmit();
    expect(await screen.findByText('The zone needs a name')).toBeTruthy();
    expect(screen.getByText('Tick at least one country.')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Zone name' }), 'Oceania');
    await user.type(screen.getByRole('searchbox', { name: 'Find a country' }), 'austr');
    expect(screen.getAllByRole('checkbox').map((c) => c.closest('label')!.textContent)).toEqual(['AustraliaAU', 'AustriaAT']);
    await user.click(screen.getByRole('checkbox', { name: 'Australia' }));
    expect(screen.getByRole('button', { name: 'Remove Australia' })).toBeTruthy();
    const regions = screen.getByRole('group', { name: 'Regions of Australia' });
    await user.click(within(regions).getByRole('checkbox', { name: 'Tasmania' }));
    form.requestSubmit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Oceania', countries: ['AU'], regions: ['TAS'] }));
  });
});

describe('TaxRateForm', () => {
  it('offers the states of a country that has a list, free text elsewhere, and says what is missing', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<TaxRateForm id="r" onSubmit={onSubmit} />);
    document.querySelector('form')!.requestSubmit();
    expect(await screen.findByText('Choose a country.')).toBeTruthy();
    expect(screen.getByText('Enter the rate in percent.')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'DE');
    expect(screen.getByRole('textbox', { name: 'Region code (optional)' })).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'AU');
    const region = screen.getByRole('combobox', { name: 'Region (state or territory)' });
    expect(within(region).getByRole('option', { name: 'New South Wales (NSW)' })).toBeTruthy();
    await user.type(screen.getByRole('spinbutton', { name: 'Rate (%)' }), '10.0001');
    document.querySelector('form')!.requestSubmit();
    expect(await screen.findByText('The rate has at most 3 decimals (e.g. 8.875)')).toBeTruthy();
    await user.clear(screen.getByRole('spinbutton', { name: 'Rate (%)' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Rate (%)' }), '10');
    await user.click(screen.getByRole('checkbox', { name: 'Shipping is taxed' }));
    document.querySelector('form')!.requestSubmit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ country: 'AU', region: '', category: 'standard', ratePercent: 10, taxShipping: true }));
  });
});

describe('tax rate list', () => {
  const rate = (country: string, region: string, category: TaxRate['category'] = 'standard'): TaxRate => ({
    _id: `${country}${region}${category}`,
    country,
    region,
    category,
    ratePercent: 5,
    taxShipping: false,
  });
  it('sorts by country name (whole country first) and filters by country or region name or code', () => {
    const rates = sortRates([rate('US', 'TX'), rate('DE', '', 'reduced'), rate('CA', 'ON'), rate('DE', ''), rate('CA', '')]);
    expect(rates.map((r) => r._id)).toEqual(['CAstandard', 'CAONstandard', 'DEstandard', 'DEreduced', 'USTXstandard']);
    expect(filterRates(rates, 'germ').map((r) => r._id)).toEqual(['DEstandard', 'DEreduced']);
    expect(filterRates(rates, 'de').map((r) => r._id)).toEqual(['DEstandard', 'DEreduced']);
    expect(filterRates(rates, 'texas').map((r) => r._id)).toEqual(['USTXstandard']);
    expect(filterRates(rates, 'on').map((r) => r._id)).toEqual(['CAONstandard']);
  });
});
