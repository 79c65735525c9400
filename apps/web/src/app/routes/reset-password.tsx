// PLACEHOLDER: replaced by the issue that builds this screen.
export default function ResetPasswordPage() {
  return <div className="p-8">ResetPassword</div>;
}
