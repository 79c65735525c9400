import { dashboardCopy } from '@shop/shared/copy/dashboard';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { AddProductForm } from '../../../features/dashboard/components/add-product-form';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';

export default function AddProductPage() {
  return (
    <section aria-labelledby="add-product-title">
      <DashboardPageHeader id="add-product-title" title={dashboardCopy.addProduct} intro={orderFlowCopy.addProductIntro} />
      <div className="max-w-3xl rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
        <AddProductForm />
      </div>
    </section>
  );
}
