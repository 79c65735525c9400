import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { ordersCopy } from '@shop/shared/copy/orders';
import { toastsCopy } from '@shop/shared/copy/toasts';
import type { Product } from '@shop/shared/schemas/product';
import { useDeleteProduct } from '../api/delete-product';
import { ConfirmDialog, mutateThenClose } from './confirm-dialog';

/** '{name} for Delete', then DELETE /product/{id} and 'Delete Success'. */
export function DeleteProductDialog({ product, onClose }: { product: Product | null; onClose(): void }) {
  const del = useDeleteProduct();
  return (
    <ConfirmDialog
      open={product !== null}
      title={orderFlowCopy.areYouSure}
      confirmLabel={orderFlowCopy.confirmDeleteButton}
      pending={del.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!product) return;
        mutateThenClose(del, product._id, toastsCopy.deleteSuccess, onClose);
      }}
    >
      {product && (
        <>
          <p className="text-lg text-base-content">
            <strong className="font-semibold">{product.name}</strong> {ordersCopy.confirmDelete}
          </p>
          <p className="mt-2 text-sm">{orderFlowCopy.deleteHint}</p>
        </>
      )}
    </ConfirmDialog>
  );
}
