import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { profileCopy } from '@shop/shared/copy/profile';
import type { Profile } from '@shop/shared/schemas/user';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useAuth } from '../../identity/auth-context';
import { useProfile } from '../api/get-profile';
import { useResendVerification } from '../api/resend-verification';
import { ProfileUpdateModal } from './profile-update-modal';
import { TwoFactorCard } from './two-factor-card';
import { SessionsCard } from './sessions-card';
import { PasswordCard } from './password-card';
import { AddressBookCard } from '../../addresses/components/address-book-card';

const DEFAULT_AVATAR = '/images/avatar-default.svg';

function Field({ label, value, empty }: { label: string; value: string | null; empty: string }) {
  return (
    <div className="flex min-h-20 flex-col gap-1 rounded-box border border-base-300 bg-base-200/60 p-4">
      <dt className="text-xs font-semibold uppercase tracking-wider text-base-content/70">{label}</dt>
      <dd className={value ? 'break-words font-medium' : 'text-sm italic text-base-content/70'}>{value || empty}</dd>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div className="card border border-base-300 bg-base-100" aria-hidden="true">
      <div className="card-body gap-8 md:flex-row">
        <div className="flex flex-col items-center gap-4 md:w-72">
          <Skeleton className="size-32 rounded-full" />
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-5 w-48" />
        </div>
        <div className="grid flex-1 gap-4 sm:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      </div>
    </div>
  );
}

/** Verification result from the e-mailed link (/profile?verified=1[&error=…]). */
function VerificationNotice() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  if (!params.has('verified')) return null;
  const failed = params.has('error');
  // A hand-made ?verified=1 on an unverified account must not claim success.
  if (!failed && user?.emailVerified === false) return null;
  const dismiss = () => {
    const next = new URLSearchParams(params);
    next.delete('verified');
    next.delete('error');
    setParams(next, { replace: true });
  };
  return (
    <div role={failed ? 'alert' : 'status'} className={`alert ${failed ? 'alert-error' : 'alert-success'} mb-6`}>
      <span>{failed ? profileCopy.verifyFailed : profileCopy.verifiedNow}</span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={dismiss}>
        {profileCopy.dismiss}
      </button>
    </div>
  );
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const resend = useResendVerification();
  const photo = profile.image || user?.photoURL || null;
  const displayName = profile.name || user?.displayName || profile.email;
  const verified = user?.email === profile.email ? user.emailVerified : undefined;
  const isAdmin = profile.role.split(',').includes('admin');

  const onResend = () =>
    resend.mutate(profile.email, {
      onSuccess: () => toastSuccess(profileCopy.verificationSent),
      onError: (e) => toastError(e.message),
    });

  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="profile-name-heading">
      <div className="card-body gap-8 p-6 sm:p-8 md:flex-row">
        <div className="flex flex-col items-center gap-3 text-center md:w-72 md:shrink-0">
          <div className="rounded-full bg-accent p-1">
            <img
              src={photo ?? DEFAULT_AVATAR}
              alt={photo ? profileCopy.photoAlt(displayName) : profileCopy.defaultPhotoAlt}
              width={128}
              height={128}
              className="size-32 rounded-full bg-base-300 object-cover"
              referrerPolicy="no-referrer"
            />
          </div>
          <h2 id="profile-name-heading" className="font-display text-2xl font-bold uppercase tracking-wide">
            {displayName}
          </h2>
          <p className="text-sm text-base-content/80 [overflow-wrap:anywhere]">{profile.email}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <span className={`badge ${isAdmin ? 'badge-primary' : 'badge-neutral'} font-semibold`}>{isAdmin ? profileCopy.admin : profileCopy.customer}</span>
            {verified !== undefined && (
              <span className={`badge badge-outline ${verified ? 'text-success' : 'text-warning'} font-semibold`}>
                {verified ? profileCopy.verified : profileCopy.notVerified}
              </span>
            )}
          </div>
          {verified === false && (
            <button type="button" className="btn btn-link btn-sm text-primary" onClick={onResend} disabled={resend.isPending}>
              {resend.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {profileCopy.resendVerification}
            </button>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-6">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Field label={profileCopy.education} value={profile.education} empty={profileCopy.emptyEducation} />
            <Field label={profileCopy.location} value={profile.location} empty={profileCopy.emptyLocation} />
            <Field label={profileCopy.phone} value={profile.phone} empty={profileCopy.emptyPhone} />
            <Field label={profileCopy.linkedin} value={profile.linkedin} empty={profileCopy.emptyLinkedin} />
          </dl>
          <div className="flex justify-end">
            <button type="button" className="btn btn-primary w-full sm:w-auto" onClick={() => setEditing(true)}>
              {profileCopy.updateButton}
            </button>
          </div>
        </div>
      </div>
      <ProfileUpdateModal open={editing} onClose={() => setEditing(false)} profile={profile} />
    </article>
  );
}

/** The signed-in user's profile card (spec: photo or default avatar, name, e-mail, education, location, phone, linkedin). */
export function ProfileCard() {
  const { user } = useAuth();
  const profile = useProfile(user?.email);
  return (
    <div>
      <VerificationNotice />
      {profile.isPending ? (
        <ProfileSkeleton />
      ) : profile.isError ? (
        <LoadError message={profile.error.message} onRetry={() => void profile.refetch()} className="min-h-64" />
      ) : (
        <>
          <ProfileDetails profile={profile.data} />
          {user?.email === profile.data.email && (
            <>
              <AddressBookCard />
              <TwoFactorCard />
              <SessionsCard />
              <PasswordCard />
            </>
          )}
        </>
      )}
    </div>
  );
}
