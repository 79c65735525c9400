import { useState } from 'react';
import { twoFactorCopy } from '@shop/shared/copy/two-factor';
import { useAuth, useAuthActions } from '../../identity/auth-context';
import { TwoFactorEnrolment } from '../../identity/components/two-factor-enrolment';

/** Issue #7: customers may turn on the same second factor administrators use. */
export function TwoFactorCard() {
  const { user } = useAuth();
  const { secondFactorPassed } = useAuthActions();
  const [enrolling, setEnrolling] = useState(false);
  const on = user?.twoFactorEnabled === true;

  if (enrolling && !on) {
    return (
      <div className="mt-6">
        <TwoFactorEnrolment
          audience="customer"
          onEnrolled={async () => {
            await secondFactorPassed();
            setEnrolling(false);
          }}
        />
      </div>
    );
  }
  return (
    <section aria-labelledby="two-factor-heading" className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div className="flex flex-col gap-1">
          <h2 id="two-factor-heading" className="flex flex-wrap items-center gap-2 text-lg font-semibold">
            {twoFactorCopy.profileTitle}
            <span className={`badge ${on ? 'badge-success' : 'badge-neutral'} font-semibold`}>{on ? twoFactorCopy.on : twoFactorCopy.off}</span>
          </h2>
          <p className="text-sm text-base-content/80">{on ? twoFactorCopy.profileOn : twoFactorCopy.profileOff}</p>
        </div>
        {!on && (
          <button type="button" className="btn btn-outline btn-primary w-full sm:w-auto" onClick={() => setEnrolling(true)}>
            {twoFactorCopy.turnOn}
          </button>
        )}
      </div>
    </section>
  );
}
