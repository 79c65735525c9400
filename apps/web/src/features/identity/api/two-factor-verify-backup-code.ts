import { loadAuthClient } from '../../../lib/load-auth-client';
import { secondFactorError } from './second-factor-error';

/** POST /api/auth/two-factor/verify-backup-code: like verify-totp, with one of the single-use backup codes. */
export async function verifyBackupCode(code: string): Promise<string | null> {
  const { error } = await (await loadAuthClient()).twoFactor.verifyBackupCode({ code: code.trim() });
  return error ? secondFactorError(error) : null;
}
