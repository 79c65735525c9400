import { Link, useLocation } from 'react-router';
import { authCopy } from '@shop/shared/copy/auth';
import { useAuthConfig } from '../api/auth-config';
import { GoogleButton } from './google-button';

interface Props {
  prompt: string;
  to: string;
  linkText: string;
  onSignedIn: () => Promise<void>;
  onError: (message: string | null) => void;
  disabled: boolean;
}

/**
 * Below the login and register forms: the link to the other form (keeping where the user came from) and, when the
 * shop has Google credentials (GOOGLE_CLIENT_ID/SECRET), Google. Issue #39 item 8: a shop without them shows no
 * button that could only answer "not configured"; the server renders the page with the same answer.
 */
export function AuthAlternatives({ prompt, to, linkText, onSignedIn, onError, disabled }: Props) {
  const location = useLocation();
  const google = useAuthConfig().data?.google === true;
  return (
    <>
      <p className="text-center text-sm">
        {prompt}{' '}
        <Link to={to} state={location.state} className="link font-semibold text-primary">
          {linkText}
        </Link>
      </p>
      {google && (
        <>
          <div className="divider my-0 text-xs font-semibold text-base-content/70">{authCopy.or}</div>
          <GoogleButton onSignedIn={onSignedIn} onError={onError} disabled={disabled} />
        </>
      )}
    </>
  );
}
