import { useId } from 'react';
import { checkoutCopy } from '@shop/shared/copy/checkout';
import {
  addressSchema,
  COUNTRIES,
  ADDRESS_MAX_LENGTHS,
  phoneExample,
  postalCodeExample,
  postalCodeLabel,
  regionLabel,
  regionsOf,
  type Address,
} from '@shop/shared/address';
import { FormField, fieldAria } from '../../../components/ui/form-field';

const t = checkoutCopy.fields;

/** What the form holds while a person types: every field as text. */
export type AddressDraft = Record<'name' | 'company' | 'line1' | 'line2' | 'city' | 'region' | 'postalCode' | 'country' | 'phone', string>;
export type AddressErrors = Partial<Record<keyof AddressDraft, string>>;

export const emptyAddress = (country = 'US'): AddressDraft => ({
  name: '',
  company: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country,
  phone: '',
});

/** Check a draft with the server's own rules (addressSchema): the address, or one message per field. */
export function checkAddress(draft: AddressDraft): { address: Address; errors?: undefined } | { address?: undefined; errors: AddressErrors } {
  const parsed = addressSchema.safeParse(draft);
  if (parsed.success) return { address: parsed.data };
  const errors: AddressErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof AddressDraft | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface AddressFieldsProps {
  value: AddressDraft;
  onChange(next: AddressDraft): void;
  errors?: AddressErrors;
  /** autocomplete section, so a browser fills the right address. */
  section?: string;
}

/**
 * Issue #24: a delivery address that can be shipped to: country from the ISO
 * list, the state or province from its list where the post needs one, the
 * postal code and phone checked for the country (the server checks again).
 */
export function AddressFields({ value, onChange, errors = {}, section = 'shipping' }: AddressFieldsProps) {
  const id = useId();
  const set = (field: keyof AddressDraft) => (e: { currentTarget: { value: string } }) => {
    const next = { ...value, [field]: e.currentTarget.value };
    // Another country's regions mean nothing here.
    if (field === 'country' && value.country !== next.country) next.region = '';
    onChange(next);
  };
  const regions = regionsOf(value.country);
  const regionName = regionLabel(value.country);
  const postal = postalCodeLabel(value.country);
  const ac = (token: string) => `section-${section} shipping ${token}`;
  const input = (
    field: keyof AddressDraft,
    label: string,
    token: string,
    extra: { max?: number; className?: string; hint?: string; type?: string; placeholder?: string } = {},
  ) => {
    const fid = `${id}-${field}`;
    return (
      <FormField id={fid} label={label} error={errors[field]} hint={extra.hint} className={extra.className}>
        <input
          id={fid}
          name={field}
          type={extra.type ?? 'text'}
          className={`input w-full ${errors[field] ? 'input-error' : ''}`}
          value={value[field]}
          onChange={set(field)}
          autoComplete={ac(token)}
          maxLength={extra.max}
          placeholder={extra.placeholder}
          {...fieldAria(fid, { error: errors[field], hint: Boolean(extra.hint) })}
        />
      </FormField>
    );
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {input('name', t.name, 'name', { max: ADDRESS_MAX_LENGTHS.name })}
      {input('company', t.company, 'organization', { max: ADDRESS_MAX_LENGTHS.company })}
      <FormField id={`${id}-country`} label={t.country} error={errors.country} className="sm:col-span-2">
        <select
          id={`${id}-country`}
          name="country"
          className={`select w-full ${errors.country ? 'select-error' : ''}`}
          value={value.country}
          onChange={set('country')}
          autoComplete={ac('country')}
          {...fieldAria(`${id}-country`, { error: errors.country })}
        >
          <option value="">—</option>
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </FormField>
      {input('line1', t.line1, 'address-line1', { max: ADDRESS_MAX_LENGTHS.line1, className: 'sm:col-span-2' })}
      {input('line2', t.line2, 'address-line2', { max: ADDRESS_MAX_LENGTHS.line2, className: 'sm:col-span-2' })}
      {input('city', t.city, 'address-level2', { max: ADDRESS_MAX_LENGTHS.city })}
      {regions ? (
        <FormField id={`${id}-region`} label={capital(regionName)} error={errors.region}>
          <select
            id={`${id}-region`}
            name="region"
            className={`select w-full ${errors.region ? 'select-error' : ''}`}
            value={value.region}
            onChange={set('region')}
            autoComplete={ac('address-level1')}
            {...fieldAria(`${id}-region`, { error: errors.region })}
          >
            <option value="">{checkoutCopy.chooseRegion(regionName)}</option>
            {regions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
        </FormField>
      ) : (
        input('region', t.regionOptional, 'address-level1', { max: ADDRESS_MAX_LENGTHS.region })
      )}
      {input('postalCode', capital(postal), 'postal-code', { max: 12, placeholder: postalCodeExample(value.country) })}
      {input('phone', t.phone, 'tel', { type: 'tel', max: ADDRESS_MAX_LENGTHS.phone, hint: t.phoneHint, placeholder: phoneExample(value.country) })}
    </div>
  );
}
