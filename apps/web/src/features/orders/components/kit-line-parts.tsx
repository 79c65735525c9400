import type { OrderLineComponent } from '@shop/shared';
import { kitsCopy } from '@shop/shared/copy/kits';
import { formatCount } from '@shop/shared/intl';

/** Decision 220: under an order's kit line, the parts it was made of when bought ("Includes 1 × Chain (520VX3G-120), …"). */
export function KitLineParts({ parts, className = '' }: { parts: readonly OrderLineComponent[]; className?: string }) {
  if (parts.length === 0) return null;
  return (
    <p className={`text-xs text-base-content/75 ${className}`}>
      {kitsCopy.lineIncludes(parts.map((c) => kitsCopy.linePart(formatCount(c.quantity), c.name, c.sku)).join(', '))}
    </p>
  );
}
