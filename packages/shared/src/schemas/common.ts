import { z } from 'zod';

/** Every error the API answers with has this shape. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const idSchema = z.string().uuid({ message: 'Not a valid id' });
export const idParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The spec's loose e-mail pattern: lowercase letters or digits, an @, lowercase letters, a dot, 2 to 3 letters. */
export const SPEC_EMAIL_PATTERN = /[a-z0-9]+@[a-z]+\.[a-z]{2,3}/;

/** Server-side e-mail: a real address (stricter than the spec's loose UI pattern). */
export const emailSchema = z.string().trim().toLowerCase().email({ message: 'Provide a valid Email' }).max(254);

export const okResponseSchema = z.object({ ok: z.literal(true) });
