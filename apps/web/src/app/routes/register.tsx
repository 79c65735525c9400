// PLACEHOLDER: replaced by the issue that builds this screen.
export default function RegisterPage() {
  return <div className="p-8">Register</div>;
}
