// PLACEHOLDER: replaced by the issue that builds this screen.
export default function PaymentPage() {
  return <div className="p-8">Payment</div>;
}
