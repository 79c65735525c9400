import { z } from 'zod';
import {
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_MAX_LINE_LENGTH,
  QUICK_ORDER_MAX_QUANTITY,
  QUICK_ORDER_MAX_TEXT,
  parseQuickOrderLines,
  quickOrderTooLong,
} from '../quick-order';
import { cartSchema } from './cart';

/** Issue #37 item 3 (decision 202): quick order and order again. */

const productIdSchema = z.string().uuid({ message: 'productId must be a product id' });

/** A row read already (the page's parser, or a client of the API): its line number, part number and quantity. */
export const quickOrderRowSchema = z.object({
  line: z.number({ message: 'line must be a whole number' }).int('line must be a whole number').min(1, 'line must be 1 or more'),
  partNumber: z
    .string({ message: 'partNumber is required' })
    .trim()
    .min(1, 'partNumber is required')
    .max(QUICK_ORDER_MAX_LINE_LENGTH, `partNumber must be ${QUICK_ORDER_MAX_LINE_LENGTH} characters or fewer`),
  quantity: z
    .number({ message: 'quantity must be a whole number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be 1 or more')
    .max(QUICK_ORDER_MAX_QUANTITY, 'quantity is too large')
    .nullable()
    .optional(),
});
export type QuickOrderRowInput = z.input<typeof quickOrderRowSchema>;

/**
 * POST /cart/quick-order: the list as text (pasted, or a CSV file's contents: up to 500 lines that are not blank),
 * or as rows; `picks` choose the part of an ambiguous line (one of its choices); `dryRun` reports without adding.
 */
export const quickOrderSchema = z
  .object({
    text: z
      .string({ message: 'text must be the list as text' })
      .max(QUICK_ORDER_MAX_TEXT, `The list is too long: at most ${QUICK_ORDER_MAX_TEXT.toLocaleString('en-US')} characters`)
      .optional(),
    rows: z
      .array(quickOrderRowSchema)
      .max(QUICK_ORDER_MAX_LINES, quickOrderTooLong(QUICK_ORDER_MAX_LINES + 1))
      .optional(),
    picks: z
      .array(z.object({ line: z.number().int().min(1), productId: productIdSchema }))
      .max(QUICK_ORDER_MAX_LINES)
      .default([]),
    dryRun: z.boolean({ message: 'dryRun must be true or false' }).default(false),
  })
  .superRefine((input, ctx) => {
    if ((input.text === undefined) === (input.rows === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Send the list as text or as rows (one of them).', path: ['text'] });
      return;
    }
    if (input.text !== undefined) {
      const count = parseQuickOrderLines(input.text).lineCount;
      if (count === 0) ctx.addIssue({ code: 'custom', message: 'Your list is empty: write one part number and quantity a line.', path: ['text'] });
      if (count > QUICK_ORDER_MAX_LINES) ctx.addIssue({ code: 'custom', message: quickOrderTooLong(count), path: ['text'] });
    } else if (input.rows!.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Your list is empty: write one part number and quantity a line.', path: ['rows'] });
    }
  });
export type QuickOrderInput = z.input<typeof quickOrderSchema>;
export type QuickOrderRequest = z.output<typeof quickOrderSchema>;

/** POST /cart/reorder/{ref}: order again, or only report what would be added (`dryRun`). */
export const reorderSchema = z.object({ dryRun: z.boolean({ message: 'dryRun must be true or false' }).default(false) });
export const reorderParamsSchema = z.object({ ref: z.string().trim().min(1, 'ref is required').max(100) });

export const QUICK_ORDER_REASONS = ['unreadable', 'unknown', 'ambiguous', 'below_minimum', 'out_of_stock', 'discontinued'] as const;
export type QuickOrderReason = (typeof QUICK_ORDER_REASONS)[number];

export const quickOrderChoiceSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
});
export type QuickOrderChoice = z.infer<typeof quickOrderChoiceSchema>;

export const quickOrderProblemSchema = z.object({
  line: z.number().int(),
  text: z.string(),
  reason: z.enum(QUICK_ORDER_REASONS),
  message: z.string(),
  /** The part the line named, when it was found (below the minimum, out of stock). */
  productId: z.string().optional(),
  /** Ambiguous: the parts the number matches, to pick one of. */
  choices: z.array(quickOrderChoiceSchema).optional(),
  /** Below the minimum: the part's minimum order. Out of stock: how many are available. */
  minOrder: z.number().int().optional(),
  available: z.number().int().optional(),
});
export type QuickOrderProblem = z.infer<typeof quickOrderProblemSchema>;

/** A line that goes (or went) to the cart; lines naming the same part are merged into one (`lines`). */
export const quickOrderAddedSchema = z.object({
  lines: z.array(z.number().int()),
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  quantity: z.number().int(),
  /** The part's quantity was not given: its minimum order was taken. */
  defaultQuantity: z.boolean(),
  minOrder: z.number().int(),
  /** The lot price (per minimum order), and this line's total by the shared price rule (tiers included). */
  unitPrice: z.number(),
  lineTotal: z.number(),
});
export type QuickOrderAdded = z.infer<typeof quickOrderAddedSchema>;

export const quickOrderResultSchema = z.object({
  /** true: nothing was written (a check); false: every line of `added` is in the cart. */
  dryRun: z.boolean(),
  /** The lines read (not blank, not the header). */
  lineCount: z.number().int(),
  added: z.array(quickOrderAddedSchema),
  /** Every line that was not added, by line number. */
  problems: z.array(quickOrderProblemSchema),
  /** The cart after the write (absent for a check). */
  cart: cartSchema.optional(),
});
export type QuickOrderResult = z.infer<typeof quickOrderResultSchema>;
