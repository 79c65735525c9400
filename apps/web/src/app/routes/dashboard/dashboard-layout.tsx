import { Outlet } from 'react-router';

// PLACEHOLDER: replaced by the ordering/identity issues.
export default function DashboardLayoutPage() {
  return <Outlet />;
}
