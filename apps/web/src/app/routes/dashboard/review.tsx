// PLACEHOLDER: replaced by the issue that builds this screen.
export default function ReviewPage() {
  return <div className="p-8">Review</div>;
}
