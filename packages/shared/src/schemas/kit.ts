import { z } from 'zod';

export const MAX_KIT_COMPONENTS = 30;
export const MAX_KIT_COMPONENT_QUANTITY = 1000;

/** One part of a kit, as a product shows it. */
export const kitComponentSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  img: z.string(),
  /** Pieces in one kit. */
  quantity: z.number().int(),
  /** The component's own stock. */
  stock: z.number().int(),
});
export type KitComponent = z.infer<typeof kitComponentSchema>;

/** PUT /admin/products/{id}/kit: the kit's parts by part number; an empty list makes it a plain part again. */
export const kitInputSchema = z.object({
  components: z
    .array(
      z.object({
        sku: z.string({ message: 'Each part of the kit needs a part number' }).trim().min(1, 'Each part of the kit needs a part number').max(60),
        quantity: z.coerce
          .number({ message: 'Quantity must be a whole number' })
          .int('Quantity must be a whole number')
          .min(1, 'Quantity must be at least 1')
          .max(MAX_KIT_COMPONENT_QUANTITY, `Quantity must be at most ${MAX_KIT_COMPONENT_QUANTITY}`),
      }),
      { message: 'components must be a list' },
    )
    .max(MAX_KIT_COMPONENTS, `A kit has at most ${MAX_KIT_COMPONENTS} parts`),
});
export type KitInput = z.infer<typeof kitInputSchema>;

/** What an order line of a kit was made of when bought (decision 220). */
export const orderLineComponentSchema = z.object({
  productId: z.string().nullable(),
  sku: z.string(),
  name: z.string(),
  /** Pieces in one kit. */
  quantity: z.number().int(),
  /** The component's share of the line's amount, in dollars; the shares add up to the line's amount. */
  share: z.number(),
});
export type OrderLineComponent = z.infer<typeof orderLineComponentSchema>;
