import { loadAuthClient } from '../../../lib/load-auth-client';
import { secondFactorError } from './second-factor-error';

/**
 * POST /api/auth/two-factor/verify-totp: finishes a challenged sign-in (after the password),
 * confirms the current session (after Google) or completes enrolment. Returns an error message, or null.
 */
export async function verifyTotp(code: string): Promise<string | null> {
  const { error } = await (await loadAuthClient()).twoFactor.verifyTotp({ code: code.replace(/\s+/g, '') });
  return error ? secondFactorError(error) : null;
}
