import type { CartLine } from '@shop/shared/schemas/cart';
import type { Product } from '@shop/shared/schemas/product';
import { orderPrice, toCents, fromCents } from '@shop/shared/pricing';
import { storedKey } from '../../lib/stored-key';
import { compareNames } from '@shop/shared/intl';

/**
 * A visitor's cart, kept in localStorage in the server cart's line shape
 * (decision 121). The product is a copy taken when the line was added; the
 * server re-checks every line at the merge after sign-in.
 */
export const GUEST_CART_KEY = 'guestCart';
const MAX_LINES = 200;

interface StoredLine {
  productId: string;
  quantity: number;
  product: Product;
}

const store = storedKey(GUEST_CART_KEY);
/**
 * The empty cart, one array for every reader: the server's snapshot for useSyncExternalStore too (use-cart.ts). Were
 * the browser's empty cart another array, React would find the store changed as the page hydrates and render every
 * part that shows the cart again, at once (issue #23).
 */
export const NO_LINES: CartLine[] = [];
let cachedRaw: string | null | undefined;
let cachedLines: CartLine[] = NO_LINES;

function parse(raw: string | null): CartLine[] {
  if (!raw) return NO_LINES;
  try {
    const data = JSON.parse(raw) as unknown;
    if (!Array.isArray(data)) return NO_LINES;
    const lines = data
      .filter(
        (l): l is StoredLine =>
          typeof l === 'object' &&
          l !== null &&
          typeof (l as StoredLine).productId === 'string' &&
          Number.isInteger((l as StoredLine).quantity) &&
          (l as StoredLine).quantity > 0 &&
          typeof (l as StoredLine).product?.name === 'string',
      )
      .slice(0, MAX_LINES)
      .map((l) => ({
        productId: l.productId,
        quantity: l.quantity,
        product: l.product,
        lineTotal: orderPrice(l.product.unitPrice, l.product.minOrder, l.quantity, l.product.priceTiers),
      }))
      .sort((a, b) => compareNames(a.product.name, b.product.name));
    return lines.length > 0 ? lines : NO_LINES;
  } catch {
    return NO_LINES;
  }
}

/** The lines, stable between changes (for useSyncExternalStore). */
export function getGuestLines(): CartLine[] {
  const raw = store.read();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = parse(raw);
  }
  return cachedLines;
}

// Private mode or full storage: the cart lives as long as the page.
const write = (lines: StoredLine[]) => store.write(lines.length === 0 ? null : JSON.stringify(lines));

const stored = (): StoredLine[] => getGuestLines().map(({ productId, quantity, product }) => ({ productId, quantity, product }));

/** Sets (replaces) a line's quantity, like PUT /cart/lines/{id}; 0 removes it. */
export function setGuestLine(product: Product, quantity: number) {
  const others = stored().filter((l) => l.productId !== product._id);
  write(quantity > 0 ? [...others, { productId: product._id, quantity, product }].slice(0, MAX_LINES) : others);
}

export function removeGuestLine(productId: string) {
  write(stored().filter((l) => l.productId !== productId));
}

export function clearGuestCart() {
  write([]);
}

export function guestTotal(lines: CartLine[]): number {
  return fromCents(lines.reduce((sum, l) => sum + toCents(l.lineTotal), 0));
}

/** This tab's changes and another tab's. */
export const subscribeGuestCart = store.subscribe;
