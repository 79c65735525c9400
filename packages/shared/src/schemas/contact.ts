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
