import { Link, useLocation } from 'react-router';
import { companiesCopy } from '@shop/shared/copy/companies';
import { paths } from '../../../config/paths';
import { useAuth } from '../../identity/auth-context';
import { AuthLoading } from '../../identity/components/auth-loading';
import type { LoginRedirectState } from '../../identity/components/protected-route';
import { useJoinCompany } from '../api/companies';

const t = companiesCopy;
const panel = 'mx-auto w-full max-w-2xl rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8';

/**
 * Issue #37 item 1 (decision 204): /company/join?token=… — the invitation e-mail's link. Signed in: one button
 * accepts it (the API names the company only once joined). Not signed in: sign in or sign up with the invited
 * address first; both come back here. Nothing happens without the click, so a mail scanner joins nobody.
 */
export function CompanyJoin({ token }: { token: string }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const join = useJoinCompany();
  const back = { from: { pathname: location.pathname, search: location.search } } satisfies LoginRedirectState;

  if (!token) {
    return (
      <section aria-labelledby="join-title" className={panel}>
        <h1 id="join-title" className="font-display text-3xl font-bold uppercase leading-tight">
          {t.joinTitle}
        </h1>
        <p role="alert" className="mt-4 rounded-field border border-error/40 bg-error/10 px-4 py-3 font-medium text-error">
          {t.noToken}
        </p>
      </section>
    );
  }
  if (loading) return <AuthLoading />;
  if (join.isSuccess) {
    return (
      <section aria-labelledby="join-title" className={panel}>
        <h1 id="join-title" className="font-display text-3xl font-bold uppercase leading-tight wrap-anywhere">
          {t.joined(join.data.company.name)}
        </h1>
        <p className="mt-4 text-base-content/80">{t.joinedHint}</p>
        <Link to={paths.company} className="btn btn-primary mt-6">
          {t.toCompany}
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="join-title" className={panel}>
      <h1 id="join-title" className="font-display text-3xl font-bold uppercase leading-tight">
        {t.joinTitle}
      </h1>
      <span className="mt-2 block h-1 w-12 rounded-full bg-accent" aria-hidden="true" />
      <p className="mt-4 text-lg">{t.joinIntro}</p>
      {!user ? (
        <>
          <p className="mt-4 text-base-content/80">{t.signInFirst}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={paths.login} state={back} className="btn btn-primary">
              {t.signIn}
            </Link>
            <Link to={paths.register} state={back} className="btn btn-outline">
              {t.signUp}
            </Link>
          </div>
        </>
      ) : (
        <>
          {join.isError && (
            <div role="alert" className="mt-4 rounded-field border border-error/40 bg-error/10 px-4 py-3 text-error">
              <p className="font-bold">{t.joinFailedTitle}</p>
              <p className="font-medium">{join.error.message}</p>
            </div>
          )}
          <button
            type="button"
            className="btn btn-primary mt-6 min-w-48"
            disabled={join.isPending}
            aria-busy={join.isPending}
            onClick={() => join.mutate(token)}
          >
            {join.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {join.isPending ? t.joining : t.joinButton}
          </button>
        </>
      )}
    </section>
  );
}
