import { profileCopy } from '@shop/shared/copy/profile';
import { usePageTitle } from '../../components/ui/page-title';
import { ProtectedRoute } from '../../features/identity/components/protected-route';
import { ProfileCard } from '../../features/profile/components/profile-card';

/** /profile: the navbar's display-name link (DESIGN §7.4); signed-in only, like the dashboard profile. */
export default function ProfilePage() {
  usePageTitle(profileCopy.title);
  return (
    <ProtectedRoute>
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
        <header className="mb-8 border-b border-base-300 pb-6">
          <h1 className="font-display text-4xl font-bold uppercase leading-tight md:text-5xl">{profileCopy.title}</h1>
          <span className="mt-3 block h-1 w-12 rounded-full bg-accent" aria-hidden="true" />
        </header>
        <ProfileCard />
      </div>
    </ProtectedRoute>
  );
}
