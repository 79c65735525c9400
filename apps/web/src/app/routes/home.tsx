// PLACEHOLDER: replaced by the issue that builds this screen.
export default function HomePage() {
  return <div className="p-8">Home</div>;
}
