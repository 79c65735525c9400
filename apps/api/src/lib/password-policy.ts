import { ADMIN_PASSWORD_MIN, CUSTOMER_PASSWORD_MIN, accountSecurityCopy } from '@shop/shared/copy/account-security';

/** The spec's own minimum (§5): anything shorter still gets its message, 'Must be 6 characters or longer', with the shop's 8 beside it. */
export const SPEC_PASSWORD_MIN = 6;

let common: Promise<Set<string>> | undefined;

/**
 * The most common passwords (about 49,000, from the zxcvbn-ts common dictionary: leaked-password
 * frequency lists), checked offline. Loaded on first use, so a start that never sets a password pays nothing.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return common;
}

export interface PasswordProblem {
  code: 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_COMMON';
  message: string;
}

/**
 * What is wrong with a new password, or null: at least 8 characters for customers and 12 for
 * administrators, and none of the most common passwords (compared without case).
 */
export async function passwordProblem(password: string, who: 'customer' | 'admin'): Promise<PasswordProblem | null> {
  if (password.length < SPEC_PASSWORD_MIN) return { code: 'PASSWORD_TOO_SHORT', message: accountSecurityCopy.passwordShortNew };
  if (password.length < CUSTOMER_PASSWORD_MIN) return { code: 'PASSWORD_TOO_SHORT', message: accountSecurityCopy.passwordTooShort };
  if (who === 'admin' && password.length < ADMIN_PASSWORD_MIN) return { code: 'PASSWORD_TOO_SHORT', message: accountSecurityCopy.passwordTooShortAdmin };
  if ((await commonPasswords()).has(password.toLowerCase())) return { code: 'PASSWORD_TOO_COMMON', message: accountSecurityCopy.passwordTooCommon };
  return null;
}
