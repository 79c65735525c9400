import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { searchCopy } from '@shop/shared/copy/search';
import type { Product } from '@shop/shared/schemas/product';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { SearchBox } from './search-box';

const t = searchCopy;
const part = (i: number): Product => ({
  _id: `00000000-0000-4000-8000-00000000000${i}`,
  name: `Part ${i}`,
  img: `/images/p${i}.svg`,
  description: 'A part.',
  minOrder: 1,
  stock: 10,
  unitPrice: 10 + i,
  sku: `CR-9E${i}`,
  brand: 'NGK',
  category: 'ignition',
  images: [`/images/p${i}.svg`],
  version: 1,
  lowStock: false,
  universal: false,
  fitment: [],
  priceTiers: [],
  weightGrams: 500,
  dimensionsMm: null,
  oversize: false,
  taxCategory: 'standard',
  partNumbers: [],
});

function setup(items = [part(1), part(2), part(3)], bikes?: { make: string; model: string }[]) {
  const api = fakeApi((req) =>
    req.path === '/api/search'
      ? {
          status: 200,
          body: { items, total: items.length, page: 1, limit: 8, pages: 1, bikes, facets: { category: [], brand: [], price: { min: 11, max: 13 } } },
        }
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'nope' } } },
  );
  const view = renderWithProviders(<SearchBox />, {
    path: '/',
    routes: [
      { path: '/search', element: <p>results page</p> },
      { path: '/parts/:id', element: <p>part page</p> },
    ],
  });
  return { api, ...view };
}

describe('navbar search box', () => {
  it('suggests up to 8 parts with part number and picture, asked once the typing pauses', async () => {
    const { api } = setup();
    await userEvent.type(screen.getByRole('combobox', { name: t.label }), 'cr9e');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(3);
    expect(options[0].textContent).toContain('CR-9E1');
    expect(options[0].querySelector('img')?.getAttribute('src')).toBe('/images/p1.svg');
    // Debounced: one request for the whole word, with the suggestions limit.
    const searches = api.calls.filter((c) => c.path === '/api/search');
    expect(searches).toHaveLength(1);
    expect(searches[0].query.get('q')).toBe('cr9e');
    expect(searches[0].query.get('limit')).toBe('8');
    // Suggestions are not submitted searches: they are never counted (issue #26 item 6).
    expect(searches[0].query.get('track')).toBeNull();
  });

  it('prices a suggestion per piece, with the lot it is sold in (issue #39 item 1), never the lot price alone', async () => {
    setup([{ ...part(1), unitPrice: 249, minOrder: 10 }]);
    await userEvent.type(screen.getByRole('combobox', { name: t.label }), 'cr9e');
    const [option] = await screen.findAllByRole('option');
    expect(option.textContent).toContain('$24.90 each');
    expect(option.textContent).toContain('min. 10');
    expect(option.textContent).not.toContain('$249.00');
  });

  it('moves through the suggestions with the arrow keys and opens the chosen part with Enter', async () => {
    const { router } = setup();
    const box = screen.getByRole('combobox', { name: t.label });
    await userEvent.type(box, 'cr9e');
    const options = await screen.findAllByRole('option');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1].id);
    await userEvent.keyboard('{ArrowUp}');
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/parts/${part(1)._id}`));
  });

  it('opens the results page on Enter without a chosen suggestion, and Escape closes the list', async () => {
    const { router } = setup();
    const box = screen.getByRole('combobox', { name: t.label });
    await userEvent.type(box, 'brake pads');
    await screen.findAllByRole('option');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/search?q=brake+pads'));
  });

  it('is a plain GET form to /search with the words as q, so it works before the script has run (issue #39 item 3)', () => {
    setup();
    const form = screen.getByRole('search', { name: t.label }) as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.method).toBe('get');
    expect(screen.getByRole('combobox', { name: t.label }).getAttribute('name')).toBe('q');
  });

  it('says which other part number a suggestion matched (issue #26 item 4)', async () => {
    setup([{ ...part(1), matchedPartNumber: { kind: 'replaces', brand: 'Yamaha', number: '1WS-W0045-00' } }, part(2)]);
    await userEvent.type(screen.getByRole('combobox', { name: t.label }), '1ws w0045 00');
    const options = await screen.findAllByRole('option');
    expect(options[0].textContent).toContain('Part 1Replaces Yamaha 1WS-W0045-00');
    expect(options[1].textContent).not.toContain('Replaces');
  });

  it('offers the bikes the words begin above the parts, reached with the arrow keys like them (issue #26 item 3)', async () => {
    const bikes = [
      { make: 'Yamaha', model: 'MT-07' },
      { make: 'Yamaha', model: 'MT-09' },
    ];
    const { router } = setup([part(1)], bikes);
    const box = screen.getByRole('combobox', { name: t.label });
    await userEvent.type(box, 'mt-0');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([t.shopBike('Yamaha MT-07'), t.shopBike('Yamaha MT-09'), expect.stringContaining('Part 1')]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1].id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/search?q=Yamaha+MT-09'));
  });

  it('opens a bike suggestion with a click', async () => {
    const { router } = setup([], [{ make: 'Yamaha', model: 'MT-07' }]);
    await userEvent.type(screen.getByRole('combobox', { name: t.label }), 'mt-07');
    await userEvent.click(await screen.findByRole('option', { name: t.shopBike('Yamaha MT-07') }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=Yamaha+MT-07'));
  });
});
