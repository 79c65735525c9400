import { z } from 'zod';
import { CARRIER_IDS, CARRIERS } from '../carriers';
import { eachLineOnce, orderLinesSchema } from './order-lines';

/**
 * Issue #25 (decision 157): an admin ships some or all of a paid order's
 * lines. POST /purchases/{TT-number or id}/shipments.
 */
export const SHIPMENT_MAX_LINES = 200;

export const createShipmentSchema = z
  .object({
    carrier: z.enum(CARRIER_IDS, { message: `carrier must be one of ${CARRIERS.map((c) => c.id).join(', ')}` }),
    /** Spaces are dropped ("1Z 999 AA1 01 2345 6784" is 1Z999AA10123456784). */
    trackingNumber: z
      .string({ message: 'Enter the tracking number.' })
      .transform((s) => s.replace(/\s+/g, ''))
      .pipe(
        z
          .string()
          .min(1, 'Enter the tracking number.')
          .max(60, 'The tracking number is at most 60 characters.')
          .regex(/^[A-Za-z0-9-]+$/, 'The tracking number has only letters, digits and dashes.'),
      ),
    /** The day it left (YYYY-MM-DD) or the moment (ISO time); today when left out. */
    shippedAt: z
      .union([z.iso.date(), z.iso.datetime({ offset: true })], { message: 'shippedAt must be a date (YYYY-MM-DD) or an ISO date and time.' })
      .optional(),
    lines: orderLinesSchema(1).min(1, 'Choose at least one line to ship.').max(SHIPMENT_MAX_LINES, `A shipment has at most ${SHIPMENT_MAX_LINES} lines.`),
  })
  .refine((s) => eachLineOnce(s.lines), {
    message: 'Each line may appear once in a shipment.',
    path: ['lines'],
  });
export type CreateShipmentInput = z.input<typeof createShipmentSchema>;

export const shipmentLineSchema = z.object({
  orderId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
});
export type ShipmentLine = z.infer<typeof shipmentLineSchema>;

/** One shipment of an order, in the purchase view (additive: `shipments`). */
export const shipmentSchema = z.object({
  _id: z.string(),
  carrier: z.string(),
  carrierName: z.string(),
  trackingNumber: z.string(),
  /** The carrier's tracking page for this number; null for 'Other'. */
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
  lines: z.array(shipmentLineSchema),
});
export type Shipment = z.infer<typeof shipmentSchema>;
