import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PartPage from './part';
import { renderWithProviders } from '../../testing/render-with-providers';
import { fakeApi, notFound } from '../../testing/fake-api';
import type { Review } from '@shop/shared/schemas/review';
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
    expect(article.textContent).toContain('Unit Price: $12.50');
    expect(article.textContent).toContain('per lot of 10 units');
    expect(article.textContent).toContain('$12.50 per lot of 10 · $1.25 each');
    expect(article.textContent).toContain('Order any quantity from 10, not only whole lots.');
    expect(article.textContent).toContain('250 units');
    expect(
      within(article)
        .getByRole('link', { name: /Order Now/ })
        .getAttribute('href'),
    ).toBe(`/purchase/${part._id}`);
    await waitFor(() => expect(document.title).toBe('Sintered Brake Pads · Torque & Throttle Parts'));
  });

  it('explains a lot price the way a workshop reads it: "$249 per lot of 10 · $24.90 each", any quantity from the minimum order', async () => {
    serve({ ...part, unitPrice: 249, minOrder: 10 });
    render();
    const article = (await screen.findByRole('heading', { level: 1, name: 'Sintered Brake Pads' })).closest('article')!;
    expect(article.textContent).toContain('Unit Price: $249.00');
    expect(within(article).getByText('$249 per lot of 10 · $24.90 each')).toBeTruthy();
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
    // 699.967 / 10 = 69.9967 a unit: the server charges $70.00 for one, so the page says "about".
    expect(within(article).getByText('$699.97 per lot of 10 · about $70 each')).toBeTruthy();
    expect(article.textContent).toContain('Unit Price: $699.97');
    const table = within(article).getByRole('table');
    expect(table.textContent).toContain('$699.97 per lot');
    expect(table.textContent).toContain('$650.00 per lot');
    expect(table.textContent).toContain('$1,234.57 per lot');
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
