import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CONTACT_MESSAGES_DEFAULT_LIMIT,
  type ContactMessageInput,
  type ContactMessageItem,
  type ContactMessagePage,
  type ContactMessagesQuery,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { NotFoundError, isUuid } from '../../lib/errors';
import { contactMessageEmail } from '../../lib/contact-email';
import { recordAudit, type AuditInput } from '../audit/audit.service';

type ContactMessageRow = typeof contactMessages.$inferSelect;

const toDto = (row: ContactMessageRow): ContactMessageItem => ({
  _id: row.id,
  email: row.email,
  subject: row.subject,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
  handledBy: row.handledBy,
});

/**
 * Issue #25: store the message, then e-mail it to the shop's inbox. The message is stored first and kept
 * whatever the mail does: a mail outage is logged and the sender still gets their confirmation.
 */
export async function receiveContactMessage(app: FastifyInstance, input: ContactMessageInput): Promise<void> {
  const [row] = await app.db.insert(contactMessages).values(input).returning();
  try {
    await app.mailer.send(contactMessageEmail(row, app.config.SHOP_INBOX_EMAIL, app.config.publicUrl));
  } catch (err) {
    app.log.error({ err, contactMessageId: row.id }, 'could not e-mail the contact message to the shop (it is stored: see Messages)');
  }
}

const statusFilter = (status: ContactMessagesQuery['status']) =>
  status === 'handled' ? isNotNull(contactMessages.handledAt) : status === 'all' ? undefined : isNull(contactMessages.handledAt);

/** One page of messages, newest first, with the open and handled counts (the tabs and the menu badge). */
export async function listContactMessages(db: Db, q: ContactMessagesQuery): Promise<ContactMessagePage> {
  const status = q.status ?? 'open';
  const page = q.page ?? 1;
  const limit = q.limit ?? CONTACT_MESSAGES_DEFAULT_LIMIT;
  const where = statusFilter(status);
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({
        open: sql<number>`count(*) filter (where ${contactMessages.handledAt} is null)`.mapWith(Number),
        handled: sql<number>`count(*) filter (where ${contactMessages.handledAt} is not null)`.mapWith(Number),
      })
      .from(contactMessages),
  ]);
  const total = status === 'open' ? counts.open : status === 'handled' ? counts.handled : counts.open + counts.handled;
  return { items: rows.map(toDto), total, page, limit, pages: Math.max(1, Math.ceil(total / limit)), counts };
}

const notFound = () => new NotFoundError('No message with that id.', 'MESSAGE_NOT_FOUND');

/**
 * Mark a message handled (or open again). Only a call that changes it is an action: it is recorded in the
 * activity log as message.handle or message.reopen; a repeat answers the message as it is and records nothing.
 */
export async function setContactMessageHandled(db: Db, id: string, handled: boolean, admin: NonNullable<AuditInput['actor']>): Promise<ContactMessageItem> {
  if (!isUuid(id)) throw notFound();
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(contactMessages)
      .set(handled ? { handledAt: new Date(), handledBy: admin.email } : { handledAt: null, handledBy: null })
      .where(and(eq(contactMessages.id, id), handled ? isNull(contactMessages.handledAt) : isNotNull(contactMessages.handledAt)))
      .returning();
    if (row) {
      await recordAudit(tx, {
        actor: admin,
        action: handled ? 'message.handle' : 'message.reopen',
        entityType: 'message',
        entityId: row.id,
        before: { handled: !handled },
        after: { handled },
        note: `${row.subject} (from ${row.email})`,
      });
    }
    return row;
  });
  if (changed) return toDto(changed);
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) throw notFound();
  return toDto(row);
}
