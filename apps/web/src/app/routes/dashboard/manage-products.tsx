import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { dashboardCopy } from '@shop/shared/copy/dashboard';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import type { Product } from '@shop/shared/schemas/product';
import { Price } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { adminProductsQueryOptions } from '../../../features/dashboard/api/get-admin-products';
import { parsePageParam } from '../../../features/catalog/page-param';
import { ProductsPagination } from '../../../features/catalog/components/products-pagination';
import { DeleteProductDialog } from '../../../features/dashboard/components/delete-product-dialog';
import { AdjustStockDialog } from '../../../features/dashboard/components/adjust-stock-dialog';
import { paths } from '../../../config/paths';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { CatalogCsvActions } from '../../../features/dashboard/components/catalog-csv-actions';
import { LoadError } from '../../../components/ui/load-error';
import { AdminSearchForm } from '../../../features/dashboard/components/admin-search-form';
import { formatCount } from '@shop/shared/intl';

const t = orderFlowCopy;

/** The page, the low-stock filter and the search live in the address (?page=2&lowStock=true&q=hf204), so reload and back keep them. */
function useManageProductsParams() {
  const [params, setParams] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const q = params.get('q') ?? '';
  const inUrl = params.get('lowStock') === 'true';
  // The toggle answers at once; the address follows a moment later (a router navigation is not synchronous).
  // Back and forward change the address first, and the toggle follows it.
  const [lowOnly, setLowOnly] = useState(inUrl);
  const [seen, setSeen] = useState(inUrl);
  if (seen !== inUrl) {
    setSeen(inUrl);
    setLowOnly(inUrl);
  }
  const update = (next: { page?: number; lowOnly?: boolean; q?: string }, replace = false) => {
    if (next.lowOnly !== undefined) setLowOnly(next.lowOnly);
    const merged = { page: 1, lowOnly, q, ...next };
    const out = new URLSearchParams();
    if (merged.q) out.set('q', merged.q);
    if (merged.page > 1) out.set('page', String(merged.page));
    if (merged.lowOnly) out.set('lowStock', 'true');
    setParams(out, { preventScrollReset: true, replace });
  };
  return { page, lowOnly, q, update };
}

const searchCopy = {
  label: t.searchProductsLabel,
  placeholder: t.searchProductsPlaceholder,
  hint: t.searchProductsHint,
  button: t.searchButton,
  clear: t.clearSearch,
};

export default function ManageProductsPage() {
  const { page, lowOnly, q, update } = useManageProductsParams();
  const products = useQuery(adminProductsQueryOptions(page, lowOnly, q));
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [toAdjust, setToAdjust] = useState<Product | null>(null);
  const filterId = useId();
  const top = useRef<HTMLElement>(null);
  const data = products.data;
  const lowCount = data?.counts.lowStock ?? 0;
  const shown = data?.items ?? [];
  const offset = data ? (data.page - 1) * data.limit : 0;

  // A bookmarked ?page=7 after parts were deleted (or the last part of the last page went): show the last page that exists.
  const lastPage = data?.pages ?? 0;
  const placeholder = products.isPlaceholderData;
  useEffect(() => {
    if (!placeholder && lastPage >= 1 && page > lastPage) update({ page: lastPage }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is rebuilt each render from the same params
  }, [placeholder, lastPage, page]);

  const goTo = (next: number) => {
    update({ page: next });
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <section ref={top} aria-labelledby="manage-products-title" className="scroll-mt-24">
      <DashboardPageHeader id="manage-products-title" title={dashboardCopy.manageProducts} intro={t.manageProductsIntro}>
        <div className="flex flex-wrap items-center gap-2">
          <CatalogCsvActions />
          {data && (data.counts.all > 0 || q !== '') && (
            <label
              htmlFor={filterId}
              className="flex cursor-pointer items-center gap-2 rounded-field border border-base-300 bg-base-100 px-3 py-2 text-sm font-semibold"
            >
              <input
                id={filterId}
                type="checkbox"
                className="toggle toggle-sm toggle-warning"
                checked={lowOnly}
                onChange={(e) => update({ lowOnly: e.target.checked })}
              />
              {t.lowStockOnly}
              <span className="badge badge-warning badge-sm tabular-nums">{t.lowStockCount(lowCount)}</span>
            </label>
          )}
        </div>
      </DashboardPageHeader>
      <div className="mb-4">
        <AdminSearchForm id="products-search" copy={searchCopy} value={q} onSearch={(next) => update({ q: next })} />
      </div>
      {products.isPending ? (
        <div className="flex flex-col gap-2 rounded-box border border-base-300 p-4" aria-hidden="true">
          <Skeleton className="h-8 w-full" />
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : products.isError && !data ? (
        <LoadError message={products.error.message} onRetry={() => void products.refetch()} />
      ) : !data || (data.counts.all === 0 && !q) ? (
        <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-lg">{t.emptyProducts}</p>
      ) : shown.length === 0 ? (
        // Empty with parts in the catalogue: the search or the filter found none, or a page past the end (the effect above moves back).
        data.total === 0 && (q || lowOnly) ? (
          <p role="status" className="rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-lg">
            {q ? t.noProductsMatch : t.noLowStock}
          </p>
        ) : null
      ) : (
        <div aria-busy={placeholder} className={`flex flex-col gap-6 transition-opacity ${placeholder ? 'opacity-60' : ''}`}>
          {/* Phones: a numbered list of cards, so Delete is never off-screen. */}
          <ol aria-label={dashboardCopy.manageProducts} className="flex flex-col gap-3 md:hidden">
            {shown.map((p, i) => (
              <li key={p._id} className="flex items-start gap-3 rounded-box border border-base-300 bg-base-100 p-3 shadow-sm">
                <span className="w-6 shrink-0 font-display text-lg font-bold text-base-content/75 tabular-nums" aria-hidden="true">
                  {offset + i + 1}
                </span>
                <div className="size-14 shrink-0 overflow-hidden rounded-field border border-base-300 bg-base-200">
                  <img src={p.img} alt={p.name} width={56} height={56} loading="lazy" className="size-full object-contain p-1" />
                </div>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold leading-snug">{p.name}</p>
                  <p className="font-mono text-xs text-base-content/75">{p.sku}</p>
                  <p className="text-sm text-base-content/80">
                    <Price value={p.unitPrice} /> · {t.colStock} {formatCount(p.stock)} · {t.colMinOrder} {formatCount(p.minOrder)}
                  </p>
                  {p.lowStock && <LowStockBadge />}
                  <div className="mt-2 flex flex-wrap gap-2">
                    <RowActions product={p} onAdjust={setToAdjust} onDelete={setToDelete} />
                  </div>
                </div>
              </li>
            ))}
          </ol>
          <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
            <table className="table [&_td]:wrap-anywhere">
              <caption className="sr-only">{dashboardCopy.manageProducts}</caption>
              <thead className="bg-base-200 text-xs uppercase tracking-wider text-base-content/80">
                <tr>
                  <th scope="col" className="w-12">
                    {t.colNumber}
                  </th>
                  <th scope="col" className="w-20">
                    {t.colImage}
                  </th>
                  <th scope="col">{t.colName}</th>
                  <th scope="col">{t.colSku}</th>
                  <th scope="col" className="text-right">
                    {t.colUnitPrice}
                  </th>
                  <th scope="col" className="text-right">
                    {t.colStock}
                  </th>
                  <th scope="col" className="text-right">
                    {t.colMinOrder}
                  </th>
                  <th scope="col">
                    <span className="sr-only">{t.colActions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((p, i) => (
                  <tr key={p._id} className="hover:bg-base-200/60">
                    <th scope="row" className="font-display text-lg tabular-nums text-base-content/70">
                      {offset + i + 1}
                    </th>
                    <td>
                      <div className="size-14 overflow-hidden rounded-field border border-base-300 bg-base-200">
                        <img src={p.img} alt={p.name} width={56} height={56} loading="lazy" className="size-full object-contain p-1" />
                      </div>
                    </td>
                    <td className="min-w-40">
                      <span className="font-semibold">{p.name}</span>
                      <span className="block text-xs text-base-content/75">{p.brand}</span>
                    </td>
                    <td className="whitespace-nowrap font-mono text-sm">{p.sku}</td>
                    <td className="text-right">
                      <Price value={p.unitPrice} />
                    </td>
                    <td className={`text-right tabular-nums ${p.stock < p.minOrder ? 'font-semibold text-error' : ''}`}>
                      {formatCount(p.stock)}
                      {p.lowStock && <LowStockBadge />}
                    </td>
                    <td className="text-right tabular-nums">{formatCount(p.minOrder)}</td>
                    <td className="w-px whitespace-nowrap">
                      {/* Stacked, so the table fits beside the dashboard menu without scrolling sideways. */}
                      <div className="flex flex-col items-stretch gap-1">
                        <RowActions product={p} size="xs" onAdjust={setToAdjust} onDelete={setToDelete} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.pages > 1 && <ProductsPagination page={data.page} pages={data.pages} onPageChange={goTo} />}
        </div>
      )}
      <DeleteProductDialog product={toDelete} onClose={() => setToDelete(null)} />
      <AdjustStockDialog product={toAdjust} onClose={() => setToAdjust(null)} />
    </section>
  );
}

function LowStockBadge() {
  return <span className="badge badge-warning badge-sm ml-2 whitespace-nowrap font-semibold">{t.lowStock}</span>;
}

function RowActions({
  product,
  size = 'sm',
  onAdjust,
  onDelete,
}: {
  product: Product;
  size?: 'sm' | 'xs';
  onAdjust(p: Product): void;
  onDelete(p: Product): void;
}) {
  const btn = size === 'xs' ? 'btn-xs' : 'btn-sm';
  return (
    <>
      <Link to={paths.editProduct(product._id)} className={`btn btn-outline ${btn}`}>
        {t.editButton}
        <span className="sr-only"> {product.name}</span>
      </Link>
      {/* Decision 220: a kit's stock is its parts'; there is nothing of its own to adjust. */}
      {!product.kitComponents?.length && (
        <button type="button" className={`btn btn-outline ${btn}`} onClick={() => onAdjust(product)}>
          {t.adjustStockButton}
          <span className="sr-only"> {product.name}</span>
        </button>
      )}
      <button type="button" className={`btn btn-outline btn-error ${btn}`} onClick={() => onDelete(product)}>
        {t.deleteButton}
        <span className="sr-only"> {product.name}</span>
      </button>
    </>
  );
}
