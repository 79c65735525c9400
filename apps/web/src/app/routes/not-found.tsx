// PLACEHOLDER: replaced by the issue that builds this screen.
export default function NotFoundPage() {
  return <div className="p-8">NotFound</div>;
}
