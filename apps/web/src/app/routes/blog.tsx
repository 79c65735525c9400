// PLACEHOLDER: replaced by the issue that builds this screen.
export default function BlogPage() {
  return <div className="p-8">Blog</div>;
}
