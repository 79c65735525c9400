import { z } from 'zod';

/**
 * Issue #22: one signed-in session of the current user (GET /api/sessions). The device is the browser and
 * system read from its User-Agent (null when it does not say); the place is the network address the shop saw,
 * as stored: no geolocation service is used.
 */
export const accountSessionSchema = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ items: z.array(accountSessionSchema) });

/** DELETE /api/sessions?others=true: how many sessions ended. */
export const revokedSessionsSchema = z.object({ revoked: z.number().int().min(0) });

/** POST /api/sessions/password: the current password and the new one (the shop's rules are checked on the server). */
export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword: z.string().min(1).max(128),
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
