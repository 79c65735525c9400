// PLACEHOLDER: replaced by the issue that builds this screen.
export default function DashboardIndexPage() {
  return <div className="p-8">DashboardIndex</div>;
}
