import { ShippingZonesAdmin } from '../../../features/shipping/components/shipping-zones';

/** /dashboard/shipping (admin; the router's AdminRoute guards it): shipping zones and their methods (issue #24 item 5). */
export default function ShippingPage() {
  return <ShippingZonesAdmin />;
}
