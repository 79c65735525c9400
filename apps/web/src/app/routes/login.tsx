// PLACEHOLDER: replaced by the issue that builds this screen.
export default function LoginPage() {
  return <div className="p-8">Login</div>;
}
