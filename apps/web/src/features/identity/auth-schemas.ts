import { z } from 'zod';
import { copy } from '@shop/shared/copy';
import { SPEC_EMAIL_PATTERN } from '@shop/shared/schemas/common';

/** Spec §5: the login and register rules and their exact messages. */
const email = z.string().min(1, copy.validation.emailRequired).regex(SPEC_EMAIL_PATTERN, copy.validation.emailInvalid);
const password = z.string().min(1, copy.validation.passwordRequired).min(6, copy.validation.passwordShort);

export const loginFormSchema = z.object({ email, password });
export type LoginFormValues = z.infer<typeof loginFormSchema>;

export const registerFormSchema = z.object({ name: z.string().trim().min(1, copy.validation.nameRequired), email, password });
export type RegisterFormValues = z.infer<typeof registerFormSchema>;

export const forgotPasswordFormSchema = z.object({ email });
export type ForgotPasswordFormValues = z.infer<typeof forgotPasswordFormSchema>;

export const resetPasswordFormSchema = z
  .object({ password, confirm: z.string().min(1, copy.validation.passwordRequired) })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: copy.auth.passwordsDiffer });
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;
