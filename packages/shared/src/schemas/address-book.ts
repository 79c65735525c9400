import { z } from 'zod';
import { addressSchema } from '../address';

/**
 * Issue #24: an address as the API answers it (already checked and
 * normalised: ISO country, region code, postal code, phone in E.164).
 */
export const addressViewSchema = z.object({
  name: z.string(),
  company: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
});
export type AddressView = z.infer<typeof addressViewSchema>;

/** One address of a customer's address book. */
export const savedAddressSchema = addressViewSchema.extend({
  _id: z.string(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;
export const savedAddressListSchema = z.array(savedAddressSchema);

/** POST /addresses and PUT /addresses/{id}: the address, and whether it becomes the default. */
export const saveAddressSchema = z.object({
  address: addressSchema,
  isDefault: z.boolean({ message: 'isDefault must be true or false' }).optional().default(false),
});
export type SaveAddressInput = z.input<typeof saveAddressSchema>;

/** At most this many addresses per customer. */
export const MAX_SAVED_ADDRESSES = 20;
