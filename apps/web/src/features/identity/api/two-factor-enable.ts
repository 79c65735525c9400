import { loadAuthClient } from '../../../lib/load-auth-client';

export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

/** POST /api/auth/two-factor/enable: a new TOTP secret (as an otpauth:// URI) and backup codes; enrolment ends with verify-totp. */
export async function enableTwoFactor(password: string): Promise<TwoFactorSetup> {
  const { data, error } = await (await loadAuthClient()).twoFactor.enable(password ? { password } : ({} as { password: string }));
  if (error || !data || !('totpURI' in data) || !data.totpURI) throw new Error(error?.message ?? 'Could not start the setup. Please try again.');
  return { totpURI: data.totpURI, backupCodes: data.backupCodes ?? [] };
}
