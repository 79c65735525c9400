import { twoFactorCopy } from '@shop/shared/copy/two-factor';

/** A refused code (401) gets the shop's own words; anything else keeps Better Auth's message. */
export function secondFactorError(error: { status: number; message?: string }): string {
  return error.status === 401 ? twoFactorCopy.invalidCode : (error.message ?? twoFactorCopy.invalidCode);
}
