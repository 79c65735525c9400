import { useId } from 'react';
import { partNumbersCopy } from '@shop/shared/copy/part-numbers';
import { partNumberLabel } from '@shop/shared/part-numbers';
import type { Product } from '@shop/shared/schemas/product';

const t = partNumbersCopy;

/**
 * Issue #26 item 4 (decision 166): "Part numbers" on the part page, the other
 * numbers the part answers to ("Replaces Yamaha 1WS-W0045-00"). It comes with
 * the product, so the server renders it and search engines read it. Nothing when there are none.
 */
export function PartNumbers({ product }: { product: Pick<Product, 'partNumbers'> }) {
  const headingId = useId();
  if (product.partNumbers.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="font-display text-xl font-bold uppercase">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-base-content/80">{t.intro}</p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {product.partNumbers.map((p) => (
          <li key={`${p.kind}:${p.brand}:${p.number}`} className="rounded-field border border-base-300 bg-base-200 px-3 py-1.5 text-sm font-medium">
            {partNumberLabel(p)}
          </li>
        ))}
      </ul>
    </section>
  );
}
