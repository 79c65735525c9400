import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { priceListsCopy as t } from '@shop/shared/copy/price-lists';
import type { PriceListDetail, PriceListSummary } from '@shop/shared/schemas/price-list';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';
import { acme as acmeFixture } from '../../../testing/companies';
import { makeProducts } from '../../../testing/fixtures';
import { AdminPriceLists } from './admin-price-lists';
import { AdminPriceList } from './admin-price-list';

// The days in the admin's own time zone, as the form sends them: from the start of Jan 1 to the end of Mar 31.
const jan1 = new Date(2027, 0, 1).toISOString();
const apr1 = new Date(2027, 3, 1).toISOString();

// The API checks company ids are ids (UUIDs), and so does the form before it sends them.
const acme = { ...acmeFixture, _id: '00000000-0000-4000-8000-00000000c001' };
const brakeBros = { ...acmeFixture, _id: '00000000-0000-4000-8000-00000000c002', name: 'Brake Bros' };

const workshop: PriceListSummary = {
  _id: 'pl1',
  name: 'Workshop 2027',
  startsAt: jan1,
  endsAt: apr1,
  current: true,
  priceCount: 1,
  discounts: [
    { kind: 'category', value: 'brakes', percentOff: 10 },
    { kind: 'brand', value: 'Brembo', percentOff: 5 },
  ],
  companies: [{ _id: acme._id, name: acme.name }],
  updatedAt: '2026-12-01T10:00:00.000Z',
};
const [part] = makeProducts(2).slice(1);
const detail: PriceListDetail = {
  ...workshop,
  prices: [
    {
      productId: 'p1',
      sku: 'BRK-100',
      name: 'Sintered brake pads',
      minOrder: 10,
      publicPrice: 35,
      unitPrice: 30,
      priceTiers: [{ minQuantity: 20, unitPrice: 28 }],
    },
  ],
};

const reads = (req: FakeRequest) =>
  req.method === 'GET' && req.path === '/api/admin/price-lists'
    ? {
        status: 200,
        body: [workshop, { ...workshop, _id: 'pl2', name: 'Old list', startsAt: null, endsAt: null, current: false, companies: [], discounts: [] }],
      }
    : req.method === 'GET' && req.path === '/api/admin/price-lists/pl1'
      ? { status: 200, body: detail }
      : req.method === 'GET' && req.path === '/api/admin/companies'
        ? { status: 200, body: [acme, brakeBros] }
        : null;

describe('AdminPriceLists', () => {
  it('lists the price lists with their days, status, companies, prices and percentages, each linked to its page', async () => {
    fakeApi((req) => reads(req) ?? notFound(req));
    renderWithProviders(<AdminPriceLists />);
    const table = await screen.findByRole('table', { name: 'All price lists' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1]!);
    expect(first.getByRole('link', { name: 'Open the price list Workshop 2027' }).getAttribute('href')).toBe('/dashboard/price-lists/pl1');
    expect(first.getByText('Jan 1, 2027 – Mar 31, 2027')).toBeTruthy();
    expect(first.getByText('Current')).toBeTruthy();
    expect(first.getByText('Acme Moto Works')).toBeTruthy();
    expect(first.getByText('Brakes 10% off · Brembo 5% off')).toBeTruthy();
    const second = within(rows[2]!);
    expect(second.getByText('Always')).toBeTruthy();
    expect(second.getByText('Not current')).toBeTruthy();
    expect(second.getByText('No companies')).toBeTruthy();
  });

  it('says what is wrong, then creates the list with its days, companies and percentages', async () => {
    const api = fakeApi((req) => {
      const read = reads(req);
      if (read) return read;
      if (req.method === 'POST' && req.path === '/api/admin/price-lists') return { status: 201, body: { ...detail, _id: 'pl3', name: 'Dealers' } };
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminPriceLists />);
    const form = within(await screen.findByRole('region', { name: 'New price list' }));
    await user.click(form.getByRole('button', { name: 'Create price list' }));
    expect(form.getByText('Name is Required')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Dealers');
    fireEvent.change(form.getByLabelText('Valid from (optional)'), { target: { value: '2027-01-01' } });
    fireEvent.change(form.getByLabelText('Valid until (optional)'), { target: { value: '2027-03-31' } });
    await user.click(await form.findByRole('checkbox', { name: 'Brake Bros' }));
    await user.click(form.getByRole('button', { name: 'Add a percentage off' }));
    await user.selectOptions(form.getByRole('combobox', { name: 'Percentage 1: category' }), 'fluids');
    await user.type(form.getByRole('spinbutton', { name: 'Percentage 1: percent off' }), '12.5');
    await user.click(form.getByRole('button', { name: 'Add a percentage off' }));
    await user.selectOptions(form.getByRole('combobox', { name: 'Percentage 2: off a category or a brand' }), 'Brand');
    await user.type(form.getByRole('textbox', { name: 'Percentage 2: brand' }), 'Brembo');
    await user.type(form.getByRole('spinbutton', { name: 'Percentage 2: percent off' }), '150');
    await user.click(form.getByRole('button', { name: 'Create price list' }));
    expect(form.getByText('Percent off must be less than 100')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    const percent = form.getByRole('spinbutton', { name: 'Percentage 2: percent off' });
    await user.clear(percent);
    await user.type(percent, '5');
    await user.click(form.getByRole('button', { name: 'Create price list' }));
    expect(await screen.findByText('Price list created: Dealers')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Dealers',
      startsAt: jan1,
      endsAt: apr1,
      companyIds: [brakeBros._id],
      discounts: [
        { kind: 'category', value: 'fluids', percentOff: 12.5 },
        { kind: 'brand', value: 'Brembo', percentOff: 5 },
      ],
    });
    expect((form.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal of a second list of the same name', async () => {
    fakeApi(
      (req) =>
        reads(req) ??
        (req.method === 'POST'
          ? {
              status: 409,
              body: { error: { code: 'PRICE_LIST_NAME_TAKEN', message: 'A price list named Workshop 2027 already exists: choose another name.' } },
            }
          : notFound(req)),
    );
    const user = userEvent.setup();
    renderWithProviders(<AdminPriceLists />);
    const form = within(await screen.findByRole('region', { name: 'New price list' }));
    await user.type(form.getByRole('textbox', { name: 'Name' }), 'workshop 2027');
    await user.click(form.getByRole('button', { name: 'Create price list' }));
    expect((await form.findByRole('alert')).textContent).toBe('A price list named Workshop 2027 already exists: choose another name.');
  });
});

describe('AdminPriceList', () => {
  it('shows the list’s part prices and saves its settings, sending the days only when they changed', async () => {
    const api = fakeApi((req) => {
      const read = reads(req);
      if (read) return read;
      if (req.method === 'PATCH' && req.path === '/api/admin/price-lists/pl1') return { status: 200, body: { ...detail, name: 'Workshop 2027 B' } };
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminPriceList id="pl1" />);
    expect(await screen.findByRole('heading', { name: 'Workshop 2027', level: 2 })).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Part prices of Workshop 2027' });
    const row = within(within(table).getAllByRole('row')[1]!);
    expect(row.getByRole('rowheader', { name: 'BRK-100' })).toBeTruthy();
    expect(row.getByText('Sintered brake pads')).toBeTruthy();
    expect(row.getByText('$35.00')).toBeTruthy();
    expect(row.getByText('$30.00')).toBeTruthy();
    expect(row.getByText('from 20: $28.00')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Lot price on this list' })).toBeTruthy();

    const settings = within(screen.getByRole('region', { name: 'Settings' }));
    expect((settings.getByLabelText('Valid until (optional)') as HTMLInputElement).value).toBe('2027-03-31');
    expect(((await settings.findByRole('checkbox', { name: 'Acme Moto Works' })) as HTMLInputElement).checked).toBe(true);
    expect((settings.getByRole('combobox', { name: 'Percentage 1: category' }) as HTMLSelectElement).value).toBe('brakes');
    await user.click(settings.getByRole('button', { name: 'Remove percentage 2' }));
    const name = settings.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Workshop 2027 B');
    await user.click(settings.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved: Workshop 2027 B')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      name: 'Workshop 2027 B',
      companyIds: [acme._id],
      discounts: [{ kind: 'category', value: 'brakes', percentOff: 10 }],
    });
  });

  it('finds a part by its number and sets its lot price with a quantity price', async () => {
    const api = fakeApi((req) => {
      const read = reads(req);
      if (read) return read;
      if (req.method === 'GET' && req.path === '/api/products/manage')
        return { status: 200, body: { items: [part], total: 1, page: 1, limit: 10, pages: 1, counts: { all: 1, lowStock: 0 } } };
      if (req.method === 'PUT' && req.path === `/api/admin/price-lists/pl1/prices/${part!._id}`)
        return { status: 200, body: { productId: part!._id, sku: part!.sku, name: part!.name, minOrder: 11, publicPrice: 5.5, ...(req.body as object) } };
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminPriceList id="pl1" />);
    const form = within(await screen.findByRole('region', { name: 'Set a part’s price' }));
    await user.type(form.getByRole('searchbox', { name: 'Part number or name' }), 'tp 1001{Enter}');
    expect(api.calls.find((c) => c.path === '/api/products/manage')!.query.get('q')).toBe('tp 1001');
    expect(((await form.findByRole('radio', { name: /TP-1001 — Part 2/ })) as HTMLInputElement).checked).toBe(true);
    expect(form.getByText(/The price of one lot of 11 units/)).toBeTruthy();

    await user.click(form.getByRole('button', { name: 'Set price' }));
    expect(form.getByText('Lot price is Required')).toBeTruthy();
    await user.type(form.getByRole('spinbutton', { name: 'Lot price ($)' }), '4.75');
    await user.click(form.getByRole('button', { name: 'Add a price tier' }));
    await user.type(form.getByRole('spinbutton', { name: 'Tier 1: from quantity' }), '50');
    await user.type(form.getByRole('spinbutton', { name: 'Tier 1: price per lot' }), '4.5');
    await user.click(form.getByRole('button', { name: 'Set price' }));
    expect(await screen.findByText('Price set: TP-1001')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ unitPrice: 4.75, priceTiers: [{ minQuantity: 50, unitPrice: 4.5 }] });
  });

  it('takes a part off the list after confirming', async () => {
    const api = fakeApi((req) => reads(req) ?? (req.method === 'DELETE' ? { status: 204 } : notFound(req)));
    const user = userEvent.setup();
    renderWithProviders(<AdminPriceList id="pl1" />);
    await user.click(await screen.findByRole('button', { name: 'Remove BRK-100 from the list' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Take BRK-100 off this list?' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Taken off the list: BRK-100')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'DELETE')!.path).toBe('/api/admin/price-lists/pl1/prices/p1');
  });

  it('uploads a CSV as text/csv and shows the server’s message of a refused file', async () => {
    const message = 'Nothing was changed: 2 rows have problems (line 2: no part has the number NOPE; line 3: Unit price must be more than 0).';
    const api = fakeApi(
      (req) =>
        reads(req) ??
        (req.method === 'POST' && req.path === '/api/admin/price-lists/pl1/prices.csv'
          ? { status: 400, body: { error: { code: 'VALIDATION_ERROR', message } } }
          : notFound(req)),
    );
    const user = userEvent.setup();
    renderWithProviders(<AdminPriceList id="pl1" />);
    const csv = within(await screen.findByRole('region', { name: 'Prices as CSV' }));
    await user.click(csv.getByRole('button', { name: 'Upload prices (CSV)' }));
    expect((await csv.findByRole('alert')).textContent).toBe(t.fileRequired);

    const text = 'sku,unit_price\nNOPE,1\nBRK-100,0\n';
    await user.upload(csv.getByLabelText('CSV file'), new File([text], 'prices.csv', { type: 'text/csv' }));
    await user.click(csv.getByRole('button', { name: 'Upload prices (CSV)' }));
    expect((await csv.findByText(message)).getAttribute('role')).toBe('alert');
    const post = api.calls.findIndex((c) => c.method === 'POST');
    expect(api.calls[post]!.path).toBe('/api/admin/price-lists/pl1/prices.csv');
    expect(api.calls[post]!.raw).toBe(text);
    const init = api.fetchMock.mock.calls[post]![1]!;
    expect(new Headers(init.headers).get('content-type')).toBe('text/csv');
  });

  it('reports an upload’s changed rows', async () => {
    fakeApi(
      (req) =>
        reads(req) ??
        (req.method === 'POST' && req.path === '/api/admin/price-lists/pl1/prices.csv' ? { status: 200, body: { updated: 2, rows: 3 } } : notFound(req)),
    );
    const user = userEvent.setup();
    renderWithProviders(<AdminPriceList id="pl1" />);
    const csv = within(await screen.findByRole('region', { name: 'Prices as CSV' }));
    await user.upload(csv.getByLabelText('CSV file'), new File(['sku,unit_price\nBRK-100,29\n'], 'prices.csv', { type: 'text/csv' }));
    await user.click(csv.getByRole('button', { name: 'Upload prices (CSV)' }));
    expect(await screen.findByText('Prices uploaded: 2 of 3 rows changed')).toBeTruthy();
  });

  it('deletes the list after confirming and goes back to the lists', async () => {
    const api = fakeApi((req) => reads(req) ?? (req.method === 'DELETE' && req.path === '/api/admin/price-lists/pl1' ? { status: 204 } : notFound(req)));
    const user = userEvent.setup();
    const { router } = renderWithProviders(<AdminPriceList id="pl1" />, {
      url: '/dashboard/price-lists/pl1',
      path: '/dashboard/price-lists/:id',
      routes: [{ path: '/dashboard/price-lists', element: <p>All the lists</p> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete price list' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete the price list Workshop 2027?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('All the lists')).toBeTruthy();
    expect(await screen.findByText('Price list deleted: Workshop 2027')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/price-lists');
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('says so for a list that does not exist', async () => {
    fakeApi((req) => ({ status: 404, body: { error: { code: 'PRICE_LIST_NOT_FOUND', message: `No price list ${req.path}` } } }));
    renderWithProviders(<AdminPriceList id="nope" />);
    expect(await screen.findByText(/We have no such price list/)).toBeTruthy();
  });
});
