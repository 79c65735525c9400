import { twoFactorCopy } from '@shop/shared/copy/two-factor';
import { accountSecurityCopy } from '@shop/shared/copy/account-security';

/** A refused code (401) gets the shop's own words; anything else keeps Better Auth's message. */
export function secondFactorError(error: { status: number; code?: string; message?: string }): string {
  // Each code works once (#22): a code already used says so, rather than "not right".
  if (error.code === 'TOTP_CODE_ALREADY_USED') return accountSecurityCopy.codeAlreadyUsed;
  return error.status === 401 ? twoFactorCopy.invalidCode : (error.message ?? twoFactorCopy.invalidCode);
}
