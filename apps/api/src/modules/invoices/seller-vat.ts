import { checkVatId, shop } from '@shop/shared';

/**
 * Issue #39 item 5 (decision 183): the shop's EU VAT number (SHOP_VAT_NUMBER), set once when the app starts, like
 * the return window: the checkout prices the reverse charge against its member state, and the invoice, drawn from
 * the database alone, prints it.
 */
let configured: string = shop.vatNumber;

export function configureSellerVat(vatNumber: string): void {
  configured = vatNumber;
}

export interface SellerVat {
  /** DE136695976 */
  vatNumber: string;
  /** The member state it is of (ISO code): the seller's country for the reverse charge. */
  country: string;
}

export function sellerVat(): SellerVat {
  const check = checkVatId(configured);
  return { vatNumber: configured, country: check.ok ? check.country : '' };
}
