// PLACEHOLDER: replaced by the issue that builds this screen.
export default function MakeAdminPage() {
  return <div className="p-8">MakeAdmin</div>;
}
