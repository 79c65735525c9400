// PLACEHOLDER: replaced by the issue that builds this screen.
export default function AddProductPage() {
  return <div className="p-8">AddProduct</div>;
}
