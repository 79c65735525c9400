// PLACEHOLDER: replaced by the issue that builds this screen.
export default function ProfilePage() {
  return <div className="p-8">Profile</div>;
}
