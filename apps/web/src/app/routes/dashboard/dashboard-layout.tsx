import { useState } from 'react';
import { Outlet } from 'react-router';
import { dashboardCopy } from '@shop/shared/copy/dashboard';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { usePageTitle } from '../../../components/ui/page-title';
import { useAuth } from '../../../features/identity/auth-context';
import { DashboardNav } from '../../../features/dashboard/components/dashboard-nav';
import { DashboardDrawer } from '../../../features/dashboard/components/dashboard-drawer';
import { DashboardIcon } from '../../../features/dashboard/components/dashboard-icons';

export default function DashboardLayoutPage() {
  usePageTitle(dashboardCopy.title);
  const { user, admin, adminLoading } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 md:px-8 lg:py-12">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4 border-b border-base-300 pb-6">
        <div className="min-w-0">
          {user && <p className="mb-1 truncate text-sm font-semibold uppercase tracking-[0.2em] text-primary">{user.displayName || user.email}</p>}
          <h1 className="font-display text-4xl font-bold uppercase leading-tight md:text-5xl">{dashboardCopy.title}</h1>
          <p className="mt-2 min-h-6 text-base-content/80">{adminLoading ? '' : admin ? orderFlowCopy.adminIntro : orderFlowCopy.customerIntro}</p>
        </div>
        <button type="button" className="btn btn-outline lg:hidden" aria-haspopup="dialog" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
          <DashboardIcon name="menu" />
          {orderFlowCopy.dashboardMenu}
        </button>
      </header>
      <div className="grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className="hidden lg:block">
          <div className="sticky top-24 rounded-box border border-base-300 bg-base-200 p-2">
            <DashboardNav />
          </div>
        </aside>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
      <DashboardDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />
    </div>
  );
}
