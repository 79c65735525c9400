// PLACEHOLDER: replaced by the issue that builds this screen.
export default function PurchasePage() {
  return <div className="p-8">Purchase</div>;
}
