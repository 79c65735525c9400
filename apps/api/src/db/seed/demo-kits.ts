import { count, inArray } from 'drizzle-orm';
import { skuKey, toCents, type Fitment } from '@shop/shared';
import type { Db } from '../client';
import { kitComponents, productFitments, products } from '../schema';

/**
 * Issue #36 item 2 (decision 220): the demo shop's kit, made of demo parts. A 520 chain with both sprockets for the
 * Suzuki SV650 (the demo's 15T front sprocket fits the Suzukis, not the MT-07). Priced a little below its parts
 * bought one by one; no stock of its own: the database keeps a kit's stock at what its parts make.
 */
export interface DemoKit {
  sku: string;
  name: string;
  brand: string;
  description: string;
  /** The picture, a shipped demo image. */
  img: string;
  /** Dollars for one kit (the minimum order is 1). */
  unitPrice: number;
  weightGrams: number;
  fitment: Fitment[];
  /** Part numbers of demo parts, and pieces per kit. */
  parts: { sku: string; quantity: number }[];
}

export const demoKits: DemoKit[] = [
  {
    sku: 'KS-SV650-520',
    name: 'SV650 Chain and Sprocket Kit 520',
    brand: 'D.I.D',
    description:
      'Everything for a new drive on the Suzuki SV650: the 520 X-ring chain with 120 links, the 15-tooth front and the 45-tooth 7075 aluminium rear sprocket, fitted together. Priced below the three parts bought on their own; it is in stock as long as all three are.',
    img: '/images/products/x-ring-chain-520.svg',
    // The parts one by one: 64.50 + 18.40 + 42.00 = 124.90 a set.
    unitPrice: 114.9,
    weightGrams: 2600,
    fitment: [{ make: 'Suzuki', model: 'SV650', yearFrom: 2016, yearTo: 2024 }],
    parts: [
      { sku: '520VX3G-120', quantity: 1 },
      { sku: 'JTF1370.15RB', quantity: 1 },
      { sku: 'RA-250-45', quantity: 1 },
    ],
  },
];

/**
 * The demo kits, when the shop has no kit yet and holds every part a demo kit is made of (a demo catalogue), and the
 * kit's part number is free. The kit row has stock 0: the database sets it from its parts when the transaction
 * commits. Safe to call any number of times. Returns how many kits were added.
 */
export async function seedDemoKits(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(kitComponents);
  if (n > 0) return 0;
  let seeded = 0;
  await db.transaction(async (tx) => {
    for (const kit of demoKits) {
      const keys = [kit.sku, ...kit.parts.map((p) => p.sku)].map(skuKey);
      const found = await tx.select({ id: products.id, skuKey: products.skuKey }).from(products).where(inArray(products.skuKey, keys));
      const byKey = new Map(found.map((p) => [p.skuKey, p.id]));
      if (byKey.has(skuKey(kit.sku)) || kit.parts.some((p) => !byKey.has(skuKey(p.sku)))) continue;
      const [row] = await tx
        .insert(products)
        .values({
          name: kit.name,
          img: kit.img,
          images: [kit.img],
          description: kit.description,
          minOrder: 1,
          stock: 0,
          unitPriceCents: toCents(kit.unitPrice),
          sku: kit.sku,
          brand: kit.brand,
          category: 'drivetrain',
          weightGrams: kit.weightGrams,
        })
        .returning({ id: products.id });
      await tx
        .insert(kitComponents)
        .values(kit.parts.map((p, i) => ({ kitId: row.id, componentId: byKey.get(skuKey(p.sku))!, quantity: p.quantity, position: i })));
      await tx.insert(productFitments).values(kit.fitment.map((line) => ({ productId: row.id, ...line })));
      seeded++;
    }
  });
  return seeded;
}
