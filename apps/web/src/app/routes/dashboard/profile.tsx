import { dashboardCopy } from '@shop/shared/copy/dashboard';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { ProfileCard } from '../../../features/profile/components/profile-card';

export default function DashboardProfilePage() {
  return (
    <section aria-labelledby="dashboard-profile-title">
      <DashboardPageHeader id="dashboard-profile-title" title={dashboardCopy.myProfile} />
      <ProfileCard />
    </section>
  );
}
