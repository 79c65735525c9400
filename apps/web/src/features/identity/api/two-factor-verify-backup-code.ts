import { authClient } from '../../../lib/auth-client';
import { secondFactorError } from './second-factor-error';

/** POST /api/auth/two-factor/verify-backup-code: like verify-totp, with one of the single-use backup codes. */
export async function verifyBackupCode(code: string): Promise<string | null> {
  const { error } = await authClient.twoFactor.verifyBackupCode({ code: code.trim() });
  return error ? secondFactorError(error) : null;
}
