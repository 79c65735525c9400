/** Issue #24: the words of the checkout page (address, shipping, totals) and of the order it makes. */
import { numberFormat } from '../intl';

const oneDecimal = numberFormat('en-US', { maximumFractionDigits: 1 });
const kg = (grams: number) => `${oneDecimal.format(grams / 1000)} kg`;

export const checkoutAddressCopy = {
  noZone: (where: string) =>
    `We do not ship to ${where} yet. Choose an address in the United States, Canada or the European Union, or contact us for a freight quote.`,
  noOversizeMethod: (where: string) =>
    `Your cart has a part that ships on its own (oversize), and no method to ${where} carries it. Remove that part, or contact us for a freight quote.`,
  tooHeavy: (where: string, grams: number) =>
    `Your cart weighs ${kg(grams)}, more than any method to ${where} carries. Split it into smaller orders, or contact us for a freight quote.`,
  methodNotOffered: 'That shipping method does not serve this address or cannot carry this cart. Choose one of the methods offered.',
  weight: kg,
} as const;
