import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductsPage from './products';
import { renderWithProviders } from '../../testing/render-with-providers';
import { fakeApi, notFound } from '../../testing/fake-api';
import { makeProducts, pageOf } from '../../testing/fixtures';

const catalogue = makeProducts(20); // 9 + 9 + 2 → three pages

function serveCatalogue(all = catalogue) {
  return fakeApi((req) => {
    if (req.method === 'GET' && req.path === '/api/products' && req.query.has('page')) {
      return { status: 200, body: pageOf(all, Number(req.query.get('page')), Number(req.query.get('limit'))) };
    }
    return notFound(req);
  });
}

const cardNames = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('products page', () => {
  it('shows the first 9 products with the spec texts and disables Previous on page 1', async () => {
    const api = serveCatalogue();
    renderWithProviders(<ProductsPage />, { url: '/products', path: '/products' });

    expect(screen.getByRole('heading', { level: 1, name: 'All Your Needs' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Part 1' });
    expect(cardNames()).toEqual(catalogue.slice(0, 9).map((p) => p.name));
    expect(api.calls[0].query.get('page')).toBe('1');
    expect(api.calls[0].query.get('limit')).toBe('9');

    const first = screen.getByRole('article', { name: 'Part 1' });
    // Issue #39: the price of one piece first, the spec's 'Unit Price: $' on the lot beside it.
    expect(within(first).getByText('$0.50 each')).toBeTruthy();
    expect(within(first).getByText('min. 10')).toBeTruthy();
    expect(within(first).getByText('Unit Price: $5.00 per lot')).toBeTruthy();
    expect(first.textContent).toContain('$0.50 eachmin. 10 · Unit Price: $5.00 per lot');
    expect(within(first).getByText('Stock:')).toBeTruthy();
    expect(within(first).getByText('1,000')).toBeTruthy();
    expect(within(first).getByText('Minimum Order:')).toBeTruthy();
    expect(within(first).getByText('Description of part 1')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Order Now' }).getAttribute('href')).toBe(`/purchase/${catalogue[0]._id}`);
    // The name and the picture open the public part page.
    expect(
      within(first)
        .getAllByRole('link', { name: 'Part 1' })
        .map((a) => a.getAttribute('href')),
    ).toEqual([`/parts/${catalogue[0]._id}`, `/parts/${catalogue[0]._id}`]);
    const img = within(first).getByRole('img', { name: 'Part 1' });
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '300']);

    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
  });

  it('Next and Previous really page and keep the page in the URL', async () => {
    const api = serveCatalogue();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<ProductsPage />, { url: '/products', path: '/products' });
    await screen.findByRole('heading', { name: 'Part 1' });

    await user.click(button('Next'));
    await screen.findByRole('heading', { name: 'Part 10' });
    await waitFor(() => expect(cardNames()).toEqual(catalogue.slice(9, 18).map((p) => p.name)));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(api.calls.at(-1)!.query.get('page')).toBe('2');

    await user.click(button('Next'));
    await waitFor(() => expect(cardNames()).toEqual(['Part 19', 'Part 20']));
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    expect(button('Previous').disabled).toBe(false);

    await user.click(button('Previous'));
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeTruthy());
    await user.click(button('Previous'));
    await waitFor(() => expect(cardNames()[0]).toBe('Part 1'));
    // Page 1 is the plain address.
    expect(router.state.location.search).toBe('');
    expect(button('Previous').disabled).toBe(true);
  });

  it('opens the page named in the URL', async () => {
    serveCatalogue();
    renderWithProviders(<ProductsPage />, { url: '/products?page=2', path: '/products' });
    await screen.findByRole('heading', { name: 'Part 10' });
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('treats a nonsense page number as page 1', async () => {
    const api = serveCatalogue();
    renderWithProviders(<ProductsPage />, { url: '/products?page=abc', path: '/products' });
    await screen.findByRole('heading', { name: 'Part 1' });
    expect(api.calls[0].query.get('page')).toBe('1');
  });

  it('moves a page past the end to the last page that exists', async () => {
    serveCatalogue();
    const { router } = renderWithProviders(<ProductsPage />, { url: '/products?page=7', path: '/products' });
    await screen.findByRole('heading', { name: 'Part 19' });
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
  });

  it('shows the server message in a toast and offers a retry when loading fails', async () => {
    fakeApi(() => ({ status: 503, body: { error: { code: 'UNAVAILABLE', message: 'The catalogue is down for maintenance' } } }));
    renderWithProviders(<ProductsPage />, { url: '/products', path: '/products' });
    expect((await screen.findAllByText('The catalogue is down for maintenance')).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('sets the document title', async () => {
    serveCatalogue();
    renderWithProviders(<ProductsPage />, { url: '/products', path: '/products' });
    await waitFor(() => expect(document.title).toBe('Products · Torque & Throttle Parts'));
  });
});
