import { useParams } from 'react-router';
import { paymentCopy as t } from '@shop/shared/copy/payment';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { TestInvoiceView } from '../../features/payments/components/test-invoice-view';

/** Decision 208: /pay-invoice/:id — the test processor's invoice page (public: the invoice's link is the capability). */
export default function PayInvoicePage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 md:px-8 lg:py-12">
      <PageHead title={t.invoiceTitle(null)} description={t.invoiceDescription} path={paths.payInvoice(id)} noindex />
      <TestInvoiceView id={id} />
    </div>
  );
}
