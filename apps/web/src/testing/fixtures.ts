import type { Product } from '@shop/shared/schemas/product';
import type { Review } from '@shop/shared/schemas/review';

export function makeProducts(count: number): Product[] {
  return Array.from({ length: count }, (_, i) => ({
    _id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    name: `Part ${i + 1}`,
    img: `/images/products/part-${i + 1}.svg`,
    description: `Description of part ${i + 1}`,
    minOrder: 10 + i,
    stock: 1000 + i,
    unitPrice: 5 + i / 2,
    sku: `TP-${String(1000 + i)}`,
    brand: 'Test Brand',
    category: 'brakes',
    images: [`/images/products/part-${i + 1}.svg`],
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
  }));
}

/** Oldest first, as GET /api/reviews answers. */
export function makeReviews(count: number): Review[] {
  return Array.from({ length: count }, (_, i) => ({
    _id: `review-${i + 1}`,
    name: `Rider ${i + 1}`,
    img: `/images/avatars/rider-${(i % 12) + 1}.svg`,
    description: `Review text number ${i + 1}`,
    review: (i % 5) + 1,
    createdAt: new Date(Date.UTC(2026, 0, 1, i)).toISOString(),
  }));
}

/** GET /api/reviews?page=&limit= the way the API pages (issue #22): newest first, from a list given oldest first. */
export function reviewPageOf(oldestFirst: Review[], page = 1, limit = 20) {
  const newest = oldestFirst.slice().reverse();
  return { items: newest.slice((page - 1) * limit, page * limit), total: newest.length, page, limit, pages: Math.ceil(newest.length / limit) };
}

/** GET /api/products?page=&limit= the way the API pages: 1-based, pages = ceil(total / limit). */
export function pageOf(all: Product[], page: number, limit: number) {
  const pages = Math.max(1, Math.ceil(all.length / limit));
  return { items: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit, pages };
}
