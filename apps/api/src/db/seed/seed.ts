import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { toCents } from '@shop/shared';
import { products, reviews, user } from '../schema';
import { demoProducts, demoReviews } from './demo-data';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@torque-throttle.example', password: 'admin-demo-2026', name: 'Alex Morgan (Admin)' },
  customer: { email: 'rider@torque-throttle.example', password: 'rider-demo-2026', name: 'Sam Rider' },
} as const;

export interface SeedResult {
  products: number;
  reviews: number;
  accounts: boolean;
}

/**
 * Seeds the demo catalogue, reviews and accounts. Never touches a database
 * that already has data: each part is seeded only when its table is empty.
 */
export async function seedDemoData(app: FastifyInstance): Promise<SeedResult> {
  const db = app.db;
  const result: SeedResult = { products: 0, reviews: 0, accounts: false };

  const [{ n: productCount }] = await db.select({ n: count() }).from(products);
  const [{ n: reviewCount }] = await db.select({ n: count() }).from(reviews);
  const [{ n: userCount }] = await db.select({ n: count() }).from(user);
  if (productCount > 0 || reviewCount > 0 || userCount > 0) return result;

  const base = Date.now() - demoProducts.length * 60_000;
  await db.insert(products).values(
    demoProducts.map((p, i) => ({
      name: p.name,
      img: `/images/products/${p.slug}.svg`,
      description: p.description,
      minOrder: p.minOrder,
      stock: p.stock,
      unitPriceCents: toCents(p.unitPrice),
      // Distinct timestamps keep the catalogue order stable.
      createdAt: new Date(base + i * 60_000),
    })),
  );
  result.products = demoProducts.length;

  const reviewBase = Date.now() - demoReviews.length * 3_600_000;
  await db.insert(reviews).values(
    demoReviews.map((r, i) => ({
      name: r.name,
      img: r.avatar,
      description: r.description,
      rating: r.review,
      createdAt: new Date(reviewBase + i * 3_600_000),
    })),
  );
  result.reviews = demoReviews.length;

  for (const [kind, acc] of Object.entries(DEMO_ACCOUNTS)) {
    await app.auth.api.signUpEmail({ body: { email: acc.email, password: acc.password, name: acc.name } });
    await db
      .update(user)
      .set({ emailVerified: true, role: kind === 'admin' ? 'admin' : 'user' })
      .where(eq(user.email, acc.email));
  }
  result.accounts = true;
  return result;
}
