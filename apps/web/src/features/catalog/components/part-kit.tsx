import { useId } from 'react';
import { Link } from 'react-router';
import { kitsCopy } from '@shop/shared/copy/kits';
import { formatCount } from '@shop/shared/intl';
import type { Product } from '@shop/shared/schemas/product';
import { paths } from '../../../config/paths';
import { StaticPart } from '../../../lib/static-part';

const t = kitsCopy;

/**
 * Issue #36 item 2 (decision 220): a kit's part page says what is in it — each part with its pieces per kit, its
 * part number, a link to its own page and whether the shelf holds enough of it for one kit — and that the kit's stock
 * is its parts'. It comes with the product, so the server renders it. Nothing for a part that is not a kit.
 */
export function PartKit({ product }: { product: Pick<Product, 'kitComponents'> }) {
  const headingId = useId();
  const parts = product.kitComponents;
  if (!parts || parts.length === 0) return null;
  return (
    <StaticPart id="part-kit" version={parts.map((c) => `${c.productId}:${c.quantity}:${c.stock >= c.quantity}:${c.name}:${c.sku}`).join('|')}>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="font-display text-xl font-bold uppercase">
          {t.title}
        </h2>
        <p className="mt-1 text-sm font-semibold">{t.stockFollows}</p>
        <p className="text-sm text-base-content/80">{t.stockFollowsHint}</p>
        <ul aria-label={t.partsList} className="mt-3 flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-200">
          {parts.map((c) => {
            const enough = c.stock >= c.quantity;
            return (
              <li key={c.productId} className="flex items-center gap-3 px-3 py-2">
                <img src={c.img} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded-field bg-base-100 object-contain p-0.5" />
                <div className="min-w-0 flex-1">
                  <Link to={paths.part(c.productId)} className="link link-hover font-semibold wrap-anywhere">
                    {t.line(formatCount(c.quantity), c.name)}
                  </Link>
                  <p className="text-xs text-base-content/80">
                    {t.partNumber} <span className="font-mono font-semibold text-base-content">{c.sku}</span>
                  </p>
                </div>
                <span
                  className={`shrink-0 rounded-field px-2 py-0.5 text-xs font-semibold ${enough ? 'bg-success/15 text-base-content' : 'bg-warning/20 text-base-content'}`}
                >
                  {enough ? t.inStock : t.outOfStock}
                </span>
              </li>
            );
          })}
        </ul>
      </section>
    </StaticPart>
  );
}
