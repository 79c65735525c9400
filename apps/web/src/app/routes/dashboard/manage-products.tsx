// PLACEHOLDER: replaced by the issue that builds this screen.
export default function ManageProductsPage() {
  return <div className="p-8">ManageProducts</div>;
}
