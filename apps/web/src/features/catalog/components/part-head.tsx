import { partPageCopy } from '@shop/shared/copy/part-page';
import type { Product } from '@shop/shared/schemas/product';
import { PageHead } from '../../../components/ui/page-head';
import { formatPrice } from '../../../components/ui/price';
import { paths } from '../../../config/paths';
import { siteOrigin } from '../../../lib/site-origin';
import { jsonForScript, productJsonLd } from '../part-seo';

/**
 * The part page's own head: the shared page head (title, description,
 * canonical address, Open Graph as a product with its picture) and Product JSON-LD.
 */
export function PartHead({ product, origin = siteOrigin() }: { product: Product; origin?: string }) {
  const description = partPageCopy.metaDescription(product.name, product.sku, product.brand, formatPrice(product.unitPrice), product.minOrder);
  return (
    <>
      <PageHead title={product.name} description={description} path={paths.part(product._id)} type="product" image={product.img} origin={origin} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(productJsonLd(product, origin)) }} />
    </>
  );
}
