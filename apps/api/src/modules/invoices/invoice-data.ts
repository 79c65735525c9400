import { countryFromText, countryName, formatAddressLines, isEuCountry, orderNumber, shop, taxInGross, taxOnNet, type TaxCategory } from '@shop/shared';
import { sellerVat } from './seller-vat';

/**
 * Issue #25 item 2 (decision 156): what an issued invoice says, frozen when it
 * is issued. The PDF is drawn from this alone.
 */
export interface InvoiceSeller {
  name: string;
  address: string;
  email: string;
  phone: string;
  taxNumber: string;
  /** Issue #39 (decision 183): the shop's EU VAT number, on an invoice to the EU ('' or absent otherwise). */
  vatNumber?: string;
}

export interface InvoiceBuyer {
  name: string;
  company: string;
  /** The billing address as printed (street, city line, country). */
  addressLines: string[];
  email: string;
  phone: string;
  /** The VAT or resale number of a tax-exempt customer, else ''. */
  taxId: string;
  taxExempt: boolean;
  /** Issue #39 (decision 183): the EU VAT ID the buyer gave at checkout (absent on invoices issued before). */
  vatId?: string;
  /** The VAT ID made the order an intra-Community supply: 0 % tax, the buyer accounts for the VAT. */
  reverseCharge?: boolean;
  /** Issue #37 item 4 (decision 205): the buyer's purchase-order number, when they gave one. */
  poNumber?: string;
}

export interface InvoiceLine {
  sku: string;
  name: string;
  quantity: number;
  /** The lot the price is for (the part's minimum order). */
  lotSize: number;
  /** The price of one lot (a quantity tier's when one applied). */
  lotPriceCents: number;
  amountCents: number;
  taxCents: number;
  /** Thousandths of a percent (10.75 % = 10750); null when it cannot be told any more. */
  taxRate: number | null;
  /** Decision 220: a kit line's parts as bought (pieces per kit); absent for a plain part. */
  kitParts?: { sku: string; name: string; quantity: number }[];
}

export interface InvoiceTaxRow {
  taxRate: number | null;
  /** What the rate applied to (as listed: including the tax when prices include it). */
  baseCents: number;
  taxCents: number;
}

export interface InvoiceData {
  version: 1;
  /** Issue #25 (decision 162): a credit note has the invoice's shape, with what a refund gave back. */
  kind: 'invoice' | 'credit_note';
  number: string;
  /** A credit note's invoice (INV-2026-000123) and the refund's reason. */
  credits?: string;
  reason?: string;
  issuedAt: string;
  orderNumber: string;
  orderedAt: string;
  paidAt: string;
  transactionId: string;
  currency: 'USD';
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  shipping: { method: string; amountCents: number; taxCents: number; taxRate: number | null } | null;
  taxIncluded: boolean;
  taxByRate: InvoiceTaxRow[];
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** The prefix, the year and six digits: INV-2026-000123. */
export const invoiceNumber = (year: number, seq: number) => `INV-${year}-${String(seq).padStart(6, '0')}`;
/** A credit note's number: CN-2026-000007 (its own gap-free sequence per year). */
export const creditNoteNumber = (year: number, seq: number) => `CN-${year}-${String(seq).padStart(6, '0')}`;

/** One line a refund gives back, as the credit note prints it. */
export interface CreditedLine {
  sku: string;
  name: string;
  quantity: number;
  lotSize: number;
  lotPriceCents: number;
  amountCents: number;
  taxCents: number;
}

/**
 * Issue #25 item 3 (decision 162): the credit note of a refund, frozen when it
 * is issued. Seller and buyer are the invoice's as issued; each line's rate is
 * its invoice line's; an extra amount is a line of its own without tax.
 */
export function creditNoteSnapshot(input: {
  number: string;
  issuedAt: Date;
  invoice: InvoiceData;
  lines: CreditedLine[];
  shipping: { amountCents: number; taxCents: number } | null;
  extraCents: number;
  totalCents: number;
  reason: string;
  refundId: string;
}): InvoiceData {
  const { invoice } = input;
  const rateOfLine = (l: CreditedLine) => invoice.lines.find((i) => i.sku === l.sku && i.name === l.name)?.taxRate ?? null;
  const lines: InvoiceLine[] = input.lines.map((l) => ({ ...l, taxRate: rateOfLine(l) }));
  if (input.extraCents > 0) {
    lines.push({
      sku: '',
      name: 'Other credit',
      quantity: 1,
      lotSize: 1,
      lotPriceCents: input.extraCents,
      amountCents: input.extraCents,
      taxCents: 0,
      taxRate: 0,
    });
  }
  const shipping = input.shipping
    ? {
        method: invoice.shipping?.method ?? '',
        amountCents: input.shipping.amountCents,
        taxCents: input.shipping.taxCents,
        taxRate: invoice.shipping?.taxRate ?? null,
      }
    : null;
  const goodsCents = lines.reduce((s, l) => s + l.amountCents, 0);
  return {
    version: 1,
    kind: 'credit_note',
    number: input.number,
    credits: invoice.number,
    reason: input.reason,
    issuedAt: input.issuedAt.toISOString(),
    orderNumber: invoice.orderNumber,
    orderedAt: invoice.orderedAt,
    paidAt: invoice.paidAt,
    transactionId: input.refundId,
    currency: 'USD',
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines,
    shipping,
    taxIncluded: invoice.taxIncluded,
    taxByRate: taxByRate([...lines, ...(shipping ? [shipping] : [])]),
    goodsCents,
    shippingCents: shipping?.amountCents ?? 0,
    taxCents: lines.reduce((s, l) => s + l.taxCents, 0) + (shipping?.taxCents ?? 0),
    totalCents: input.totalCents,
  };
}

/** "10.75 %" from thousandths of a percent. */
export const formatTaxRate = (rate: number) => `${(rate / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 })} %`;

/** The seller as the shop is now; its EU VAT number only on an invoice to the EU (issue #39). */
export const sellerNow = (toEu = false): InvoiceSeller => ({
  name: shop.name,
  address: shop.address,
  email: shop.email,
  phone: shop.phone,
  taxNumber: shop.taxNumber,
  vatNumber: toEu ? sellerVat().vatNumber : '',
});

/** The rates that could have priced a line, the part's own category first. */
export interface RateCandidates {
  byCategory: Partial<Record<TaxCategory, number>>;
  all: number[];
}

/**
 * The rate that gives exactly this tax on this amount under the order's rule
 * (decision 153): the part's category's rate when it does, else any rate of
 * the place that does, else null. Rates are not kept on a line, so they are
 * told back from the cents the order was charged.
 */
export function rateOf(amountCents: number, taxCents: number, taxIncluded: boolean, first: number | undefined, all: number[]): number | null {
  if (taxCents === 0) return 0;
  const fits = (rate: number) => rate > 0 && (taxIncluded ? taxInGross(amountCents, rate) : taxOnNet(amountCents, rate)) === taxCents;
  if (first !== undefined && fits(first)) return first;
  return all.find(fits) ?? null;
}

export function taxByRate(lines: { amountCents: number; taxCents: number; taxRate: number | null }[]): InvoiceTaxRow[] {
  const rows = new Map<string, InvoiceTaxRow>();
  for (const l of lines) {
    const key = String(l.taxRate);
    const row = rows.get(key) ?? { taxRate: l.taxRate, baseCents: 0, taxCents: 0 };
    row.baseCents += l.amountCents;
    row.taxCents += l.taxCents;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => (b.taxRate ?? -1) - (a.taxRate ?? -1));
}

export interface SnapshotOrderLine {
  sku: string;
  productName: string;
  quantity: number;
  minOrder: number;
  unitPriceCents: number;
  priceCents: number;
  taxCents: number;
  createdAt: Date;
  userName: string;
  email: string;
  country: string;
  address: string;
  phone: string;
  transactionId: string | null;
  paidAt: Date | null;
  number: number | null;
  category?: TaxCategory;
  /** Decision 220: what a kit line was made of. */
  kitParts?: { sku: string; name: string; quantity: number }[];
}

export interface SnapshotCheckout {
  number: number;
  /** Issue #37 item 4 (decision 205): '' or absent when the buyer gave none. */
  poNumber?: string;
  createdAt: Date;
  paidAt: Date | null;
  transactionId: string | null;
  shipName: string;
  shipCompany: string;
  shipLine1: string;
  shipLine2: string;
  shipCity: string;
  shipRegion: string;
  shipPostalCode: string;
  shipCountry: string;
  shipPhone: string;
  shippingMethodName: string;
  shippingCarrier: string;
  shippingCents: number;
  shippingTaxCents: number;
  taxIncluded: boolean;
  taxExempt: boolean;
  taxId: string;
  /** Issue #39: the buyer's EU VAT ID and the reverse charge (a lone order has neither). */
  vatId: string;
  reverseCharge: boolean;
}

/**
 * The head of the spec's one-product purchase as its invoice names it (decisions 160, 212): its payment is kept on
 * its line, its address is the one line the modal took (a purchase from before issue #34 kept only the country's
 * name), and one placed before shipping existed has no head at all.
 */
export function singlePurchaseHead<H extends SnapshotCheckout>(
  head: H,
  line: Pick<SnapshotOrderLine, 'transactionId' | 'paidAt'> & { country: string },
): SnapshotCheckout | null {
  if (!head.shippingMethodName) return null;
  return {
    ...head,
    shipCountry: head.shipCountry || (countryFromText(line.country) ?? ''),
    transactionId: head.transactionId ?? line.transactionId,
    paidAt: head.paidAt ?? line.paidAt,
  };
}

/** The snapshot of an order (a checkout and its lines, or a lone order) paid now. */
export function invoiceSnapshot(input: {
  number: string;
  issuedAt: Date;
  checkout: SnapshotCheckout | null;
  lines: SnapshotOrderLine[];
  rates: { byCategory: Partial<Record<TaxCategory, number>>; all: number[]; standard: number | undefined };
}): InvoiceData {
  const { checkout, lines, rates } = input;
  const first = lines[0]!;
  const taxIncluded = checkout?.taxIncluded ?? false;
  const invoiceLines: InvoiceLine[] = lines.map((l) => ({
    sku: l.sku,
    name: l.productName,
    quantity: l.quantity,
    lotSize: l.minOrder,
    lotPriceCents: l.unitPriceCents,
    amountCents: l.priceCents,
    taxCents: l.taxCents,
    taxRate: rateOf(l.priceCents, l.taxCents, taxIncluded, l.category ? rates.byCategory[l.category] : undefined, rates.all),
    ...(l.kitParts?.length ? { kitParts: l.kitParts } : {}),
  }));
  const shipping = checkout
    ? {
        method: [checkout.shippingMethodName, checkout.shippingCarrier !== checkout.shippingMethodName ? checkout.shippingCarrier : '']
          .filter(Boolean)
          .join(', '),
        amountCents: checkout.shippingCents,
        taxCents: checkout.shippingTaxCents,
        taxRate: rateOf(checkout.shippingCents, checkout.shippingTaxCents, taxIncluded, rates.standard, rates.all),
      }
    : null;
  const goodsCents = invoiceLines.reduce((s, l) => s + l.amountCents, 0);
  const shippingCents = shipping?.amountCents ?? 0;
  const taxCents = invoiceLines.reduce((s, l) => s + l.taxCents, 0) + (shipping?.taxCents ?? 0);
  const buyer: InvoiceBuyer = checkout
    ? {
        name: checkout.shipName || first.userName,
        company: checkout.shipCompany,
        addressLines: formatAddressLines({
          name: '',
          company: '',
          line1: checkout.shipLine1,
          line2: checkout.shipLine2,
          city: checkout.shipCity,
          region: checkout.shipRegion,
          postalCode: checkout.shipPostalCode,
          country: checkout.shipCountry,
          phone: '',
        }).concat(checkout.shipCountry ? [countryName(checkout.shipCountry) ?? checkout.shipCountry] : []),
        email: first.email,
        phone: checkout.shipPhone,
        taxId: checkout.taxExempt ? checkout.taxId : '',
        taxExempt: checkout.taxExempt,
        vatId: checkout.vatId,
        reverseCharge: checkout.reverseCharge,
        ...(checkout.poNumber ? { poNumber: checkout.poNumber } : {}),
      }
    : {
        name: first.userName,
        company: '',
        addressLines: [first.address, first.country].filter(Boolean),
        email: first.email,
        phone: first.phone,
        taxId: '',
        taxExempt: false,
        vatId: '',
        reverseCharge: false,
      };
  return {
    version: 1,
    kind: 'invoice',
    number: input.number,
    issuedAt: input.issuedAt.toISOString(),
    orderNumber: orderNumber(checkout?.number ?? first.number ?? 0),
    orderedAt: (checkout?.createdAt ?? first.createdAt).toISOString(),
    paidAt: (checkout?.paidAt ?? first.paidAt ?? input.issuedAt).toISOString(),
    transactionId: checkout?.transactionId ?? first.transactionId ?? '',
    currency: 'USD',
    // Issue #39: an invoice to the EU (delivered there, or to a buyer with an EU VAT ID) carries the shop's VAT number.
    seller: sellerNow(isEuCountry(checkout?.shipCountry ?? '') || Boolean(checkout?.vatId)),
    buyer,
    lines: invoiceLines,
    shipping,
    taxIncluded,
    taxByRate: taxByRate([...invoiceLines, ...(shipping ? [shipping] : [])]),
    goodsCents,
    shippingCents,
    taxCents,
    totalCents: goodsCents + shippingCents + (taxIncluded ? 0 : taxCents),
  };
}
