import { useEffect } from 'react';
import { copy } from '@shop/shared/copy';
import type { Product } from '@shop/shared/schemas/product';
import { documentTitle } from '../../../components/ui/page-title';
import { formatPrice } from '../../../components/ui/price';
import { paths } from '../../../config/paths';
import { absoluteUrl, jsonForScript, productJsonLd } from '../part-seo';
import { siteOrigin } from '../../../lib/site-origin';

/**
 * The part page's own head: title, description, canonical address, Open Graph
 * and Product JSON-LD. React 19 hoists <title>, <meta> and <link> into <head>.
 */
export function PartHead({ product }: { product: Product }) {
  const origin = siteOrigin();
  const url = absoluteUrl(paths.part(product._id), origin);
  const title = documentTitle(product.name);
  const description = copy.partPage.metaDescription(product.name, product.sku, product.brand, formatPrice(product.unitPrice), product.minOrder);
  useHideStaticDescription();
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} data-page="part" />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="product" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={absoluteUrl(product.img, origin)} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(productJsonLd(product, origin)) }} />
    </>
  );
}

/** index.html's shop-wide description steps aside while the part's own is shown, so the page has one. */
function useHideStaticDescription() {
  useEffect(() => {
    const statics = Array.from(document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]:not([data-page])'));
    const placeholders = statics.map((meta) => {
      const mark = document.createComment('description');
      meta.replaceWith(mark);
      return { meta, mark };
    });
    return () => {
      for (const { meta, mark } of placeholders) mark.replaceWith(meta);
    };
  }, []);
}
