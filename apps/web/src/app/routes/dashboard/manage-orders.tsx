// PLACEHOLDER: replaced by the issue that builds this screen.
export default function ManageOrdersPage() {
  return <div className="p-8">ManageOrders</div>;
}
