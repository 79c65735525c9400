// PLACEHOLDER: replaced by the issue that builds this screen.
export default function MyOrdersPage() {
  return <div className="p-8">MyOrders</div>;
}
