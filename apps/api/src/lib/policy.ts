import { TWO_FACTOR_REQUIRED_MESSAGE } from '@shop/shared';
import { ForbiddenError } from './errors';

/**
 * The shop's access rules (DESIGN §2 and §6): plugins and services both import
 * them, so "acts as an admin" is decided in one place.
 */

/** ADMIN_TWO_FACTOR: whether admin powers need a session that passed a second factor. */
export type AdminTwoFactorSetting = 'required' | 'optional';

export interface PolicySubject {
  role: string;
  /** This session passed TOTP or a backup code. */
  twoFactorVerified: boolean;
  /** The ADMIN_TWO_FACTOR setting the session was admitted under. */
  adminTwoFactor: AdminTwoFactorSetting;
}

/**
 * The role alone. Only for questions about the role itself (make-admin, whether
 * to ask an admin to enrol, showing someone's role); never to grant admin powers.
 */
export const isAdmin = (u: Pick<PolicySubject, 'role'>) => (u.role ?? '').split(',').includes('admin');

/** Holds the admin role but owes the second factor before using it. */
export const owesAdminSecondFactor = (u: PolicySubject) => isAdmin(u) && u.adminTwoFactor === 'required' && !u.twoFactorVerified;

/** The one admin grant: the admin role and, when ADMIN_TWO_FACTOR=required, a session that passed the second factor. */
export const actsAsAdmin = (u: PolicySubject) => isAdmin(u) && !owesAdminSecondFactor(u);

export const twoFactorRequired = () => new ForbiddenError(TWO_FACTOR_REQUIRED_MESSAGE, 'TWO_FACTOR_REQUIRED');

/**
 * For calls that are not about one object (a list, an admin screen): an admin who
 * owes the second factor is told so (403 TWO_FACTOR_REQUIRED); anyone else gets `refusal`.
 */
export function assertActsAsAdmin(u: PolicySubject, refusal: () => Error): void {
  if (actsAsAdmin(u)) return;
  throw owesAdminSecondFactor(u) ? twoFactorRequired() : refusal();
}
