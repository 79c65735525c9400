import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { searchCopy } from '@shop/shared/copy/search';
import { garageCopy } from '@shop/shared/copy/garage';
import type { Product } from '@shop/shared/schemas/product';
import type { SearchResult } from '@shop/shared/schemas/search';
import type { Vehicle } from '@shop/shared/schemas/vehicle';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';
import { makeProducts } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { setGuestVehicle } from '../../garage/guest-vehicle';
import { SearchResultsPage } from './search-results-page';
import { clearGuestCart, getGuestLines } from '../../cart/guest-cart';

const t = searchCopy;
const parts = makeProducts(6);
const fitting = parts.slice(0, 2);
const mt07: Vehicle = { _id: '00000000-0000-4000-8000-000000000001', make: 'Yamaha', model: 'MT-07', year: 2021, variant: null };

const answer = (items: Product[], extra: Partial<SearchResult> = {}): SearchResult => ({
  items,
  total: items.length,
  page: 1,
  limit: 12,
  pages: 1,
  facets: { category: [], brand: [], price: { min: null, max: null } },
  ...extra,
});

/** The search API: a vehicle id keeps the fitting parts; "2019 mt07 chain" names a bike unless matchBike=false. */
function serve() {
  return fakeApi((req: FakeRequest) => {
    if (req.path === `/api/vehicles/${mt07._id}`) return { status: 200, body: mt07 };
    if (req.path !== '/api/search') return notFound(req);
    const q = req.query.get('q') ?? '';
    if (q === 'hf209')
      return {
        status: 200,
        body: answer([], {
          didYouMean: {
            partNumbers: ['HF204'],
            parts: [{ _id: parts[3]._id, name: 'Spin-On Oil Filter HF204' }],
            bikes: [{ make: 'Yamaha', model: 'MT-07' }],
          },
        }),
      };
    if (q === 'pads and brake fluid')
      return {
        status: 200,
        body: answer([], {
          groups: [
            { q: 'pads', items: [parts[0], parts[1]], total: 9 },
            { q: 'brake fluid', items: [{ ...parts[2], stock: 0 }, parts[3]], total: 2 },
          ],
        }),
      };
    if (q === 'chain kit mt07')
      return {
        status: 200,
        body: answer([], {
          namedVehicle: { make: 'Yamaha', model: 'MT-07', year: null, rest: 'chain kit' },
          job: 'chain kit',
          groups: [
            { q: 'chain', items: [parts[0]], total: 1 },
            { q: 'front sprocket', items: [], total: 0 },
            { q: 'rear sprocket', items: [parts[1]], total: 1 },
          ],
        }),
      };
    if (q === '204') return { status: 200, body: answer([parts[3], parts[4]], { partNumbersWith: { digits: '204', partNumbers: ['HF204', 'IND-204-SMK'] } }) };
    if (q === 'sprocket bolts') return { status: 200, body: answer([parts[1]], { missingHead: 'bolts' }) };
    if (q === 'brake caliper bolt')
      return {
        status: 200,
        body: answer([], {
          missingHead: 'bolt',
          related: { q: 'brake caliper', items: [parts[0]], total: 1 },
          didYouMean: { partNumbers: [], parts: [], bikes: [] },
        }),
      };
    if (q === '41mm fork seals')
      return {
        status: 200,
        body: answer([], {
          otherSizes: { size: '41 mm', q: 'fork seals', items: [parts[2]], total: 1 },
          didYouMean: { partNumbers: [], parts: [], bikes: [] },
        }),
      };
    if (q === 'gs brake pads')
      return {
        status: 200,
        body: answer([parts[0], parts[1], parts[2]], {
          whichBike: {
            bikes: [
              { make: 'BMW', model: 'R 1250 GS', fromYear: 2019, toYear: 2023, q: 'BMW R 1250 GS brake pads' },
              { make: 'BMW', model: 'R 1300 GS', fromYear: 2024, toYear: 2027, q: 'BMW R 1300 GS brake pads' },
            ],
            rest: 'brake pads',
          },
        }),
      };
    if (q === 'BMW R 1250 GS brake pads')
      return { status: 200, body: answer([parts[0]], { namedVehicle: { make: 'BMW', model: 'R 1250 GS', year: null, rest: 'brake pads' } }) };
    if (q === 'caliper') return { status: 200, body: answer([parts[0]], { mentionsOnly: true }) };
    if (q === 'xyzzy') return { status: 200, body: answer([], { didYouMean: { partNumbers: [], parts: [], bikes: [] } }) };
    if (req.query.get('vehicle') === mt07._id) return { status: 200, body: answer(fitting, { vehicle: mt07 }) };
    if (q === '2019 mt07 chain' && req.query.get('matchBike') !== 'false')
      return { status: 200, body: answer([parts[0]], { namedVehicle: { make: 'Yamaha', model: 'MT-07', year: 2019, rest: 'chain' } }) };
    return { status: 200, body: answer(parts) };
  });
}

const cards = () => screen.getAllByRole('article').map((a) => a.querySelector('h2, h3')?.textContent);
const searches = (api: ReturnType<typeof serve>) => api.calls.filter((c) => c.path === '/api/search');
const location = (router: { state: { location: { search: string } } }) => router.state.location.search;

describe('search results page: bikes (issue #26 item 3)', () => {
  it('says which bike the words named, and searches every part for them on request', async () => {
    const api = serve();
    const { router } = renderWithProviders(<SearchResultsPage />, { url: '/search?q=2019+mt07+chain', path: '/search' });
    expect(await screen.findByText(t.namedBike('2019 Yamaha MT-07'))).toBeTruthy();
    expect(screen.getByText(t.namedBikeWords('chain'))).toBeTruthy();
    const all = screen.getByRole('link', { name: t.searchAllFor('2019 mt07 chain') });
    expect(all.getAttribute('href')).toBe('/search?q=2019+mt07+chain&matchBike=false');

    await userEvent.click(all);
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(location(router)).toBe('?q=2019+mt07+chain&matchBike=false');
    expect(searches(api).at(-1)!.query.get('matchBike')).toBe('false');
    expect(screen.queryByText(t.namedBike('2019 Yamaha MT-07'))).toBeNull();
  });

  it('filters to the chosen bike by default, and "Show all parts" keeps vehicle=all in the URL', async () => {
    setGuestVehicle(mt07);
    const api = serve();
    const { router } = renderWithProviders(<SearchResultsPage />, { url: '/search?q=brake', path: '/search' });
    await waitFor(() => expect(cards()).toEqual(fitting.map((p) => p.name)));
    expect(searches(api).at(-1)!.query.get('vehicle')).toBe(mt07._id);
    // The URL is left as it was: the default is the browser's.
    expect(location(router)).toBe('?q=brake');

    await userEvent.click(screen.getByRole('button', { name: garageCopy.showAll }));
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(location(router)).toBe('?q=brake&vehicle=all');
    expect(searches(api).every((c) => c.query.get('vehicle') !== 'all')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: garageCopy.showFitting }));
    await waitFor(() => expect(location(router)).toBe(`?q=brake&vehicle=${mt07._id}`));
    await waitFor(() => expect(cards()).toHaveLength(2));
  });

  it('a bike named in the words wins over the chosen one, and "Search all parts" shows every part', async () => {
    setGuestVehicle(mt07);
    serve();
    const { router } = renderWithProviders(<SearchResultsPage />, { url: '/search?q=2019+mt07+chain', path: '/search' });
    expect(await screen.findByText(t.namedBike('2019 Yamaha MT-07'))).toBeTruthy();
    expect(cards()).toEqual([parts[0].name]);
    expect(screen.getByRole('button', { name: garageCopy.showFitting })).toBeTruthy();
    // Issue #39 item 8: never "Parts that fit…" and "Showing all parts" at once.
    expect(screen.getByText(t.namedBikeWins)).toBeTruthy();
    expect(screen.queryByText(garageCopy.notFiltering)).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: t.searchAllFor('2019 mt07 chain') }));
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(location(router)).toBe('?q=2019+mt07+chain&vehicle=all&matchBike=false');
    // Every part now, and the bar says so: the named bike's line is gone.
    expect(screen.queryByText(t.namedBike('2019 Yamaha MT-07'))).toBeNull();
    expect(screen.getByText(garageCopy.notFiltering)).toBeTruthy();
  });
});

describe('search results page: "without dashes" only for words with dashes (issue #39 item 8)', () => {
  it('words without a dash are not told to drop the dashes', async () => {
    serve();
    renderWithProviders(<SearchResultsPage />, { url: '/search?q=hf209', path: '/search' });
    expect(await screen.findByText(t.noMatch('hf209'))).toBeTruthy();
    expect(screen.queryByText(/without dashes/)).toBeNull();
  });

  it('a part number with dashes that found nothing suggests trying it without them', async () => {
    fakeApi((req: FakeRequest) =>
      req.path === '/api/search' ? { status: 200, body: answer([], { didYouMean: { partNumbers: [], parts: [], bikes: [] } }) } : notFound(req),
    );
    renderWithProviders(<SearchResultsPage />, { url: '/search?q=hf-209-x', path: '/search' });
    expect(await screen.findByText(/No part matches 'hf-209-x'\. Try the part number without dashes, or/)).toBeTruthy();
  });

  it('words without a dash that found nothing and have no close match say to check the spelling', async () => {
    serve();
    renderWithProviders(<SearchResultsPage />, { url: '/search?q=xyzzy', path: '/search' });
    expect(await screen.findByText(/No part matches 'xyzzy'\. Check the spelling, or/)).toBeTruthy();
    expect(screen.queryByText(/without dashes/)).toBeNull();
  });
});

describe('search results page: what shoppers did not find (issue #26 item 6)', () => {
  it('counts page 1 of a submitted search (track=true), not later pages', async () => {
    const api = serve();
    const { router } = renderWithProviders(<SearchResultsPage />, { url: '/search?q=brake', path: '/search' });
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(searches(api).map((c) => c.query.get('track'))).toEqual(['true']);
    await router.navigate('/search?q=brake&page=2');
    await waitFor(() => expect(searches(api)).toHaveLength(2));
    expect(searches(api)[1].query.get('track')).toBeNull();
  });

  it('tells the shop when a result of a counted search is opened', async () => {
    serve();
    const beacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { sendBeacon: beacon }));
    renderWithProviders(<SearchResultsPage />, {
      url: '/search?q=brake',
      path: '/search',
      routes: [{ path: '/parts/:id', element: <p>part page</p> }],
    });
    const first = (await screen.findAllByRole('article'))[0];
    await userEvent.click(first.querySelector<HTMLAnchorElement>(`a[href="/parts/${parts[0]._id}"]`)!);
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0][0]).toBe('/api/search/opened');
    expect(JSON.parse(await (beacon.mock.calls[0][1] as Blob).text())).toEqual({ q: 'brake' });
  });

  it('offers the closest part numbers, parts and bikes when nothing is found', async () => {
    serve();
    renderWithProviders(<SearchResultsPage />, { url: '/search?q=hf209', path: '/search' });
    expect(await screen.findByText(t.noMatch('hf209'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'HF204' }).getAttribute('href')).toBe('/search?q=HF204');
    expect(screen.getByRole('link', { name: 'Spin-On Oil Filter HF204' }).getAttribute('href')).toBe(`/parts/${parts[3]._id}`);
    expect(screen.getByRole('link', { name: t.shopBike('Yamaha MT-07') }).getAttribute('href')).toBe('/search?q=Yamaha+MT-07');
    expect(screen.queryByRole('link', { name: t.browseBrakes })).toBeNull();
  });

  it('keeps "browse Brakes" when the shop has nothing close', async () => {
    serve();
    renderWithProviders(<SearchResultsPage />, { url: '/search?q=xyzzy', path: '/search' });
    expect((await screen.findByRole('link', { name: t.browseBrakes })).getAttribute('href')).toBe('/search?category=brakes');
    expect(screen.queryByText(t.didYouMean)).toBeNull();
  });
});

describe('search results page: several parts in one query (issue #38 item 1)', () => {
  it('shows each part under its own heading, links to all of them, and adds the first in stock of each to the cart', async () => {
    serve();
    clearGuestCart();
    renderWithProviders(<SearchResultsPage />, { url: '/search?q=pads+and+brake+fluid', path: '/search' });
    expect(await screen.findByText(t.groupsTitle('Pads · Brake fluid'))).toBeTruthy();
    expect(screen.getByText(t.groupsCount(2))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Pads' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Brake fluid' })).toBeTruthy();
    expect(cards()).toHaveLength(4);
    // Nine parts for "pads", two shown: a link to the rest. All of "brake fluid" is shown: no link.
    expect(screen.getByRole('link', { name: t.groupAll(9, 'pads') }).getAttribute('href')).toBe('/search?q=pads');
    expect(screen.queryByRole('link', { name: t.groupAll(2, 'brake fluid') })).toBeNull();

    // The first brake fluid is out of stock: the second is added instead, one minimum order each.
    await userEvent.click(screen.getByRole('button', { name: t.groupsAddFirsts(2) }));
    await waitFor(() => expect(getGuestLines().map((l) => l.productId)).toEqual([parts[0]._id, parts[3]._id]));
    expect(getGuestLines().map((l) => l.quantity)).toEqual([parts[0].minOrder, parts[3].minOrder]);
    clearGuestCart();
  });
});

describe('search results page: a job of the vocabulary and the digits of part numbers (issue #38, decision 219)', () => {
  it('"chain kit mt07": the job’s parts, each under its heading, and the part none fits said plainly', async () => {
    serve();
    clearGuestCart();
    renderWithProviders(<SearchResultsPage />, { url: '/search?q=chain+kit+mt07', path: '/search' });
    expect(await screen.findByText(t.jobTitle('chain kit', 'Chain · Front sprocket · Rear sprocket'))).toBeTruthy();
    expect(screen.getByText(t.jobHint('chain kit'))).toBeTruthy();
    expect(screen.queryByText(t.groupsHint)).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Front sprocket' })).toBeTruthy();
    expect(screen.getByText(t.groupNone('front sprocket', 'Yamaha MT-07'))).toBeTruthy();
    expect(cards()).toHaveLength(2);
    // The first of each group that has one.
    expect(screen.getByRole('button', { name: t.groupsAddFirsts(2) })).toBeTruthy();
  });

  it('"204": says which part numbers hold the digits, above the parts', async () => {
    serve();
    renderWithProviders(<SearchResultsPage />, { url: '/search?q=204', path: '/search' });
    expect(await screen.findByText(t.partNumbersWith('204', 'HF204 · IND-204-SMK'))).toBeTruthy();
    expect(screen.getByText(t.partNumbersWithHint)).toBeTruthy();
    expect(cards()).toEqual([parts[3].name, parts[4].name]);
  });
});

describe('search results page: words found only in descriptions (issue #38, decision 196)', () => {
  it('says the parts only mention the words, above them; an ordinary answer says nothing of the kind', async () => {
    serve();
    const { unmount } = renderWithProviders(<SearchResultsPage />, { url: '/search?q=caliper', path: '/search' });
    expect(await screen.findByText(t.mentionsOnly('caliper'))).toBeTruthy();
    expect(screen.getByText(t.mentionsOnlyHint)).toBeTruthy();
    // The parts come second, under their own heading, their names one level below it.
    expect(screen.getByRole('heading', { level: 2, name: t.mentionsOnlyRelated('caliper') })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: parts[0].name })).toBeTruthy();
    expect(cards()).toHaveLength(1);
    unmount();
    renderWithProviders(<SearchResultsPage />, { url: '/search?q=brake', path: '/search' });
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(screen.queryByText(t.mentionsOnlyHint)).toBeNull();
  });
});

describe('search results page: sizes and head nouns (issue #38 items 3 and 4, decision 211)', () => {
  it('a head noun in no part’s name: says the shop does not list it first, the parts under “Related parts”', async () => {
    serve();
    renderWithProviders(<SearchResultsPage />, { url: '/search?q=sprocket+bolts', path: '/search' });
    expect(await screen.findByText(t.mentionsOnly('sprocket bolts'))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: t.missingHeadRelated('sprocket bolts') })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: parts[1].name })).toBeTruthy();
    expect(cards()).toHaveLength(1);
  });

  it('nothing found and a head noun the shop does not list: says so first, the other words’ parts as related', async () => {
    serve();
    renderWithProviders(<SearchResultsPage />, { url: '/search?q=brake+caliper+bolt', path: '/search' });
    expect(await screen.findByText(t.mentionsOnly('brake caliper bolt'))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: t.missingHeadRelated('brake caliper bolt') })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: parts[0].name })).toBeTruthy();
    expect(cards()).toHaveLength(1);
    expect(screen.queryByText(t.didYouMean)).toBeNull();
  });

  it('a size the shop does not list: says so first, the other sizes under their own heading', async () => {
    serve();
    renderWithProviders(<SearchResultsPage />, { url: '/search?q=41mm+fork+seals', path: '/search' });
    expect(await screen.findByText(t.noSuchSize('fork seals', '41 mm'))).toBeTruthy();
    expect(screen.getByText(t.noSuchSizeHint)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: t.otherSizes('fork seals') })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: parts[2].name })).toBeTruthy();
    expect(cards()).toHaveLength(1);
    // Not the empty page: the closest-match links are not shown over it.
    expect(screen.queryByText(t.didYouMean)).toBeNull();
  });
});

describe('search results page: a name several bikes share (issue #38, decision 213 addendum)', () => {
  it('asks which bike, shows the other words’ parts for any bike below, and searches again for the bike chosen', async () => {
    const api = serve();
    const { router } = renderWithProviders(<SearchResultsPage />, { url: '/search?q=gs+brake+pads', path: '/search' });
    const question = await screen.findByRole('heading', { level: 2, name: t.whichBike });
    expect(screen.getByText(t.whichBikeHint('gs'))).toBeTruthy();
    const choices = within(question.closest('section')!).getAllByRole('link');
    expect(choices.map((l) => l.textContent)).toEqual(['BMW R 1250 GS (2019–2023)', 'BMW R 1300 GS (2024–2027)']);
    expect(choices[0].getAttribute('href')).toBe('/search?q=BMW+R+1250+GS+brake+pads');
    // Below the question, apart: what "brake pads" finds, for any bike; no bike is claimed.
    expect(screen.getByRole('heading', { level: 2, name: t.whichBikeRest('brake pads') })).toBeTruthy();
    expect(cards()).toEqual([parts[0].name, parts[1].name, parts[2].name]);
    expect(screen.queryByText(/Parts that fit your/)).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'BMW R 1250 GS (2019–2023)' }));
    expect(await screen.findByText(t.namedBike('BMW R 1250 GS'))).toBeTruthy();
    expect(location(router)).toBe('?q=BMW+R+1250+GS+brake+pads');
    expect(searches(api).at(-1)!.query.get('q')).toBe('BMW R 1250 GS brake pads');
    expect(screen.queryByText(t.whichBike)).toBeNull();
    expect(cards()).toEqual([parts[0].name]);
  });

  it('asks even with a bike chosen in the garage: the words name a bike, only not which', async () => {
    setGuestVehicle(mt07);
    serve();
    renderWithProviders(<SearchResultsPage />, { url: '/search?q=gs+brake+pads', path: '/search' });
    expect(await screen.findByRole('heading', { level: 2, name: t.whichBike })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(3));
  });
});
