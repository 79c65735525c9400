import { z } from 'zod';
import { emailSchema } from './common';

/** DESIGN §7.6: the contact form and newsletter store what is sent, with a validated e-mail. */
export const contactMessageSchema = z.object({
  email: emailSchema,
  subject: z.string().trim().min(1, 'Subject is required').max(200),
  message: z.string().trim().min(1, 'Message is required').max(5000),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

export const newsletterSchema = z.object({ email: emailSchema });
export type NewsletterInput = z.infer<typeof newsletterSchema>;

/**
 * Issue #25 (item 6): the admin's Messages page. A message is open until an admin marks it handled;
 * `all` is every message. Newest first.
 */
export const CONTACT_MESSAGE_STATUSES = ['open', 'handled', 'all'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

export const CONTACT_MESSAGES_DEFAULT_LIMIT = 20;
export const CONTACT_MESSAGES_MAX_LIMIT = 100;

const pageNumber = (name: string, max: number) =>
  z.coerce
    .number({ message: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be 1 or more`)
    .max(max, `${name} must be ${max} or less`)
    .optional();

/** GET /messages?status=open|handled|all&page=&limit= (status defaults to open). */
export const contactMessagesQuerySchema = z.object({
  status: z.enum(CONTACT_MESSAGE_STATUSES, { message: `status must be one of ${CONTACT_MESSAGE_STATUSES.join(', ')}` }).optional(),
  page: pageNumber('page', 1_000_000),
  limit: pageNumber('limit', CONTACT_MESSAGES_MAX_LIMIT),
});
export type ContactMessagesQuery = z.infer<typeof contactMessagesQuerySchema>;

/** One stored contact-form message as the admin sees it. */
export const contactMessageItemSchema = z.object({
  _id: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** When it was marked handled, or null while it is open. */
  handledAt: z.string().nullable(),
  /** The e-mail of the admin who marked it handled. */
  handledBy: z.string().nullable(),
});
export type ContactMessageItem = z.infer<typeof contactMessageItemSchema>;

/** Messages per status, whatever tab is shown: the menu badge and the tabs show them. */
export const contactMessageCountsSchema = z.object({ open: z.number().int(), handled: z.number().int() });
export type ContactMessageCounts = z.infer<typeof contactMessageCountsSchema>;

export const contactMessagePageSchema = z.object({
  items: z.array(contactMessageItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  counts: contactMessageCountsSchema,
});
export type ContactMessagePage = z.infer<typeof contactMessagePageSchema>;

/** PATCH /messages/{id}: mark handled (true) or open again (false). */
export const handleContactMessageSchema = z.object({ handled: z.boolean({ message: 'handled must be true or false' }) });
export type HandleContactMessageInput = z.infer<typeof handleContactMessageSchema>;

/** Issue #39 item 8: the social networks the footer can link to, each set by SOCIAL_<NAME>_URL on the server. */
export const SOCIAL_NETWORKS = ['YouTube', 'Instagram', 'Facebook'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
/** GET /shop-links: the shop's own pages on social networks; a network without an address is left out (none by default). */
export const shopLinksSchema = z.object({
  social: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), href: z.string() })),
});
export type ShopLinks = z.infer<typeof shopLinksSchema>;
