import { useCallback, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { paths } from '../../../config/paths';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { productQueryOptions } from '../../../features/catalog/api/get-product';
import { AddProductForm } from '../../../features/dashboard/components/add-product-form';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { KitPartsEditor } from '../../../features/dashboard/components/kit-parts-editor';

const t = orderFlowCopy;

/** Issue #8: the Add A Product form, pre-filled with the product as the server has it now. */
export default function EditProductPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // Always the current version: an edit based on an old one would be refused.
  const product = useQuery({ ...productQueryOptions(id), staleTime: 0 });
  // The form keeps the version it opened with; only "Load the latest version" re-creates it with fresh values.
  const [formKey, setFormKey] = useState(0);
  // Issue #36 item 2: saving the kit parts changes the product's version and stock. The form is opened again with
  // them unless the admin has unsaved changes there (then its save says the product changed, with a reload button).
  const dirty = useRef(false);
  const onDirtyChange = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const afterKitSaved = () =>
    void product.refetch().then(() => {
      if (!dirty.current) setFormKey((k) => k + 1);
    });

  return (
    <section aria-labelledby="edit-product-title">
      <DashboardPageHeader id="edit-product-title" title={product.data ? t.editProductTitle(product.data.name) : t.editButton} intro={t.editProductIntro} />
      <Link to={paths.manageProducts} className="link link-hover mb-4 inline-flex items-center gap-2 text-sm font-semibold">
        <span aria-hidden="true">←</span> {t.cancelEdit}
      </Link>
      <div className="max-w-3xl rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
        {product.isPending ? (
          <div className="flex flex-col gap-4" aria-busy="true">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-28 w-full" />
          </div>
        ) : product.isError ? (
          <LoadError message={product.error.message} onRetry={() => void product.refetch()} />
        ) : (
          <AddProductForm
            key={`${product.data._id}-${formKey}`}
            product={product.data}
            onSaved={() => void navigate(paths.manageProducts)}
            onReload={() => void product.refetch().then(() => setFormKey((k) => k + 1))}
            kit={(product.data.kitComponents?.length ?? 0) > 0}
            onDirtyChange={onDirtyChange}
          />
        )}
      </div>
      {product.data ? (
        <div className="mt-6 max-w-3xl rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
          <KitPartsEditor key={product.data._id} product={product.data} onSaved={afterKitSaved} />
        </div>
      ) : null}
    </section>
  );
}
