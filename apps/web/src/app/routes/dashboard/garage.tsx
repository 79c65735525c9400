import { dashboardCopy } from '@shop/shared/copy/dashboard';
import { garageCopy } from '@shop/shared/copy/garage';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { GarageManager } from '../../../features/garage/components/garage-manager';

/** My Garage (issue #11 part 4, decision 132). */
export default function GaragePage() {
  return (
    <section aria-labelledby="garage-title">
      <DashboardPageHeader id="garage-title" title={dashboardCopy.myGarage} intro={garageCopy.pageIntro} />
      <GarageManager />
    </section>
  );
}
