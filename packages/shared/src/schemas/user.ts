import { z } from 'zod';
import { emailSchema } from './common';
import { adminTwoFactorStateSchema, displayNameSchema } from './account';

/** PUT /user/{email} sign-in sync body. Any other field (role!) is stripped. */
export const userSyncSchema = z.object({
  email: emailSchema,
  name: displayNameSchema.optional().default(''),
});
export const tokenResponseSchema = z.object({ token: z.string() });

/** PUT /user/{email} profile fields: all required (spec section 5). */
export const profileUpdateSchema = z.object({
  education: z.string().trim().min(1, 'Education is Required').max(200),
  location: z.string().trim().min(1, 'Location is Required').max(200),
  phone: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .min(1, 'Phone is Required')
        .max(30)
        .regex(/^\+?[0-9][0-9 ()-]*$/, 'Phone must be a number'),
    ),
  linkedin: z.string().trim().min(1, 'Linkedin is Required').max(300),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export const profileSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  role: z.string(),
  education: z.string().nullable(),
  location: z.string().nullable(),
  phone: z.string().nullable(),
  linkedin: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const adminCheckSchema = z.object({
  admin: z.boolean(),
  /** Only when asking about oneself as an admin: whether this session still needs a second factor. */
  twoFactor: adminTwoFactorStateSchema.optional(),
  /** Only when asking about oneself as an admin who was promoted and has not chosen an admin password since (issue #34). */
  passwordChange: z.literal('required').optional(),
});

export const userListEntrySchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  /** Issue #24, additive: only on the page answer (GET /users?page=); the spec's array keeps its four fields. */
  taxExempt: z.boolean().optional(),
  /** The VAT or resale number of a tax-exempt business customer ('' when not exempt). */
  taxId: z.string().optional(),
});
export type UserListEntry = z.infer<typeof userListEntrySchema>;
export const userListSchema = z.array(userListEntrySchema);

export const USERS_PAGE_DEFAULT_LIMIT = 50;
export const USERS_PAGE_MAX_LIMIT = 100;

/**
 * GET /users: without page, limit and q the spec's array; with any of them, one page (administrators first, then the
 * newest accounts). Issue #25: q keeps the accounts whose name or e-mail holds it.
 */
export const userListQuerySchema = z.object({
  page: z.coerce.number({ message: 'page must be a whole number' }).int('page must be a whole number').min(1, 'page must be 1 or more').optional(),
  limit: z.coerce
    .number({ message: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(USERS_PAGE_MAX_LIMIT, `limit must be ${USERS_PAGE_MAX_LIMIT} or less`)
    .optional(),
  q: z.string({ message: 'q must be text' }).trim().max(200, 'q must be 200 characters or fewer').optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userPageSchema = z.object({
  items: userListSchema,
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
});
export type UserPage = z.infer<typeof userPageSchema>;

export const setRoleSchema = z.object({ role: z.literal('admin', { message: "role must be 'admin'" }) });

/** Issue #25: DELETE /users/{id}/admin answers what the account's role is now. */
export const demoteResultSchema = z.object({ ok: z.literal(true), role: z.string() });
export type DemoteResult = z.infer<typeof demoteResultSchema>;
