import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ReviewsSection } from './reviews-section';
import { newestReviews } from '../newest-reviews';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';
import { makeReviews, reviewPageOf } from '../../../testing/fixtures';

describe('newestReviews', () => {
  it('reverses the oldest-first list and keeps at most 20', () => {
    const reviews = makeReviews(25);
    const shown = newestReviews(reviews);
    expect(shown).toHaveLength(20);
    expect(shown[0].name).toBe('Rider 25');
    expect(shown[19].name).toBe('Rider 6');
    // The cached list itself is left alone.
    expect(reviews[0].name).toBe('Rider 1');
  });

  it('shows all of a short list, newest first', () => {
    expect(newestReviews(makeReviews(3)).map((r) => r.name)).toEqual(['Rider 3', 'Rider 2', 'Rider 1']);
  });
});

describe('Customer Reviews section', () => {
  it('shows the newest 20 reviews first, each with image, name, rating and text', async () => {
    const asked: string[] = [];
    fakeApi((req) => {
      if (req.path !== '/api/reviews') return notFound(req);
      asked.push(req.query.toString());
      return { status: 200, body: reviewPageOf(makeReviews(25), Number(req.query.get('page')), Number(req.query.get('limit'))) };
    });
    renderWithProviders(<ReviewsSection />);

    expect(screen.getByRole('heading', { level: 2, name: 'Customer Reviews' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Rider 25' }, { timeout: 5000 });
    const names = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toHaveLength(20);
    expect(names[0]).toBe('Rider 25');
    expect(names.at(-1)).toBe('Rider 6');
    expect(names).not.toContain('Rider 5');

    const newest = screen.getByRole('heading', { name: 'Rider 25' }).closest('article')!;
    expect(within(newest).getByText('Ratings: 5')).toBeTruthy();
    expect(within(newest).getByText('Review text number 25')).toBeTruthy();
    expect(within(newest).getByRole('img', { name: 'Photo of Rider 25' }).getAttribute('src')).toBe('/images/avatars/rider-1.svg');
    // Only the 20 it shows are asked for (issue #22).
    expect(asked).toEqual(['page=1&limit=20']);
  });

  it('marks a review of a part its writer bought and paid for with "Verified purchase"; the demo reviews carry no badge', async () => {
    const reviews = makeReviews(2);
    reviews[1] = { ...reviews[1], productId: 'p-1', productName: 'Brake pads', verifiedPurchase: true };
    fakeApi((req) => (req.path === '/api/reviews' ? { status: 200, body: reviewPageOf(reviews) } : notFound(req)));
    renderWithProviders(<ReviewsSection />);
    const bought = (await screen.findByRole('heading', { name: 'Rider 2' }, { timeout: 5000 })).closest('article')!;
    expect(within(bought).getByText('Verified purchase')).toBeTruthy();
    const demo = screen.getByRole('heading', { name: 'Rider 1' }).closest('article')!;
    expect(within(demo).queryByText('Verified purchase')).toBeNull();
  });

  it('says so when there are no reviews yet', async () => {
    fakeApi((req) => (req.path === '/api/reviews' ? { status: 200, body: reviewPageOf([]) } : notFound(req)));
    renderWithProviders(<ReviewsSection />);
    expect(await screen.findByText(/No reviews yet/)).toBeTruthy();
  });
});
