import { shippingAdminCopy, taxAdminCopy } from '@shop/shared/copy/shipping-admin';
import {
  shippingMethodInputSchema,
  taxRateInputSchema,
  type ShippingMethod,
  type ShippingMethodInput,
  type TaxRateInput,
  type TaxRate,
} from '@shop/shared/schemas/shipping-tax';
import { countryName, regionName } from '@shop/shared/address';
import { formatPrice, formatPriceShort } from '../../components/ui/price';
import { numberFormat } from '@shop/shared/intl';

/**
 * Issue #24 item 5: what the admin's shipping and tax forms type, and what the API takes. Weights are typed in kg or
 * g and sent in whole grams; prices in dollars; empty fields get a sentence of their own before the shared schema
 * (the API's) has its say.
 */
const t = shippingAdminCopy;

export type WeightUnit = 'kg' | 'g';
export interface BandRow {
  /** A stable React key for the row. */
  key: string;
  weight: string;
  unit: WeightUnit;
  price: string;
}

let nextKey = 0;
export const bandKey = () => `band-${++nextKey}`;

const trimNumber = (n: number, decimals: number) => Number(n.toFixed(decimals)).toString();

/** "1 kg", "1.5 kg", "500 g": grams as the admin reads them. */
export function formatWeight(grams: number): string {
  return grams >= 1000 ? `${threeDecimals.format(Number((grams / 1000).toFixed(3)))} kg` : `${grams} g`;
}

/** A stored band as a row of the editor: kg from 1 kg up, else grams. */
export function bandToRow(band: { upToGrams: number; price: number }): BandRow {
  const kg = band.upToGrams >= 1000;
  return {
    key: bandKey(),
    weight: kg ? trimNumber(band.upToGrams / 1000, 3) : String(band.upToGrams),
    unit: kg ? 'kg' : 'g',
    price: trimNumber(band.price, 2),
  };
}

export const emptyBand = (unit: WeightUnit = 'kg'): BandRow => ({ key: bandKey(), weight: '', unit, price: '' });

/**
 * The grams a row's weight stands for, or the sentence saying what is wrong with it:
 * ('1.5', 'kg') → 1500, ('500', 'g') → 500, ('', …) → 'Enter the weight…', ('1.0005', 'kg') → 'whole grams'.
 */
export function rowGrams(weight: string, unit: WeightUnit): number | { error: string } {
  const text = weight.trim().replace(',', '.');
  if (text === '') return { error: t.bandWeightRequired };
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) return { error: t.bandWeightNumber };
  const grams = unit === 'kg' ? n * 1000 : n;
  const whole = Math.round(grams);
  if (Math.abs(grams - whole) > 1e-6) return { error: unit === 'kg' ? t.bandWeightWhole : t.bandWeightWholeGrams };
  return whole;
}

/** The fields of the method form, as typed. */
export interface MethodFormValues {
  name: string;
  carrier: string;
  minDays: string;
  maxDays: string;
  bands: BandRow[];
  freeOver: string;
  takesOversize: boolean;
}

/** Error keys: a field's name, 'bands' (the list), `bands.{i}.weight` / `bands.{i}.price`, or 'root'. */
export type FormErrors = Record<string, string>;

export function methodToForm(method?: ShippingMethod): MethodFormValues {
  if (!method) return { name: '', carrier: '', minDays: '', maxDays: '', bands: [emptyBand()], freeOver: '', takesOversize: false };
  return {
    name: method.name,
    carrier: method.carrier,
    minDays: String(method.minDays),
    maxDays: String(method.maxDays),
    bands: [...method.bands].sort((a, b) => a.upToGrams - b.upToGrams).map(bandToRow),
    freeOver: method.freeOver === null ? '' : trimNumber(method.freeOver, 2),
    takesOversize: method.takesOversize,
  };
}

const numberOrText = (s: string) => {
  const text = s.trim().replace(',', '.');
  return text === '' ? undefined : text;
};

/** The form as the API's body, or the message of every field that is wrong (the API's own rules, in its words). */
export function methodFormToInput(v: MethodFormValues): { input: ShippingMethodInput; errors?: undefined } | { input?: undefined; errors: FormErrors } {
  const errors: FormErrors = {};
  if (v.minDays.trim() === '') errors.minDays = t.daysRequired;
  if (v.maxDays.trim() === '') errors.maxDays = t.daysRequired;
  const bands = v.bands.map((row, i) => {
    const grams = rowGrams(row.weight, row.unit);
    if (typeof grams !== 'number') errors[`bands.${i}.weight`] = grams.error;
    if (row.price.trim() === '') errors[`bands.${i}.price`] = t.bandPriceRequired;
    return { upToGrams: typeof grams === 'number' ? grams : Number.NaN, price: numberOrText(row.price) as unknown as number };
  });
  const input: ShippingMethodInput = {
    name: v.name,
    carrier: v.carrier,
    minDays: numberOrText(v.minDays) as unknown as number,
    maxDays: numberOrText(v.maxDays) as unknown as number,
    bands,
    freeOver: (numberOrText(v.freeOver) ?? null) as unknown as number | null,
    takesOversize: v.takesOversize,
  };
  const parsed = shippingMethodInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, index, sub] = issue.path;
      const key = field === 'bands' && typeof index === 'number' ? `bands.${index}.${sub === 'upToGrams' ? 'weight' : 'price'}` : String(field ?? 'root');
      errors[key] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { input: parsed.data! };
}

/** "up to 1 kg: $7.99" */
export const bandLabel = (band: { upToGrams: number; price: number }) => t.band(formatWeight(band.upToGrams), formatPriceShort(band.price));
export const freeLabel = (freeOver: number | null) => (freeOver === null ? t.never : t.freeFrom(formatPrice(freeOver)));

// ------------------------------------------------------------------------------------------------- tax rates

export interface RateFormValues {
  country: string;
  region: string;
  category: string;
  ratePercent: string;
  taxShipping: boolean;
}

export function rateToForm(rate?: TaxRate): RateFormValues {
  if (!rate) return { country: '', region: '', category: 'standard', ratePercent: '', taxShipping: false };
  return { country: rate.country, region: rate.region, category: rate.category, ratePercent: String(rate.ratePercent), taxShipping: rate.taxShipping };
}

export function rateFormToInput(v: RateFormValues): { input: TaxRateInput; errors?: undefined } | { input?: undefined; errors: FormErrors } {
  const errors: FormErrors = {};
  if (v.country.trim() === '') errors.country = taxAdminCopy.countryRequired;
  if (v.ratePercent.trim() === '') errors.ratePercent = taxAdminCopy.rateRequired;
  const parsed = taxRateInputSchema.safeParse({
    country: v.country,
    region: v.region,
    category: v.category,
    ratePercent: numberOrText(v.ratePercent),
    taxShipping: v.taxShipping,
  });
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'root')] ??= issue.message;
  if (Object.keys(errors).length > 0) return { errors };
  return { input: parsed.data! };
}

/** "United States, Texas (Standard)": a rate as the page names it. */
export function rateDisplayName(rate: Pick<TaxRate, 'country' | 'region' | 'category'>) {
  return taxAdminCopy.rateName(
    countryName(rate.country) ?? rate.country,
    rate.region ? (regionName(rate.country, rate.region) ?? rate.region) : '',
    taxAdminCopy.categories[rate.category] ?? rate.category,
  );
}

const threeDecimals = numberFormat('en-US', { maximumFractionDigits: 3 });
/** 7.25, 8.875, 20 */
export const formatRate = (ratePercent: number) => threeDecimals.format(ratePercent);
