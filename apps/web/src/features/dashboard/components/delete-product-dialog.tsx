import { copy } from '@shop/shared/copy';
import type { Product } from '@shop/shared/schemas/product';
import { useDeleteProduct } from '../api/delete-product';
import { ConfirmDialog, mutateThenClose } from './confirm-dialog';

/** '{name} for Delete', then DELETE /product/{id} and 'Delete Success'. */
export function DeleteProductDialog({ product, onClose }: { product: Product | null; onClose(): void }) {
  const del = useDeleteProduct();
  return (
    <ConfirmDialog
      open={product !== null}
      title={copy.orderFlow.areYouSure}
      confirmLabel={copy.orderFlow.confirmDeleteButton}
      pending={del.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!product) return;
        mutateThenClose(del, product._id, copy.toasts.deleteSuccess, onClose);
      }}
    >
      {product && (
        <>
          <p className="text-lg text-base-content">
            <strong className="font-semibold">{product.name}</strong> {copy.orders.confirmDelete}
          </p>
          <p className="mt-2 text-sm">{copy.orderFlow.deleteHint}</p>
        </>
      )}
    </ConfirmDialog>
  );
}
