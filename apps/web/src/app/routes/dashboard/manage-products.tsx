import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { copy } from '@shop/shared/copy';
import type { Product } from '@shop/shared/schemas/product';
import { Price } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { productsQueryOptions } from '../../../features/catalog/api/get-products';
import { DeleteProductDialog } from '../../../features/dashboard/components/delete-product-dialog';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { LoadError } from '../../../components/ui/load-error';

const t = copy.orderFlow;

export default function ManageProductsPage() {
  const products = useQuery({ ...productsQueryOptions(), staleTime: 0 });
  const [toDelete, setToDelete] = useState<Product | null>(null);

  return (
    <section aria-labelledby="manage-products-title">
      <DashboardPageHeader id="manage-products-title" title={copy.dashboard.manageProducts} intro={t.manageProductsIntro} />
      {products.isPending ? (
        <div className="flex flex-col gap-2 rounded-box border border-base-300 p-4" aria-hidden="true">
          <Skeleton className="h-8 w-full" />
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : products.isError ? (
        <LoadError message={products.error.message} onRetry={() => void products.refetch()} />
      ) : products.data.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-lg">{t.emptyProducts}</p>
      ) : (
        <>
          {/* Phones: a numbered list of cards, so Delete is never off-screen. */}
          <ol aria-label={copy.dashboard.manageProducts} className="flex flex-col gap-3 md:hidden">
            {products.data.map((p, i) => (
              <li key={p._id} className="flex items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3 shadow-sm">
                <span className="w-6 shrink-0 font-display text-lg font-bold text-base-content/75 tabular-nums" aria-hidden="true">
                  {i + 1}
                </span>
                <div className="size-14 shrink-0 overflow-hidden rounded-field border border-base-300 bg-base-200">
                  <img src={p.img} alt={p.name} width={56} height={56} loading="lazy" className="size-full object-contain p-1" />
                </div>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold leading-snug">{p.name}</p>
                  <p className="text-sm text-base-content/80">
                    <Price value={p.unitPrice} /> · {t.colStock} {p.stock.toLocaleString('en-US')} · {t.colMinOrder} {p.minOrder.toLocaleString('en-US')}
                  </p>
                </div>
                <button type="button" className="btn btn-outline btn-error btn-sm shrink-0" onClick={() => setToDelete(p)}>
                  {t.deleteButton}
                  <span className="sr-only"> {p.name}</span>
                </button>
              </li>
            ))}
          </ol>
          <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
            <table className="table">
              <caption className="sr-only">{copy.dashboard.manageProducts}</caption>
              <thead className="bg-base-200 text-xs uppercase tracking-wider text-base-content/80">
                <tr>
                  <th scope="col" className="w-12">
                    {t.colNumber}
                  </th>
                  <th scope="col" className="w-20">
                    {t.colImage}
                  </th>
                  <th scope="col">{t.colName}</th>
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
                {products.data.map((p, i) => (
                  <tr key={p._id} className="hover:bg-base-200/60">
                    <th scope="row" className="font-display text-lg tabular-nums text-base-content/70">
                      {i + 1}
                    </th>
                    <td>
                      <div className="size-14 overflow-hidden rounded-field border border-base-300 bg-base-200">
                        <img src={p.img} alt={p.name} width={56} height={56} loading="lazy" className="size-full object-contain p-1" />
                      </div>
                    </td>
                    <td className="min-w-48 font-semibold">{p.name}</td>
                    <td className="text-right">
                      <Price value={p.unitPrice} />
                    </td>
                    <td className={`text-right tabular-nums ${p.stock < p.minOrder ? 'font-semibold text-error' : ''}`}>{p.stock.toLocaleString('en-US')}</td>
                    <td className="text-right tabular-nums">{p.minOrder.toLocaleString('en-US')}</td>
                    <td className="text-right">
                      <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setToDelete(p)}>
                        {t.deleteButton}
                        <span className="sr-only"> {p.name}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <DeleteProductDialog product={toDelete} onClose={() => setToDelete(null)} />
    </section>
  );
}
