import { copy } from '@shop/shared/copy';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { GarageManager } from '../../../features/garage/components/garage-manager';

/** My Garage (issue #11 part 4, decision 132). */
export default function GaragePage() {
  return (
    <section aria-labelledby="garage-title">
      <DashboardPageHeader id="garage-title" title={copy.dashboard.myGarage} intro={copy.garage.pageIntro} />
      <GarageManager />
    </section>
  );
}
