import type { Product } from '@shop/shared/schemas/product';
import { CATEGORY_LABELS } from '@shop/shared/catalog';

/** An absolute address on this shop for a path or a full URL (images may live elsewhere). */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  return new URL(pathOrUrl, origin).toString();
}

/**
 * schema.org Product for /parts/{id} (issue #10, "Findable"). The offer is the
 * spec's price: `unitPrice` buys one lot of `minOrder` units, so the lot size
 * is stated as the eligible quantity.
 */
export function productJsonLd(product: Product, origin: string) {
  const url = absoluteUrl(`/parts/${encodeURIComponent(product._id)}`, origin);
  const images = (product.images.length > 0 ? product.images : [product.img]).map((src) => absoluteUrl(src, origin));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: product.name,
    sku: product.sku,
    mpn: product.sku,
    description: product.description,
    category: CATEGORY_LABELS[product.category],
    brand: { '@type': 'Brand', name: product.brand },
    // Issue #26 item 4 (decision 166): the OEM and other makers' numbers this part answers to.
    ...(product.partNumbers.length > 0
      ? {
          isSimilarTo: product.partNumbers.map((p) => ({
            '@type': 'Product',
            name: `${p.brand} ${p.number}`,
            mpn: p.number,
            brand: { '@type': 'Brand', name: p.brand },
          })),
        }
      : {}),
    image: images,
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: product.unitPrice.toFixed(2),
      priceCurrency: 'USD',
      availability: product.stock >= product.minOrder ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      eligibleQuantity: { '@type': 'QuantitativeValue', value: product.minOrder, unitCode: 'C62' },
      inventoryLevel: { '@type': 'QuantitativeValue', value: product.stock },
    },
  };
}

/** JSON for an inline <script>: "</script>" or "<!--" in a product text cannot end the element early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
