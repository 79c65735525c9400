import { z } from 'zod';

/** One entry of the admin audit log. `before`/`after` hold only the fields that changed. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** Issue #39 item 8: what the entry is about by name (a product's name, an order's number, a user's e-mail), when known. */
  entityName: z.string().nullable().optional(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  note: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(200, 'limit must be at most 200')
    .default(50),
  /** The `nextBefore` cursor of the previous page. */
  before: z.string().trim().max(200).optional(),
  action: z.string().trim().max(100).optional(),
  entityType: z.string().trim().max(100).optional(),
});

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  /** Pass as `before` to read older entries; null when there are none. */
  nextBefore: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
