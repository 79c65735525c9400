import { z } from 'zod';
import {
  austria,
  belgium,
  bulgaria,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
  type Country,
} from 'jsvat';

/**
 * Issue #39 item 5 (decision 183): EU VAT IDs. A business buyer may give one at checkout; it is checked here by
 * its format and check digits (jsvat), the same way on the page and on the server. It is not looked up in VIES:
 * that service is not reachable from the shop, so a well-formed number that was never issued passes.
 */

/** The 27 member states jsvat knows, and only them (jsvat also knows the UK, Switzerland, Norway and others). */
const EU_MEMBERS: readonly Country[] = [
  austria,
  belgium,
  bulgaria,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
];

/** The ISO codes of the EU member states (Greece is GR here; its VAT IDs start with EL). */
export const EU_COUNTRY_CODES: readonly string[] = EU_MEMBERS.map((c) => c.codes[0]);
export const isEuCountry = (code: string) => EU_COUNTRY_CODES.includes(code.toUpperCase());

export type VatIdCheck =
  | { ok: true; /** Upper case, without spaces, dots or dashes: DE136695976. */ vatId: string; /** ISO code of its member state: DE, GR. */ country: string }
  | { ok: false; problem: 'not_eu' | 'format' | 'checksum'; message: string };

/** "DE 136.695-976" -> "DE136695976". */
export const normalizeVatId = (text: string) => text.toUpperCase().replace(/[\s.\-/]/g, '');

/** Whether this is an EU VAT ID by its format and check digits, and of which member state. */
export function checkVatId(text: string): VatIdCheck {
  const vatId = normalizeVatId(text);
  const result = checkVAT(vatId, EU_MEMBERS);
  if (!result.isSupportedCountry || !result.country) {
    return {
      ok: false,
      problem: 'not_eu',
      message: `${vatId} is not an EU VAT ID: it must start with the code of an EU member state, such as DE, FR, IE or EL (Greece).`,
    };
  }
  const state = result.country.name;
  if (!result.isValidFormat) {
    return { ok: false, problem: 'format', message: `${vatId} is not in the format of a VAT ID of ${state}: please check the number of digits.` };
  }
  if (!result.isValid) {
    return {
      ok: false,
      problem: 'checksum',
      message: `${vatId} fails the check-digit test of a VAT ID of ${state}: please check it for a typo.`,
    };
  }
  return { ok: true, vatId, country: result.country.isoCode.short };
}

/**
 * The buyer's VAT ID at checkout: optional (empty: none), else an EU VAT ID that passes its check, kept normalized.
 */
export const vatIdSchema = z
  .string({ message: 'vatId must be text' })
  .max(40, 'A VAT ID has at most 40 characters')
  .optional()
  .default('')
  .transform((text, ctx) => {
    if (text.trim() === '') return '';
    const check = checkVatId(text);
    if (check.ok) return check.vatId;
    ctx.addIssue({ code: 'custom', message: check.message });
    return z.NEVER;
  });

/**
 * Reverse charge (decision 183): an intra-Community supply to a business. It applies when the buyer's VAT ID is of
 * an EU member state other than the one the seller is registered in, and the parts go to an EU member state other
 * than the seller's. The buyer then accounts for the VAT; the shop charges 0 %.
 */
export function reverseChargeApplies(input: { vatId: string; shipCountry: string; sellerCountry: string }): boolean {
  if (!input.vatId) return false;
  const check = checkVatId(input.vatId);
  if (!check.ok) return false;
  const seller = input.sellerCountry.toUpperCase();
  const ship = input.shipCountry.toUpperCase();
  return check.country !== seller && isEuCountry(ship) && ship !== seller;
}
