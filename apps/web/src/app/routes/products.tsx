// PLACEHOLDER: replaced by the issue that builds this screen.
export default function ProductsPage() {
  return <div className="p-8">Products</div>;
}
