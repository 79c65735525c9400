import { quickOrderCopy as t } from '@shop/shared/quick-order';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { QuickOrderForm } from '../../features/cart/components/quick-order-form';
import { ReorderListsSection } from '../../features/reorder-lists/components/reorder-lists-section';

/** Issue #37 item 3 (decision 202): /quick-order, for a signed-in buyer (the list goes to the account's cart). */
export default function QuickOrderPage() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 md:px-8 lg:py-12">
      <PageHead title={t.title} description={t.pageDescription} path={paths.quickOrder} noindex />
      <h1 className="font-display text-4xl font-bold uppercase leading-tight">{t.title}</h1>
      <span className="mt-2 block h-1 w-16 rounded-full bg-accent" aria-hidden="true" />
      <p className="mt-3 mb-6 text-base-content/80">{t.intro}</p>
      <QuickOrderForm />
      {/* Decision 207: the buyer's saved reorder lists, each to the cart in one click. */}
      <ReorderListsSection />
    </div>
  );
}
