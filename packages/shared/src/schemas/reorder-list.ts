import { z } from 'zod';

/** Issue #37 item 3 (decision 207): saved reorder lists, a person's own named lists made from a past order. */

/** At most this many lists a person, and this many lines (parts) a list. */
export const REORDER_LISTS_MAX = 50;
export const REORDER_LIST_MAX_LINES = 500;
export const REORDER_LIST_NAME_MAX = 80;

const nameSchema = z
  .string({ message: 'Name must be text' })
  .trim()
  .min(1, 'Name is required')
  .max(REORDER_LIST_NAME_MAX, `Name must be at most ${REORDER_LIST_NAME_MAX} characters`);

/** POST /reorder-lists: a name and the order (its number TT-10042 or id, as POST /cart/reorder/{ref} takes it). */
export const createReorderListSchema = z.object({
  name: nameSchema,
  fromOrder: z.string({ message: 'fromOrder must be an order number' }).trim().min(1, 'fromOrder is required').max(100, 'fromOrder is too long'),
});
export type CreateReorderListInput = z.input<typeof createReorderListSchema>;

/** PATCH /reorder-lists/{id}: a new name. */
export const renameReorderListSchema = z.object({ name: nameSchema });
export type RenameReorderListInput = z.input<typeof renameReorderListSchema>;

export const reorderListParamsSchema = z.object({ id: z.string().max(100) });

export const reorderListSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  lineCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReorderListSummary = z.infer<typeof reorderListSummarySchema>;
export const reorderListSummaryListSchema = z.array(reorderListSummarySchema);

/** A line of a list: the part's public fields and the quantity saved. */
export const reorderListLineSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  minOrder: z.number().int(),
  stock: z.number().int(),
  /** The lot price (per minimum order). */
  unitPrice: z.number(),
});
export type ReorderListLine = z.infer<typeof reorderListLineSchema>;

export const reorderListSchema = reorderListSummarySchema.extend({ lines: z.array(reorderListLineSchema) });
export type ReorderList = z.infer<typeof reorderListSchema>;
