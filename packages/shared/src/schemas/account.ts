import { z } from 'zod';

/** Issue #7 hardening: limits of the identity fields that are shown to others (reviews). */
export const DISPLAY_NAME_MAX = 80;
export const PHOTO_URL_MAX = 2048;

export const DISPLAY_NAME_TOO_LONG = `The name can be at most ${DISPLAY_NAME_MAX} characters.`;
export const PHOTO_URL_TOO_LONG = `The photo address can be at most ${PHOTO_URL_MAX} characters.`;
export const PHOTO_URL_NOT_ALLOWED = 'The photo must be an https:// address or an image of this shop (a path starting with /).';

/** A shop path such as /images/avatar-default.svg or /api/uploads/abc.webp: no scheme, no host, no tricks. */
const SHOP_PATH = /^\/(?!\/)[A-Za-z0-9._~%/-]*$/;

/**
 * A photo URL the shop will show in an <img>: an https: address (with a host), or one of the
 * shop's own image paths. Anything else (javascript:, data:, http:, protocol-relative //host) is refused.
 */
export function isAllowedPhotoUrl(value: string): boolean {
  if (value.length > PHOTO_URL_MAX) return false;
  if (SHOP_PATH.test(value)) return !value.split('/').includes('..');
  if (!/^https:\/\//i.test(value) || /[\s\\]/.test(value)) return false;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' && u.hostname !== '';
  } catch {
    return false;
  }
}

export const displayNameSchema = z.string({ message: 'The name must be text.' }).trim().max(DISPLAY_NAME_MAX, DISPLAY_NAME_TOO_LONG);

export const photoUrlSchema = z
  .string({ message: 'The photo address must be text.' })
  .trim()
  .max(PHOTO_URL_MAX, PHOTO_URL_TOO_LONG)
  .refine((v) => v === '' || isAllowedPhotoUrl(v), PHOTO_URL_NOT_ALLOWED);

/**
 * The identity fields of sign-up and update-user (Better Auth's `name` and `image`);
 * other fields pass through untouched for Better Auth to check.
 */
export const accountFieldsSchema = z.looseObject({
  name: displayNameSchema.optional(),
  image: photoUrlSchema.nullable().optional(),
});

/** What GET /admin/{email} says about the caller's own second factor, so the web app can lead an admin through it. */
export const adminTwoFactorStateSchema = z.enum(['not-needed', 'passed', 'enrol', 'verify']);
export type AdminTwoFactorState = z.infer<typeof adminTwoFactorStateSchema>;

/** Issue #34: an account made admin keeps its customer password (8 characters) until it chooses one of 12. */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE =
  'You were made an administrator: choose a new password of at least 12 characters (Profile, Change password), then try again.';

export const TWO_FACTOR_REQUIRED_MESSAGE =
  'Administrators must confirm their sign-in with a second factor (an authenticator app code). Set it up or enter your code, then try again.';
