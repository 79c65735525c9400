import { z } from 'zod';
import { authCopy } from '@shop/shared/copy/auth';
import { validationCopy } from '@shop/shared/copy/validation';
import { CUSTOMER_PASSWORD_MIN, accountSecurityCopy } from '@shop/shared/copy/account-security';
import { SPEC_EMAIL_PATTERN } from '@shop/shared/schemas/common';
import { DISPLAY_NAME_MAX, DISPLAY_NAME_TOO_LONG } from '@shop/shared/schemas/account';

/**
 * Spec §5: the login and register rules and their exact messages. The spec's
 * loose pattern alone refuses real addresses with a hyphen or a digit in the
 * domain (rider@torque-throttle.example, a@1und1.de), so an address a mail
 * system accepts passes too (decision 031).
 */
const plainEmail = z.email();
const looksLikeEmail = (v: string) => SPEC_EMAIL_PATTERN.test(v) || plainEmail.safeParse(v).success;
const email = z.string().trim().min(1, validationCopy.emailRequired).refine(looksLikeEmail, validationCopy.emailInvalid);
const password = z.string().min(1, validationCopy.passwordRequired).min(6, validationCopy.passwordShort);
/**
 * A password being chosen (register, reset): the spec's message below 6 characters, then the shop's
 * 8 (#22). Logging in keeps the spec's rule, so older 6- and 7-character passwords still sign in; the
 * server also refuses common passwords and asks administrators for 12.
 */
const newPassword = z
  .string()
  .min(1, validationCopy.passwordRequired)
  // Issue #39 item 8: the spec's words with the shop's 8 beside them, as the hint next to the field says.
  .min(6, accountSecurityCopy.passwordShortNew)
  .min(CUSTOMER_PASSWORD_MIN, accountSecurityCopy.passwordTooShort);

export const loginFormSchema = z.object({ email, password });
export type LoginFormValues = z.infer<typeof loginFormSchema>;

export const registerFormSchema = z.object({
  name: z.string().trim().min(1, validationCopy.nameRequired).max(DISPLAY_NAME_MAX, DISPLAY_NAME_TOO_LONG),
  email,
  password: newPassword,
});
export type RegisterFormValues = z.infer<typeof registerFormSchema>;

export const forgotPasswordFormSchema = z.object({ email });
export type ForgotPasswordFormValues = z.infer<typeof forgotPasswordFormSchema>;

export const resetPasswordFormSchema = z
  .object({ password: newPassword, confirm: z.string().min(1, validationCopy.passwordRequired) })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: authCopy.passwordsDiffer });
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;
