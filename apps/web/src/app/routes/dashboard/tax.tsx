import { TaxAdmin } from '../../../features/shipping/components/tax-admin';

/** /dashboard/tax (admin; the router's AdminRoute guards it): the tax setting and the tax rates (issue #24 item 5). */
export default function TaxPage() {
  return <TaxAdmin />;
}
