import { paymentCopy } from '@shop/shared/copy/payment';
import { usePaymentConfig } from '../api/get-payment-config';

/**
 * A live shop running the built-in test processor (ALLOW_TEST_PAYMENTS=true)
 * says so on every page, so nobody believes an order was really paid.
 */
export function TestModeBanner() {
  const config = usePaymentConfig();
  if (!config.data?.testModeBanner) return null;
  return (
    <aside aria-label={paymentCopy.testModeRegion} className="bg-warning px-4 py-2 text-center text-sm font-bold text-warning-content">
      <p>{paymentCopy.testModeBanner}</p>
    </aside>
  );
}
