import { copy } from '@shop/shared/copy';

/** A refused code (401) gets the shop's own words; anything else keeps Better Auth's message. */
export function secondFactorError(error: { status: number; message?: string }): string {
  return error.status === 401 ? copy.twoFactor.invalidCode : (error.message ?? copy.twoFactor.invalidCode);
}
