import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import HomePage from './home';
import { renderWithProviders } from '../../testing/render-with-providers';
import { fakeApi, notFound } from '../../testing/fake-api';
import { makeProducts, makeReviews, reviewPageOf } from '../../testing/fixtures';

describe('home page', () => {
  it('shows the sections in the spec order and sets the title', async () => {
    fakeApi((req) => {
      // The featured section asks for one page of 6 (issue #10), never the whole catalogue.
      if (req.path === '/api/products' && req.query.get('limit') === '6')
        return { status: 200, body: { items: makeProducts(6), total: 8, page: 1, limit: 6, pages: 2 } };
      if (req.path === '/api/reviews') return { status: 200, body: reviewPageOf(makeReviews(3)) };
      return notFound(req);
    });
    renderWithProviders(<HomePage />, { url: '/home' });
    await screen.findByRole('heading', { name: 'Part 6' });
    // The carousel is its own lazy chunk; the first import can take a moment.
    await screen.findByRole('heading', { name: 'Rider 3' }, { timeout: 5000 });
    // Rendered in the browser, the static sections load their own code (decision 169).
    await screen.findByRole('heading', { name: 'Why order from us' }, { timeout: 5000 });
    await screen.findByRole('heading', { level: 1, name: 'The Apex 890 R has landed' }, { timeout: 5000 });

    const sectionHeadings = screen.getAllByRole('heading', { level: 1 }).concat(screen.getAllByRole('heading', { level: 2 }));
    const inDocumentOrder = sectionHeadings
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
      .map((h) => h.textContent);
    expect(inDocumentOrder).toEqual([
      'The Apex 890 R has landed',
      'Featured Parts',
      'Millions of riders trust us',
      'Latest News',
      'Contact Us',
      'Why order from us',
      'Full Model Line',
      'Customer Reviews',
    ]);

    expect(screen.getByRole('link', { name: /Pre-Booking/ }).getAttribute('href')).toBe('/products');
    for (const figure of ['500+', '170M+', '77k+', '50+']) expect(screen.getByText(figure)).toBeTruthy();
    expect(screen.getAllByText('new')).toHaveLength(2);
    for (const title of ['Free Shipping', 'Support 24/7', '100% Safety', 'Hot Offers']) expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    for (const text of ['For Orders From $50', 'Call us anytime', 'Only secure payments', 'Discounts up to 90%']) expect(screen.getByText(text)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Home · Torque & Throttle Parts'));
  });
});
