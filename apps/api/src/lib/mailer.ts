import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { isProduction, type AppConfig } from '../config/env';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Where a reply goes, e.g. the customer who wrote through the contact form (issue #25). Unset: the shop's inbox
   * (SHOP_INBOX_EMAIL), so "reply to this e-mail" on a receipt reaches someone, not the no-reply sender (decision 180).
   */
  replyTo?: string;
  /**
   * Extra header lines, e.g. a newsletter e-mail's `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058,
   * issue #39). The outbox keeps them with the message.
   */
  headers?: Record<string, string>;
  /** Files sent with the message, e.g. the invoice's PDF on the receipt (issue #25). */
  attachments?: MailAttachment[];
}
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}
export interface Mailer {
  send(msg: MailMessage): Promise<void>;
  /** Where the default transport writes messages (undefined with SMTP). */
  outboxDir?: string;
}

/**
 * SMTP_URL in production (or MAIL_OUTBOX=true); otherwise every message is
 * written as JSON to DATA_DIR/outbox (tests read it there) and, outside
 * production, its first link is logged.
 */
export async function createMailer(config: AppConfig, log: FastifyBaseLogger): Promise<Mailer> {
  if (config.SMTP_URL) {
    // Loaded only when the shop sends real e-mail: nodemailer is a large bundle the outbox never needs (decision 141).
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(msg) {
        await transport.sendMail({ from: config.MAIL_FROM, ...msg, replyTo: msg.replyTo ?? config.SHOP_INBOX_EMAIL });
      },
    };
  }
  const outboxDir = path.join(config.DATA_DIR, 'outbox');
  return {
    outboxDir,
    async send(msg) {
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = msg.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(outboxDir, `${stamp}-${Math.random().toString(36).slice(2, 8)}-${safeTo}.json`);
      // Attachments are kept whole, in base64, so a test (or a person) can open them.
      const attachments = msg.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: a.content.length,
        contentBase64: a.content.toString('base64'),
      }));
      // Written aside, then renamed into place: whoever reads the outbox (a test, a person, a script) never sees half a message.
      await fs.writeFile(
        `${file}.part`,
        JSON.stringify(
          { from: config.MAIL_FROM, date: new Date().toISOString(), ...msg, replyTo: msg.replyTo ?? config.SHOP_INBOX_EMAIL, attachments },
          null,
          2,
        ),
      );
      await fs.rename(`${file}.part`, file);
      // A reset or verification link is a password: in production it stays in the file, never in the logs.
      const link = isProduction(config) ? undefined : msg.text.match(/https?:\/\/\S+/)?.[0];
      log.info({ to: msg.to, subject: msg.subject, file, link }, 'e-mail written to the outbox (set SMTP_URL to send real e-mail)');
    },
  };
}
