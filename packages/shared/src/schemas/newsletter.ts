import { z } from 'zod';

/**
 * Issue #39 (decision 186): the newsletter is double opt-in. An address is `pending` until the link of its
 * confirmation e-mail is opened, then `confirmed`; `unsubscribed` once its unsubscribe link is used.
 */
export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** A confirmation link works for 7 days after its e-mail; a newer e-mail replaces it. */
export const NEWSLETTER_CONFIRM_TTL_HOURS = 7 * 24;
/** Asking again within this pause sends no second confirmation e-mail (the answer is the same). */
export const NEWSLETTER_RESEND_PAUSE_MINUTES = 10;

/** A token as the e-mail links carry it: 64 lower-case hex digits (256 random bits to confirm, 244 to unsubscribe). */
export const newsletterTokenSchema = z
  .string({ message: 'token is required: use the link of the e-mail' })
  .trim()
  .regex(/^[0-9a-f]{64}$/, 'token is not a newsletter link token: open the link of the e-mail as it is');

/** POST /newsletter/confirm */
export const newsletterConfirmSchema = z.object({ token: newsletterTokenSchema });
export type NewsletterConfirmInput = z.infer<typeof newsletterConfirmSchema>;

/**
 * POST /newsletter/unsubscribe: the token in the query (the List-Unsubscribe URL a mail program posts to,
 * RFC 8058) or in a JSON body (the shop's unsubscribe page).
 */
export const newsletterUnsubscribeQuerySchema = z.object({ token: newsletterTokenSchema.optional() });
export const newsletterUnsubscribeBodySchema = z
  .object({
    token: newsletterTokenSchema.optional(),
    /** RFC 8058's one-click body (`List-Unsubscribe=One-Click`), form-encoded. */
    'List-Unsubscribe': z.string().optional(),
  })
  .nullish();

/** What a confirmation or unsubscribe link answers: the address it was for, and where it now stands. */
export const newsletterLinkResultSchema = z.object({ email: z.string(), status: z.enum(NEWSLETTER_STATUSES) });
export type NewsletterLinkResult = z.infer<typeof newsletterLinkResultSchema>;

export const NEWSLETTER_SUBSCRIBERS_DEFAULT_LIMIT = 20;
export const NEWSLETTER_SUBSCRIBERS_MAX_LIMIT = 100;

const pageNumber = (name: string, max: number) =>
  z.coerce
    .number({ message: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be 1 or more`)
    .max(max, `${name} must be ${max} or less`)
    .optional();

/** GET /newsletter/subscribers?status=&q=&page=&limit= (admin). No status: every address. */
export const newsletterSubscribersQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(NEWSLETTER_STATUSES, { message: `status must be one of ${NEWSLETTER_STATUSES.join(', ')}, or all` }).optional(),
  ),
  q: z.string().trim().max(254, 'q must be 254 characters or less').optional(),
  page: pageNumber('page', 1_000_000),
  limit: pageNumber('limit', NEWSLETTER_SUBSCRIBERS_MAX_LIMIT),
});
export type NewsletterSubscribersQuery = z.infer<typeof newsletterSubscribersQuerySchema>;

export const newsletterSubscriberItemSchema = z.object({
  _id: z.string(),
  email: z.string(),
  status: z.enum(NEWSLETTER_STATUSES),
  /** When the address was first given in the footer. */
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type NewsletterSubscriberItem = z.infer<typeof newsletterSubscriberItemSchema>;

export const newsletterSubscriberCountsSchema = z.object({ pending: z.number().int(), confirmed: z.number().int(), unsubscribed: z.number().int() });
export type NewsletterSubscriberCounts = z.infer<typeof newsletterSubscriberCountsSchema>;

export const newsletterSubscriberPageSchema = z.object({
  items: z.array(newsletterSubscriberItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  /** Addresses per status, whatever the filter (the tabs show them). */
  counts: newsletterSubscriberCountsSchema,
});
export type NewsletterSubscriberPage = z.infer<typeof newsletterSubscriberPageSchema>;
