import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who did what to which object, with the changed fields before and after.
 * Actor columns are copies (not foreign keys), so the trail outlives deleted accounts.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true, precision: 6 }).defaultNow().notNull(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    note: text('note'),
  },
  (t) => [index('audit_log_at_idx').on(t.at, t.id), index('audit_log_entity_idx').on(t.entityType, t.entityId)],
);
