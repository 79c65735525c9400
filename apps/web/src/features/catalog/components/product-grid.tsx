import type { Product } from '@shop/shared/schemas/product';
import { ProductCard } from './product-card';
import { ProductCardSkeleton } from './product-card-skeleton';
import { useMyPrices } from '../../price-lists/api/my-prices';

const gridClass = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8';

/**
 * 1, 2 or 3 columns by screen width (spec §2). `lead`: the grid is the page's main content, so its first picture is
 * the page's largest paint on a phone and is fetched first (fetchpriority="high"; decision 146).
 */
export function ProductGrid({ products, headingLevel = 3, lead = false }: { products: Product[]; headingLevel?: 2 | 3; lead?: boolean }) {
  // Issue #37 item 2: a signed-in trade buyer's own prices, asked once for the whole grid.
  const mine = useMyPrices(products.map((p) => p._id));
  return (
    <ul className={gridClass}>
      {products.map((product, i) => (
        <li key={product._id}>
          <ProductCard product={product} eager={i < 3} lead={lead && i === 0} headingLevel={headingLevel} tradePrice={mine.get(product._id)} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <div className={gridClass}>
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
