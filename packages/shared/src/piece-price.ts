/**
 * Issue #39 item 1 (decision 182), "prices a buyer can compare": a part's price
 * is stored as the price of one lot of `minOrder` units (the spec's unitPrice).
 * Every screen that shows a price shows what one piece costs first, with the
 * minimum order and the lot price beside it: "$24.90 each" and
 * "min. 10 · $249.00 per lot". This module is the one rule for those texts.
 *
 * A piece's price is lot ÷ minimum order, which need not be a whole number of
 * cents ($4.99 for 100 bolts is $0.0499 a bolt). From a dollar up it is shown to
 * the cent, like every amount (issue #24); below a dollar, exactly when it has at
 * most four decimals (hundredths of a cent), else to three significant digits. A
 * rounded figure is marked "about" ("about $3.33 each" for $10 a lot of 3): a
 * cent-rounded "$0.50" for $0.499 would be a price the shop does not charge.
 */
import { numberFormat } from './intl';
import { applicableTier, toCents, type PriceTier } from './pricing';

/** Ten-thousandths of a dollar (hundredths of a cent): the finest step a piece price is shown in. */
const STEPS_PER_CENT = 100;
const MIN_DECIMALS = 2;
const MAX_DECIMALS = 4;

const dollarsTo = [2, 3, 4].map((decimals) =>
  numberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: MIN_DECIMALS, maximumFractionDigits: decimals }),
);
const lotFormat = numberFormat('en-US', { style: 'currency', currency: 'USD' });
const countFormat = numberFormat('en-US');

export interface PiecePrice {
  /** "$24.90", "$0.0499", "$3.33" (rounded when `exact` is false). */
  each: string;
  /** Whether `each` is the exact price of one piece (the lot divides into it at four decimals or fewer). */
  exact: boolean;
  /** "$24.90 each", "about $3.33 each": the figure a buyer compares, shown first. */
  eachText: string;
  /** "$249.00": the lot's price, to the cent. */
  lot: string;
  /** "249.00": the lot's price without the sign, for the spec's label 'Unit Price: $' (which ends in the sign). */
  lotAmount: string;
  /** "min. 10" */
  minText: string;
  /** "min. 10 · $249.00 per lot": what the piece price comes from, shown beside it. */
  lotText: string;
  /** The piece price in dollars, for sorting or comparing (not for display). */
  eachValue: number;
}

/**
 * The texts for a part sold in lots of `minOrder` at `lotPrice` dollars a lot
 * (a product's `unitPrice`, or a price tier's). Throws a RangeError for a
 * minimum order that is not a positive whole number or a negative price.
 */
export function piecePrice(lotPrice: number, minOrder: number): PiecePrice {
  if (!Number.isInteger(minOrder) || minOrder < 1) throw new RangeError('minOrder must be a positive integer');
  const lotCents = toCents(lotPrice);
  if (!(lotCents >= 0)) throw new RangeError('lotPrice must be a non-negative amount');
  // The price of one piece in hundredths of a cent, as a fraction steps / minOrder.
  const steps = lotCents * STEPS_PER_CENT;
  const value = steps / minOrder;
  // A dollar or more: to the cent, as every other amount (issue #24). Below: to the hundredth of a cent, or three
  // significant digits (three decimals from 10¢, four below) when even that is not exact.
  let decimals = value >= 10_000 ? 2 : steps % minOrder === 0 ? (value % 100 === 0 ? 2 : value % 10 === 0 ? 3 : 4) : value >= 1_000 ? 3 : 4;
  // Half-up in integers (hundredths of a cent): floor((2·steps + minOrder·step) / (2·minOrder·step)) · step.
  const round = (step: number) => Math.floor((2 * steps + minOrder * step) / (2 * minOrder * step)) * step;
  let rounded = round(10 ** (MAX_DECIMALS - decimals));
  // $0.99996 rounds up to a dollar: shown to the cent, like any dollar.
  if (rounded >= 10_000 && decimals > 2) rounded = round(10 ** (MAX_DECIMALS - (decimals = 2)));
  const exact = rounded * minOrder === steps;
  const eachValue = rounded / 10_000;
  const each = dollarsTo[decimals - MIN_DECIMALS]!.format(eachValue);
  const lot = lotFormat.format(lotCents / 100);
  const minText = `min. ${countFormat.format(minOrder)}`;
  return {
    each,
    exact,
    eachText: `${exact ? '' : 'about '}${each} each`,
    lot,
    lotAmount: lot.slice(1),
    minText,
    lotText: `${minText} · ${lot} per lot`,
    eachValue,
  };
}

/** The piece price that applies to `quantity` units: the tier's lot price from its quantity on, else the base price. */
export function piecePriceFor(product: { unitPrice: number; minOrder: number; priceTiers?: readonly PriceTier[] }, quantity: number): PiecePrice {
  return piecePrice(applicableTier(product.priceTiers, quantity)?.unitPrice ?? product.unitPrice, product.minOrder);
}
