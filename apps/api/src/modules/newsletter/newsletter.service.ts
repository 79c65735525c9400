import crypto from 'node:crypto';
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  NEWSLETTER_CONFIRM_TTL_HOURS,
  NEWSLETTER_RESEND_PAUSE_MINUTES,
  NEWSLETTER_SUBSCRIBERS_DEFAULT_LIMIT,
  type NewsletterLinkResult,
  type NewsletterStatus,
  type NewsletterSubscriberItem,
  type NewsletterSubscriberPage,
  type NewsletterSubscribersQuery,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema';
import { DomainError, NotFoundError } from '../../lib/errors';
import { newsletterConfirmationEmail } from '../../lib/newsletter-email';

type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Confirmation e-mails still being sent: the app waits for them when it closes. */
const sending = new Set<Promise<void>>();
export const newsletterMailsSent = () => Promise.all([...sending]);

/**
 * Issue #39 (decision 186): a sign-up in the footer. Every address gets the same answer, whatever it was before, so
 * the answer tells nobody who is subscribed. What happens:
 * - a new address is stored `pending` and sent a confirmation e-mail with a single-use link;
 * - a pending or unsubscribed address gets a new link (the old one stops working), unless a confirmation e-mail
 *   went to it less than NEWSLETTER_RESEND_PAUSE_MINUTES ago;
 * - a confirmed address is left alone: no e-mail.
 * The e-mail is sent after the answer's transaction, without holding the answer back (its time would tell too).
 */
export async function subscribeNewsletter(app: FastifyInstance, email: string): Promise<void> {
  const now = app.clock.now();
  const token = crypto.randomBytes(32).toString('hex');
  const confirmTokenHash = hashToken(token);
  const pauseSince = new Date(now.getTime() - NEWSLETTER_RESEND_PAUSE_MINUTES * 60_000);

  const toMail = await app.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(newsletterSubscribers)
      .values({ email, status: 'pending', confirmTokenHash, confirmSentAt: now, createdAt: now })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning();
    if (inserted) return inserted;
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).for('update');
    if (!row || row.status === 'confirmed') return undefined;
    if (row.confirmSentAt && row.confirmSentAt > pauseSince) return undefined;
    const [updated] = await tx
      .update(newsletterSubscribers)
      .set({ status: 'pending', confirmTokenHash, confirmSentAt: now })
      .where(eq(newsletterSubscribers.id, row.id))
      .returning();
    return updated;
  });
  if (!toMail) return;

  const send = app.mailer
    .send(newsletterConfirmationEmail(toMail, token, app.config.publicUrl))
    .catch(async (err: unknown) => {
      app.log.error({ err, subscriberId: toMail.id }, 'could not send the newsletter confirmation e-mail (asking again sends a new one)');
      // The pause is for e-mails that went out: a sign-up again may try at once.
      await app.db
        .update(newsletterSubscribers)
        .set({ confirmSentAt: null })
        .where(and(eq(newsletterSubscribers.id, toMail.id), eq(newsletterSubscribers.confirmTokenHash, confirmTokenHash)))
        .catch((e: unknown) => app.log.error({ err: e }, 'could not clear the newsletter resend pause'));
    })
    .finally(() => sending.delete(send));
  sending.add(send);
}

const invalidConfirmLink = () =>
  new NotFoundError(
    'This confirmation link does not work: it was already used, or a newer confirmation e-mail replaced it. If you still want the newsletter, subscribe again in the footer.',
    'NEWSLETTER_LINK_INVALID',
  );
const expiredConfirmLink = () =>
  new DomainError(
    410,
    'NEWSLETTER_LINK_EXPIRED',
    `This confirmation link has expired (links work for ${NEWSLETTER_CONFIRM_TTL_HOURS / 24} days). Subscribe again in the footer to get a new one.`,
  );

/** The link of the confirmation e-mail: once, within its time. It confirms the address and stops working. */
export async function confirmNewsletter(app: FastifyInstance, token: string): Promise<NewsletterLinkResult> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.confirmTokenHash, hashToken(token)))
      .for('update');
    if (!row || row.status !== 'pending') throw invalidConfirmLink();
    // A link whose e-mail failed (confirmSentAt cleared) cannot have reached anyone: treat it as expired.
    if (!row.confirmSentAt || now.getTime() - row.confirmSentAt.getTime() > NEWSLETTER_CONFIRM_TTL_HOURS * 3_600_000) throw expiredConfirmLink();
    const [updated] = await tx
      .update(newsletterSubscribers)
      .set({ status: 'confirmed', confirmedAt: now, confirmTokenHash: null, unsubscribedAt: null })
      .where(eq(newsletterSubscribers.id, row.id))
      .returning();
    return { email: updated.email, status: 'confirmed' as const };
  });
}

/**
 * The unsubscribe link of every newsletter e-mail, and the one-click POST of RFC 8058. No sign-in: the token is the
 * proof. Idempotent: an address already unsubscribed stays so, with its first date. A pending confirmation link
 * stops working.
 */
export async function unsubscribeNewsletter(app: FastifyInstance, token: string): Promise<NewsletterLinkResult> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.unsubscribeToken, token)).for('update');
    if (!row) {
      throw new NotFoundError(
        'This unsubscribe link does not work: check that it was copied whole from the e-mail, or write to us through the contact form.',
        'NEWSLETTER_LINK_INVALID',
      );
    }
    if (row.status !== 'unsubscribed') {
      await tx
        .update(newsletterSubscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null })
        .where(eq(newsletterSubscribers.id, row.id));
    }
    return { email: row.email, status: 'unsubscribed' as const };
  });
}

const toDto = (row: SubscriberRow): NewsletterSubscriberItem => ({
  _id: row.id,
  email: row.email,
  status: row.status as NewsletterStatus,
  createdAt: row.createdAt.toISOString(),
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
  unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
});

const countWhere = (cond: SQL) => sql<number>`count(*) filter (where ${cond})`.mapWith(Number);

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The admin's list: newest first, by status and a part of the address, with the count of each status. */
export async function listNewsletterSubscribers(db: Db, q: NewsletterSubscribersQuery): Promise<NewsletterSubscriberPage> {
  const page = q.page ?? 1;
  const limit = q.limit ?? NEWSLETTER_SUBSCRIBERS_DEFAULT_LIMIT;
  const search = q.q ? ilike(newsletterSubscribers.email, likePattern(q.q)) : undefined;
  const where = and(q.status ? eq(newsletterSubscribers.status, q.status) : undefined, search);
  const [rows, [{ total }], [counts]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(newsletterSubscribers)
      .where(where),
    db
      .select({
        pending: countWhere(sql`${newsletterSubscribers.status} = 'pending'`),
        confirmed: countWhere(sql`${newsletterSubscribers.status} = 'confirmed'`),
        unsubscribed: countWhere(sql`${newsletterSubscribers.status} = 'unsubscribed'`),
      })
      .from(newsletterSubscribers)
      .where(search),
  ]);
  return { items: rows.map(toDto), total, page, limit, pages: Math.max(1, Math.ceil(total / limit)), counts };
}

/** A CSV cell that a spreadsheet cannot run as a formula. */
const csvCell = (v: string) => {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Every confirmed address, oldest confirmation first: the list a newsletter is sent to. */
export async function confirmedSubscribersCsv(db: Db): Promise<string> {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, 'confirmed'))
    .orderBy(asc(newsletterSubscribers.confirmedAt), asc(newsletterSubscribers.email));
  const lines = rows.map((r) => [r.email, r.confirmedAt?.toISOString() ?? '', r.createdAt.toISOString()].map(csvCell).join(','));
  return ['email,confirmed_at,subscribed_at', ...lines].join('\r\n') + '\r\n';
}
