import type { checkouts, orders } from '../../db/schema';

type HeadFigures = Pick<typeof checkouts.$inferSelect, 'shippingCents' | 'shippingTaxCents' | 'taxIncluded'>;
type LineFigures = Pick<typeof orders.$inferSelect, 'priceCents' | 'taxCents'>;

/**
 * Issue #24: an order's figures from the lines still in it. Goods are the
 * lines' prices; tax is each line's tax plus shipping's; shipping is charged
 * while any line is left. With prices including tax, the total is goods +
 * shipping; otherwise tax is added. An order placed before issue #24 has no
 * shipping or tax, so its total is the sum of its lines, as before.
 * Issue #34 (decision 212): one rule for every order, the spec's one-product purchase too. A leaf module, so the
 * order, checkout and payment services all read it without importing one another.
 */
export function figuresCents(head: HeadFigures, rows: LineFigures[]) {
  const goods = rows.reduce((sum, o) => sum + o.priceCents, 0);
  const shipping = rows.length ? head.shippingCents : 0;
  const tax = rows.reduce((sum, o) => sum + o.taxCents, 0) + (rows.length ? head.shippingTaxCents : 0);
  return { goods, shipping, tax, total: goods + shipping + (head.taxIncluded ? 0 : tax) };
}
