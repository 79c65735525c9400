import { z } from 'zod';
import { validationCopy } from '@shop/shared/copy/validation';
import { emailSchema } from '@shop/shared/schemas/common';
import { contactMessageSchema } from '@shop/shared/schemas/contact';

// The server's rules, plus a clearer message than 'Provide a valid Email' when the field is left empty.
const requiredEmail = z.string().trim().min(1, validationCopy.emailRequired).pipe(emailSchema);

export const contactFormSchema = contactMessageSchema.extend({ email: requiredEmail });
export type ContactFormValues = z.input<typeof contactFormSchema>;
export type ContactFormOutput = z.output<typeof contactFormSchema>;

export const newsletterFormSchema = z.object({ email: requiredEmail });
export type NewsletterFormValues = z.input<typeof newsletterFormSchema>;
export type NewsletterFormOutput = z.output<typeof newsletterFormSchema>;
