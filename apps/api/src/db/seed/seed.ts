import { and, between, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createJobTemplateSchema, searchSynonymInputSchema, skuKey, toCents } from '@shop/shared';
import { isProduction } from '../../config/env';
import { moveStock } from '../../modules/stock/stock.service';
import {
  assemblies,
  assemblyCallouts,
  assemblyVehicles,
  jobTemplateSlots,
  jobTemplates,
  productFitments,
  products,
  reviews,
  searchSynonyms,
  user,
  vehicles,
} from '../schema';
import { demoDiagrams, demoHotspot } from './diagram-data';
import { demoJobTemplates } from './job-basket-data';
import { demoJobSynonyms } from './search-vocabulary-data';
import type { Db } from '../client';
import { demoPartNumbers, demoProducts, demoReviews, demoShipping } from './demo-data';
import { demoFitment, demoVehicleRows } from './vehicle-data';

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
 * The demo accounts' passwords are in the README, so a production shop never
 * gets them, whoever asks (decision 070).
 */
export async function seedDemoData(app: FastifyInstance): Promise<SeedResult> {
  const db = app.db;
  const result: SeedResult = { products: 0, reviews: 0, accounts: false };
  // Vehicles and the demo parts' fitment have their own checks, so a shop seeded before issue #11 gets them too.
  await seedVehiclesAndFitment(db);
  await seedDiagrams(db);
  await seedJobTemplates(db);

  const [{ n: productCount }] = await db.select({ n: count() }).from(products);
  const [{ n: reviewCount }] = await db.select({ n: count() }).from(reviews);
  const [{ n: userCount }] = await db.select({ n: count() }).from(user);
  if (productCount > 0 || reviewCount > 0 || userCount > 0) return result;

  const base = Date.now() - demoProducts.length * 60_000;
  // The opening stock of each part is the first row of its ledger, so stock = sum(ledger) from the start.
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(products)
      .values(
        demoProducts.map((p, i) => ({
          name: p.name,
          img: `/images/products/${p.slug}.svg`,
          images: [`/images/products/${p.slug}.svg`],
          description: p.description,
          minOrder: p.minOrder,
          stock: 0,
          unitPriceCents: toCents(p.unitPrice),
          sku: p.sku,
          brand: p.brand,
          category: p.category,
          weightGrams: demoShipping[p.slug]?.weightGrams ?? 500,
          lengthMm: demoShipping[p.slug]?.dims?.[0] ?? null,
          widthMm: demoShipping[p.slug]?.dims?.[1] ?? null,
          heightMm: demoShipping[p.slug]?.dims?.[2] ?? null,
          partNumbers: demoPartNumbers[p.slug] ?? [],
          // Distinct timestamps keep the catalogue order stable.
          createdAt: new Date(base + i * 60_000),
        })),
      )
      .returning({ id: products.id, skuKey: products.skuKey });
    for (const p of demoProducts) {
      const row = inserted.find((r) => r.skuKey === skuKey(p.sku))!;
      await moveStock(tx, { productId: row.id, delta: p.stock, kind: 'initial', reason: 'demo catalogue', bumpVersion: false });
    }
  });
  result.products = demoProducts.length;
  // Now the demo parts exist: give them their fitment.
  await seedVehiclesAndFitment(db);
  // Issue #38 (decision 219): the demo's jobs in the search vocabulary, with the demo catalogue (an owner's shop
  // adds its own on the Synonyms page).
  await db.insert(searchSynonyms).values(demoJobSynonyms.map((terms) => ({ terms: searchSynonymInputSchema.parse({ terms }).terms })));

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

  if (isProduction(app.config)) return result;
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

/**
 * Issue #11 (decision 130): the demo vehicles when the vehicles table is
 * empty, and the demo parts' fitment when no product has fitment or is
 * universal yet. Only products whose part number is a demo one get it, so an
 * owner's own catalogue is never touched. Safe to call any number of times.
 */
export async function seedVehiclesAndFitment(db: Db): Promise<{ vehicles: number; fitted: number }> {
  const out = { vehicles: 0, fitted: 0 };
  const [{ n: vehicleCount }] = await db.select({ n: count() }).from(vehicles);
  if (vehicleCount === 0) {
    const rows = demoVehicleRows();
    await db.insert(vehicles).values(rows).onConflictDoNothing();
    out.vehicles = rows.length;
  }
  const [{ n: fitmentCount }] = await db.select({ n: count() }).from(productFitments);
  const [{ n: universalCount }] = await db.select({ n: count() }).from(products).where(eq(products.universal, true));
  if (fitmentCount > 0 || universalCount > 0) return out;
  const skus = Object.keys(demoFitment);
  const found = await db
    .select({ id: products.id, skuKey: products.skuKey })
    .from(products)
    .where(inArray(products.skuKey, skus.map(skuKey)));
  if (found.length === 0) return out;
  const idByKey = new Map(found.map((p) => [p.skuKey, p.id]));
  await db.transaction(async (tx) => {
    for (const sku of skus) {
      const id = idByKey.get(skuKey(sku));
      const fit = demoFitment[sku];
      if (!id) continue;
      out.fitted++;
      if (fit === 'universal') await tx.update(products).set({ universal: true }).where(eq(products.id, id));
      else await tx.insert(productFitments).values(fit.map((line) => ({ productId: id, ...line })));
    }
  });
  return out;
}

/**
 * Issue #36 item 1 (decision 197): the demo parts diagrams, when no diagram exists yet and the demo bikes are listed.
 * A diagram names part numbers, not products, so it needs no demo part. Safe to call any number of times.
 */
export async function seedDiagrams(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(assemblies);
  if (n > 0) return 0;
  let seeded = 0;
  await db.transaction(async (tx) => {
    for (const d of demoDiagrams) {
      const vs = await tx
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(eq(vehicles.make, d.make), eq(vehicles.model, d.model), between(vehicles.year, d.years[0], d.years[1])));
      if (vs.length === 0) continue;
      const [a] = await tx
        .insert(assemblies)
        .values({ slug: d.slug, name: d.name, description: d.description, imageUrl: d.image, imageWidth: 800, imageHeight: 600 })
        .returning({ id: assemblies.id });
      await tx.insert(assemblyVehicles).values(vs.map((v) => ({ assemblyId: a.id, vehicleId: v.id })));
      await tx.insert(assemblyCallouts).values(
        d.callouts.map(([callout, partNumber, label, quantity, notes, centre]) => ({
          assemblyId: a.id,
          callout,
          partNumber,
          label,
          quantity,
          notes,
          ...demoHotspot(centre),
        })),
      );
      seeded++;
    }
  });
  return seeded;
}

/**
 * Issue #36 item 3 (decision 199): the demo job templates, when no template exists yet. A template names categories
 * and words, not products, so it needs no demo part. Safe to call any number of times.
 */
export async function seedJobTemplates(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(jobTemplates);
  if (n > 0) return 0;
  await db.transaction(async (tx) => {
    for (const input of demoJobTemplates) {
      const tpl = createJobTemplateSchema.parse(input);
      const [t] = await tx.insert(jobTemplates).values({ slug: tpl.slug, name: tpl.name, description: tpl.description }).returning({ id: jobTemplates.id });
      await tx.insert(jobTemplateSlots).values(
        tpl.slots.map((s, i) => ({
          templateId: t.id,
          sort: i + 1,
          name: s.name,
          category: s.category,
          nameWords: s.nameWords,
          position: s.position || null,
          quantityRule: s.quantityRule,
          quantity: s.quantity,
        })),
      );
    }
  });
  return demoJobTemplates.length;
}
