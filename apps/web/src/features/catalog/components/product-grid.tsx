import type { Product } from '@shop/shared/schemas/product';
import { ProductCard } from './product-card';
import { ProductCardSkeleton } from './product-card-skeleton';

const gridClass = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8';

/** 1, 2 or 3 columns by screen width (spec §2). */
export function ProductGrid({ products, headingLevel = 3 }: { products: Product[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className={gridClass}>
      {products.map((product, i) => (
        <li key={product._id}>
          <ProductCard product={product} eager={i < 3} headingLevel={headingLevel} />
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
