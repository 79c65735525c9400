import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import PartPage from './part';
import { renderWithProviders, testQueryClient } from '../../testing/render-with-providers';
import { fakeApi, notFound } from '../../testing/fake-api';
import type { Review } from '@shop/shared/schemas/review';
import type { Vehicle } from '@shop/shared/schemas/vehicle';
import { PartFitment, groupFitment } from '../../features/catalog/components/part-fitment';
import { PartNumbers } from '../../features/catalog/components/part-numbers';
import { getGuestVehicle, setGuestVehicle } from '../../features/garage/guest-vehicle';
import { makeProducts, makeReviews, reviewPageOf } from '../../testing/fixtures';

const [base] = makeProducts(1);
const part = {
  ...base,
  name: 'Sintered Brake Pads',
  sku: 'FA-196HH',
  brand: 'EBC',
  unitPrice: 12.5,
  minOrder: 10,
  stock: 250,
  img: '/api/uploads/0f8fad5b-d9cb-469f-a165-70867728950e/960.webp',
  images: ['/api/uploads/0f8fad5b-d9cb-469f-a165-70867728950e/960.webp', '/images/products/side.svg', '/images/products/back.svg'],
};

/** The part's reviews (issue #22), oldest first as made; the API pages them newest first. */
let partReviews: Review[] = [];

function serve(product: typeof part = part) {
  return fakeApi((req) => {
    if (req.method === 'GET' && req.path === `/api/product/${part._id}`) return { status: 200, body: product };
    if (req.method === 'GET' && req.path === '/api/reviews' && req.query.get('productId') === part._id)
      return { status: 200, body: reviewPageOf(partReviews, Number(req.query.get('page')), Number(req.query.get('limit'))) };
    return notFound(req);
  });
}

const render = (id = part._id) =>
  renderWithProviders(<PartPage />, {
    url: `/parts/${id}`,
    path: '/parts/:id',
    routes: [
      { path: '/purchase/:id', element: <p>purchase page</p> },
      { path: '/products', element: <p>products page</p> },
    ],
  });

describe('public part page', () => {
  it('lists the part\'s reviews newest first, each with "Verified purchase", or says there are none yet', async () => {
    partReviews = makeReviews(2).map((r) => ({ ...r, productId: part._id, productName: part.name, verifiedPurchase: true }));
    serve();
    const { unmount } = render();
    const section = (await screen.findByRole('heading', { level: 2, name: 'Reviews of this part' })).closest('section')!;
    await within(section).findByRole('heading', { name: 'Rider 2' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Rider 2', 'Rider 1']);
    expect(within(section).getAllByText('Verified purchase')).toHaveLength(2);
    expect(section.textContent).toContain('2 reviews');
    unmount();

    partReviews = [];
    serve();
    render();
    expect(await screen.findByText(/No reviews of this part yet/)).toBeTruthy();
  });

  it('shows the part with its lot and unit price, stock, minimum order and Order Now', async () => {
    serve();
    render();
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Sintered Brake Pads' });
    const article = h1.closest('article')!;
    expect(within(article).getByText('FA-196HH')).toBeTruthy();
    expect(within(article).getByText('EBC')).toBeTruthy();
    expect(within(article).getByText('Brakes')).toBeTruthy();
    expect(within(article).getByText('$1.25 each')).toBeTruthy();
    expect(article.textContent).toContain('$1.25 eachmin. 10 · Unit Price: $12.50 per lot');
    expect(article.textContent).toContain('Order any quantity from 10, not only whole lots.');
    expect(article.textContent).toContain('250 units');
    expect(
      within(article)
        .getByRole('link', { name: /Order Now/ })
        .getAttribute('href'),
    ).toBe(`/purchase/${part._id}`);
    await waitFor(() => expect(document.title).toBe('Sintered Brake Pads · Torque & Throttle Parts'));
  });

  it('puts the price of one piece first, "$24.90 each", with "min. 10 · Unit Price: $249.00 per lot" beside it and no formula (issue #39)', async () => {
    serve({ ...part, unitPrice: 249, minOrder: 10 });
    render();
    const article = (await screen.findByRole('heading', { level: 1, name: 'Sintered Brake Pads' })).closest('article')!;
    expect(within(article).getByText('$24.90 each')).toBeTruthy();
    expect(within(article).getByText('Unit Price: $249.00 per lot')).toBeTruthy();
    expect(article.textContent).toContain('$24.90 eachmin. 10 · Unit Price: $249.00 per lot');
    expect(article.textContent).not.toMatch(/÷|×/);
    expect(within(article).getByText('Order any quantity from 10, not only whole lots.')).toBeTruthy();
  });

  it('shows every price with a $ and at most 2 decimals, rounded half-up to the cent (issue #24: not "$69.9967")', async () => {
    const tiers = [
      { minQuantity: 20, unitPrice: 649.995 },
      { minQuantity: 1000, unitPrice: 1234.5678 },
    ];
    serve({ ...part, unitPrice: 699.967, minOrder: 10, stock: 2500, priceTiers: tiers });
    render();
    const article = (await screen.findByRole('heading', { level: 1, name: 'Sintered Brake Pads' })).closest('article')!;
    // A lot of $699.97 is $69.997 a piece: to the cent from a dollar up, so the page says "about".
    expect(article.textContent).toContain('about $70.00 eachmin. 10 · Unit Price: $699.97 per lot');
    expect(article.textContent).toContain('Unit Price: $699.97 per lot');
    const table = within(article).getByRole('table');
    expect(table.textContent).toContain('about $70.00 each$699.97 per lot');
    expect(table.textContent).toContain('$65.00 each$650.00 per lot');
    expect(table.textContent).toContain('about $123.46 each$1,234.57 per lot');
    const text = article.textContent!;
    expect(text).not.toMatch(/\d\.\d{3}/);
    for (const figure of text.match(/\$[\d,]+(\.\d+)?/g)!) expect(figure).toMatch(/^\$\d{1,3}(,\d{3})*(\.\d{2})?$/);
  });

  it('puts the Product JSON-LD, the canonical link and one description in the document', async () => {
    // index.html's shop-wide description (and no other: a page head that went earlier may have added the shop's own).
    document.head.querySelectorAll('meta[name="description"]').forEach((meta) => meta.remove());
    document.head.insertAdjacentHTML('beforeend', '<meta name="description" content="The whole shop">');
    serve();
    const { unmount } = render();
    await screen.findByRole('heading', { level: 1, name: 'Sintered Brake Pads' });
    const script = document.querySelector('script[type="application/ld+json"]')!;
    const ld = JSON.parse(script.textContent!);
    expect(ld).toMatchObject({ '@type': 'Product', name: 'Sintered Brake Pads', sku: 'FA-196HH', brand: { name: 'EBC' } });
    expect(ld.offers).toMatchObject({ price: '12.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' });
    expect(ld.image[0]).toBe(`${window.location.origin}${part.img}`);
    expect(document.head.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(`${window.location.origin}/parts/${part._id}`);
    const descriptions = document.head.querySelectorAll('meta[name="description"]');
    expect(descriptions).toHaveLength(1);
    expect(descriptions[0].getAttribute('content')).toContain('FA-196HH');
    // Leaving the page brings the shop-wide description back.
    unmount();
    expect(document.head.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('The whole shop');
    document.head.querySelector('meta[name="description"]')!.remove();
  });

  it('lists the other part numbers under "Part numbers" and names them in the JSON-LD as isSimilarTo (issue #26 item 4)', async () => {
    const partNumbers = [
      { kind: 'replaces' as const, brand: 'Yamaha', number: '1WS-W0045-00' },
      { kind: 'equivalent' as const, brand: 'Brembo', number: '07BB3835' },
      { kind: 'supersedes' as const, brand: 'EBC', number: 'FA196' },
    ];
    serve({ ...part, partNumbers });
    const { unmount } = render();
    const section = (await screen.findByRole('heading', { level: 2, name: 'Part numbers' })).closest('section')!;
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Replaces Yamaha 1WS-W0045-00', 'Same as Brembo 07BB3835', 'Supersedes EBC FA196']);
    const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld.isSimilarTo).toEqual([
      { '@type': 'Product', name: 'Yamaha 1WS-W0045-00', mpn: '1WS-W0045-00', brand: { '@type': 'Brand', name: 'Yamaha' } },
      { '@type': 'Product', name: 'Brembo 07BB3835', mpn: '07BB3835', brand: { '@type': 'Brand', name: 'Brembo' } },
      { '@type': 'Product', name: 'EBC FA196', mpn: 'FA196', brand: { '@type': 'Brand', name: 'EBC' } },
    ]);
    // The part's own identity is unchanged.
    expect(ld).toMatchObject({ sku: 'FA-196HH', mpn: 'FA-196HH', brand: { '@type': 'Brand', name: 'EBC' } });
    unmount();

    // None: no section, and no isSimilarTo.
    serve();
    render();
    await screen.findByRole('heading', { level: 1, name: 'Sintered Brake Pads' });
    expect(screen.queryByRole('heading', { name: 'Part numbers' })).toBeNull();
    expect(JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!)).not.toHaveProperty('isSimilarTo');
  });

  it('renders the part numbers on the server, so search engines read them', () => {
    const html = renderToString(<PartNumbers product={{ partNumbers: [{ kind: 'replaces', brand: 'Yamaha', number: '1WS-W0045-00' }] }} />);
    expect(html).toContain('Part numbers');
    expect(html).toContain('Replaces Yamaha 1WS-W0045-00');
  });

  it('switches the main picture with the thumbnails, by click and by arrow keys', async () => {
    serve();
    const user = userEvent.setup();
    render();
    const gallery = await screen.findByRole('region', { name: 'Pictures of this part' });
    const main = () => within(gallery).getByRole('img', { name: /Sintered Brake Pads, picture/ });
    expect(main().getAttribute('src')).toBe(part.images[0]);
    expect(main().getAttribute('srcset')).toContain('/api/uploads/0f8fad5b-d9cb-469f-a165-70867728950e/320.webp 320w');
    await user.click(within(gallery).getByRole('button', { name: 'Show picture 2 of 3' }));
    expect(main().getAttribute('src')).toBe(part.images[1]);
    expect(within(gallery).getByRole('button', { name: 'Show picture 2 of 3' }).getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(main().getAttribute('src')).toBe(part.images[2]);
    expect(document.activeElement).toBe(within(gallery).getByRole('button', { name: 'Show picture 3 of 3' }));
    await user.keyboard('{Home}');
    expect(main().getAttribute('src')).toBe(part.images[0]);
  });

  it('shows a not-found state with a link to the products for an unknown id', async () => {
    serve();
    render('00000000-0000-4000-8000-999999999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Part not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all parts' }).getAttribute('href')).toBe('/products');
  });
});

describe('the bikes a part fits and the fit check (issue #26 item 5)', () => {
  const vid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const mt07: Vehicle = { _id: vid(1), make: 'Yamaha', model: 'MT-07', year: 2021, variant: null };
  const cb500f: Vehicle = { _id: vid(2), make: 'Honda', model: 'CB500F', year: 2020, variant: null };
  const vehicles = [mt07, cb500f];
  const fitment = [
    { make: 'Yamaha', model: 'MT-09', yearFrom: 2014, yearTo: 2020 },
    { make: 'Honda', model: 'CBR600RR', yearFrom: 2021, yearTo: 2024 },
    { make: 'Yamaha', model: 'MT-07', yearFrom: 2014, yearTo: 2024 },
    { make: 'Honda', model: 'CBR600RR', yearFrom: 2003, yearTo: 2016 },
    { make: 'Honda', model: 'CB650R', yearFrom: 2019, yearTo: 2019 },
  ];
  const pads = { ...part, fitment };

  /** The part and the selector's lists (years newest first, makes and models A–Z, each narrowed by the year). */
  function serveWithVehicles(product: typeof part = pads) {
    return fakeApi((req) => {
      const q = req.query;
      const ofYear = (v: Vehicle) => v.year === Number(q.get('year'));
      if (req.path === `/api/product/${part._id}`) return { status: 200, body: product };
      if (req.path === '/api/reviews') return { status: 200, body: reviewPageOf([], 1, 10) };
      if (req.path === '/api/vehicles/years') return { status: 200, body: [...new Set(vehicles.map((v) => v.year))].sort((a, b) => b - a) };
      if (req.path === '/api/vehicles/makes') return { status: 200, body: [...new Set(vehicles.filter(ofYear).map((v) => v.make))].sort() };
      if (req.path === '/api/vehicles/models')
        return { status: 200, body: [...new Set(vehicles.filter((v) => ofYear(v) && v.make === q.get('make')).map((v) => v.model))].sort() };
      if (req.path === '/api/vehicles')
        return { status: 200, body: vehicles.filter((v) => ofYear(v) && v.make === q.get('make') && v.model === q.get('model')) };
      return notFound(req);
    });
  }

  const fitSection = async () => (await screen.findByRole('heading', { level: 2, name: 'Fits these bikes' })).closest('section')!;

  it('groups the fitment by make, then model, A to Z, with each model’s years', () => {
    expect(groupFitment(fitment)).toEqual([
      {
        make: 'Honda',
        models: [
          { model: 'CB650R', years: '2019' },
          { model: 'CBR600RR', years: '2003–2016, 2021–2024' },
        ],
      },
      {
        make: 'Yamaha',
        models: [
          { model: 'MT-07', years: '2014–2024' },
          { model: 'MT-09', years: '2014–2020' },
        ],
      },
    ]);
  });

  it('lists the bikes the part fits on the part page', async () => {
    serveWithVehicles();
    render();
    const section = await fitSection();
    const list = within(section).getByRole('list', { name: 'Bikes this part fits' });
    const makes = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(makes.map((li) => li.textContent)).toEqual(['HondaCB650R 2019,CBR600RR 2003–2016, 2021–2024', 'YamahaMT-07 2014–2024,MT-09 2014–2020']);
    expect(within(section).queryByText('Fits every bike (universal part)')).toBeNull();
    // No bike chosen yet: the check is offered, and nothing is claimed.
    expect(within(section).getByRole('form', { name: 'Find parts for your bike' })).toBeTruthy();
    expect(within(section).getByRole('status').textContent).toBe('');
  });

  it('renders the list on the server, before any bike or list is known', () => {
    const html = renderToString(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter>
          <PartFitment product={pads} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(html).toContain('Fits these bikes');
    expect(html).toContain('Yamaha');
    expect(html).toMatch(/MT-07<\/span> <span[^>]*>2014–2024/);
    expect(html).toContain('2003–2016, 2021–2024');
  });

  it('says a universal part fits every bike, and fits the chosen one', async () => {
    setGuestVehicle(cb500f);
    serveWithVehicles({ ...part, universal: true, fitment: [] });
    render();
    const section = await fitSection();
    expect(within(section).getByText('Fits every bike (universal part)')).toBeTruthy();
    expect(within(section).queryByRole('list', { name: 'Bikes this part fits' })).toBeNull();
    expect(within(section).getByRole('status').textContent).toBe('Fits your 2020 Honda CB500F');
    expect(within(section).queryByRole('button', { name: 'Check fit' })).toBeNull();
  });

  it('answers for the bike already chosen on the site: "Fits your …" or a warning', async () => {
    setGuestVehicle(mt07);
    serveWithVehicles();
    const { unmount } = render();
    let section = await fitSection();
    expect(within(section).getByRole('status').textContent).toBe('Fits your 2021 Yamaha MT-07');
    unmount();

    setGuestVehicle(cb500f);
    serveWithVehicles();
    render();
    section = await fitSection();
    const status = within(section).getByRole('status');
    expect(within(status).getByText('Does not fit your 2020 Honda CB500F')).toBeTruthy();
    expect(status.textContent).not.toMatch(/Fits your/);
  });

  it('"Check fit": choosing a bike shows whether the part fits it, and keeps the bike as the chosen one', async () => {
    serveWithVehicles();
    const user = userEvent.setup();
    render();
    const section = await fitSection();
    const pick = async (year: string, make: string, model: string) => {
      const yearSelect = within(section).getByRole('combobox', { name: 'Year' });
      await waitFor(() => expect(within(yearSelect).getByRole('option', { name: year })).toBeTruthy());
      await user.selectOptions(yearSelect, year);
      const makeSelect = within(section).getByRole('combobox', { name: 'Make' });
      await waitFor(() => expect(within(makeSelect).getByRole('option', { name: make })).toBeTruthy());
      await user.selectOptions(makeSelect, make);
      const modelSelect = within(section).getByRole('combobox', { name: 'Model' });
      await waitFor(() => expect(within(modelSelect).getByRole('option', { name: model })).toBeTruthy());
      await user.selectOptions(modelSelect, model);
      const check = within(section).getByRole('button', { name: 'Check fit' });
      await waitFor(() => expect((check as HTMLButtonElement).disabled).toBe(false));
      await user.click(check);
    };

    await pick('2020', 'Honda', 'CB500F');
    await waitFor(() => expect(within(section).getByRole('status').textContent).toContain('Does not fit your 2020 Honda CB500F'));
    expect(getGuestVehicle()).toEqual(cb500f);

    await user.click(within(section).getByRole('button', { name: 'Check another bike' }));
    await pick('2021', 'Yamaha', 'MT-07');
    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe('Fits your 2021 Yamaha MT-07'));
    expect(getGuestVehicle()).toEqual(mt07);
  });
});

describe('the details of each fitment line on the part page (issue #35 item 1)', () => {
  const vid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const mt07: Vehicle = { _id: vid(1), make: 'Yamaha', model: 'MT-07', year: 2019, variant: null };
  const mt09sp: Vehicle = { _id: vid(2), make: 'Yamaha', model: 'MT-09', year: 2022, variant: 'SP' };
  const mt09: Vehicle = { _id: vid(3), make: 'Yamaha', model: 'MT-09', year: 2022, variant: null };
  const fitment = [
    { make: 'Yamaha', model: 'MT-07', yearFrom: 2014, yearTo: 2024, position: 'front', perVehicle: 2, notes: 'One set per caliper' },
    { make: 'Yamaha', model: 'MT-09', variant: 'SP', yearFrom: 2021, yearTo: 2024, position: 'front' },
    { make: 'Honda', model: 'CBR600RR', yearFrom: 2021, yearTo: 2024, position: 'rear' },
    { make: 'Honda', model: 'CBR600RR', yearFrom: 2003, yearTo: 2016, position: 'rear' },
    { make: 'Honda', model: 'CBR600RR', yearFrom: 2003, yearTo: 2016, position: 'front' },
    { make: 'Honda', model: 'CB650R', yearFrom: 2019, yearTo: 2024 },
  ];
  const pads = { ...part, fitment };

  function serveFor(vehicle: Vehicle, product: typeof part = pads) {
    return fakeApi((req) => {
      if (req.path === `/api/product/${part._id}`) return { status: 200, body: product };
      if (req.path === '/api/reviews') return { status: 200, body: reviewPageOf([], 1, 10) };
      if (req.path === '/api/vehicles/years') return { status: 200, body: [vehicle.year] };
      if (req.path === '/api/vehicles/makes') return { status: 200, body: [vehicle.make] };
      if (req.path === '/api/vehicles/models') return { status: 200, body: [vehicle.model] };
      if (req.path === '/api/vehicles') return { status: 200, body: [vehicle] };
      return notFound(req);
    });
  }
  const fitSection = async () => (await screen.findByRole('heading', { level: 2, name: 'Fits these bikes' })).closest('section')!;

  it('groups lines with the same details as one entry, and tells lines with other details apart', () => {
    expect(groupFitment(fitment)).toEqual([
      {
        make: 'Honda',
        models: [
          { model: 'CB650R', years: '2019–2024' },
          { model: 'CBR600RR', years: '2003–2016', details: 'front' },
          { model: 'CBR600RR', years: '2003–2016, 2021–2024', details: 'rear' },
        ],
      },
      {
        make: 'Yamaha',
        models: [
          { model: 'MT-07', years: '2014–2024', details: 'front · 2 per bike · One set per caliper' },
          { model: 'MT-09', variant: 'SP', years: '2021–2024', details: 'front' },
        ],
      },
    ]);
  });

  it('lists each line with its details after the years, one a line, and the variant after the model', async () => {
    serveFor(mt07);
    render();
    const list = within(await fitSection()).getByRole('list', { name: 'Bikes this part fits' });
    const models = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement !== list);
    expect(models.map((li) => li.textContent)).toEqual([
      'CB650R 2019–2024',
      'CBR600RR 2003–2016 · front',
      'CBR600RR 2003–2016, 2021–2024 · rear',
      'MT-07 2014–2024 · front · 2 per bike · One set per caliper',
      'MT-09 SP 2021–2024 · front',
    ]);
  });

  it('says where the part goes on the rider’s bike and how many it takes after "Fits your …"', async () => {
    setGuestVehicle(mt07);
    serveFor(mt07);
    const { unmount } = render();
    expect(within(await fitSection()).getByRole('status').textContent).toBe('Fits your 2019 Yamaha MT-07 · front · 2 per bike · One set per caliper');
    unmount();

    // A variant line fits that variant only.
    setGuestVehicle(mt09sp);
    serveFor(mt09sp);
    const second = render();
    expect(within(await fitSection()).getByRole('status').textContent).toBe('Fits your 2022 Yamaha MT-09 SP · front');
    second.unmount();
    setGuestVehicle(mt09);
    serveFor(mt09);
    render();
    expect(within(await fitSection()).getByRole('status').textContent).toMatch(/^Does not fit your 2022 Yamaha MT-09/);
  });

  it('keeps "Fits your …" as it was for a line without details, and joins the details of two lines with "; "', async () => {
    const cbr: Vehicle = { _id: vid(4), make: 'Honda', model: 'CBR600RR', year: 2005, variant: null };
    const cb650r: Vehicle = { _id: vid(5), make: 'Honda', model: 'CB650R', year: 2020, variant: null };
    setGuestVehicle(cb650r);
    serveFor(cb650r);
    const { unmount } = render();
    expect(within(await fitSection()).getByRole('status').textContent).toBe('Fits your 2020 Honda CB650R');
    unmount();
    setGuestVehicle(cbr);
    serveFor(cbr);
    render();
    expect(within(await fitSection()).getByRole('status').textContent).toBe('Fits your 2005 Honda CBR600RR · rear; front');
  });
});
