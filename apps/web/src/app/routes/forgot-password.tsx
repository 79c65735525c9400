// PLACEHOLDER: replaced by the issue that builds this screen.
export default function ForgotPasswordPage() {
  return <div className="p-8">ForgotPassword</div>;
}
