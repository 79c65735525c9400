import { PASSWORD_CHANGE_REQUIRED_MESSAGE, TWO_FACTOR_REQUIRED_MESSAGE } from '@shop/shared';
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
  /** Promoted to admin and has not chosen a password of the admin rule since (issue #34). */
  mustChangePassword: boolean;
}

/**
 * The role alone. Only for questions about the role itself (make-admin, whether
 * to ask an admin to enrol, showing someone's role); never to grant admin powers.
 */
export const isAdmin = (u: Pick<PolicySubject, 'role'>) => (u.role ?? '').split(',').includes('admin');

/** Holds the admin role but owes the second factor before using it. */
export const owesAdminSecondFactor = (u: PolicySubject) => isAdmin(u) && u.adminTwoFactor === 'required' && !u.twoFactorVerified;

/** Holds the admin role but owes a password of the admin rule (promoted with a customer's password). */
export const owesAdminPassword = (u: PolicySubject) => isAdmin(u) && u.mustChangePassword;

/**
 * The one admin grant: the admin role and, when ADMIN_TWO_FACTOR=required, a session that passed the second factor,
 * and a password chosen under the admin rule.
 */
export const actsAsAdmin = (u: PolicySubject) => isAdmin(u) && !owesAdminSecondFactor(u) && !owesAdminPassword(u);

export const twoFactorRequired = () => new ForbiddenError(TWO_FACTOR_REQUIRED_MESSAGE, 'TWO_FACTOR_REQUIRED');
export const passwordChangeRequired = () => new ForbiddenError(PASSWORD_CHANGE_REQUIRED_MESSAGE, 'PASSWORD_CHANGE_REQUIRED');

/** Why an admin does not act as one (the second factor first: it finishes the sign-in), or null. */
export function adminDebt(u: PolicySubject): ForbiddenError | null {
  if (owesAdminSecondFactor(u)) return twoFactorRequired();
  if (owesAdminPassword(u)) return passwordChangeRequired();
  return null;
}

/**
 * For calls that are not about one object (a list, an admin screen): an admin who
 * owes the second factor or a new password is told so (403 TWO_FACTOR_REQUIRED or
 * PASSWORD_CHANGE_REQUIRED); anyone else gets `refusal`.
 */
export function assertActsAsAdmin(u: PolicySubject, refusal: () => Error): void {
  if (actsAsAdmin(u)) return;
  throw (isAdmin(u) && adminDebt(u)) || refusal();
}
