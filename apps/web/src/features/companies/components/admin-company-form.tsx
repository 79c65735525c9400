import { useId, useState, type FormEvent } from 'react';
import { companiesCopy } from '@shop/shared/copy/companies';
import { COMPANY_CREDIT_MAX, COMPANY_TERMS_MAX_DAYS, companyInputSchema, type Company, type CompanyInput } from '@shop/shared/schemas/company';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { toastSuccess } from '../../../lib/toast';
import { useCreateCompany, useUpdateCompany } from '../api/companies';

const t = companiesCopy;

type BillingField = 'line1' | 'line2' | 'city' | 'region' | 'postalCode' | 'country';
type TextField = 'name' | 'taxId' | 'paymentTermsDays' | 'creditLimit' | BillingField;
type Values = Record<TextField, string> & { taxExempt: boolean };

const BILLING: BillingField[] = ['line1', 'line2', 'city', 'region', 'postalCode', 'country'];
const empty: Values = {
  name: '',
  taxId: '',
  taxExempt: false,
  paymentTermsDays: '0',
  creditLimit: '0',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
};
const valuesOf = (c: Company): Values => ({
  name: c.name,
  taxId: c.taxId,
  taxExempt: c.taxExempt,
  paymentTermsDays: String(c.paymentTermsDays),
  creditLimit: String(c.creditLimit),
  ...c.billing,
});
const billingLabel: Record<BillingField, string> = {
  line1: t.billingLine1,
  line2: t.billingLine2,
  city: t.billingCity,
  region: t.billingRegion,
  postalCode: t.billingPostalCode,
  country: t.billingCountry,
};
const billingMax: Record<BillingField, number> = { line1: 200, line2: 200, city: 100, region: 100, postalCode: 20, country: 2 };

/**
 * "New company" or a company's "Account details" (the shop's admin): name, tax number, tax exempt, billing address,
 * payment terms and credit limit, checked with the API's own schema before it is sent.
 */
export function AdminCompanyForm({ company, onDone }: { company?: Company; onDone?(company: Company): void }) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => (company ? valuesOf(company) : empty));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const pending = create.isPending || update.isPending;

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '', root: '' }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name: values.name,
      taxId: values.taxId,
      taxExempt: values.taxExempt,
      billing: Object.fromEntries(BILLING.map((f) => [f, values[f]])),
      paymentTermsDays: values.paymentTermsDays.trim() === '' ? undefined : values.paymentTermsDays,
      creditLimit: values.creditLimit.trim() === '' ? undefined : values.creditLimit,
    };
    const parsed = companyInputSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'billing' && issue.path[1] ? String(issue.path[1]) : String(issue.path[0] ?? 'root');
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    const input: CompanyInput = parsed.data;
    const onError = (err: Error) => setErrors({ root: err.message });
    if (company) {
      update.mutate(
        { id: company._id, input },
        {
          onSuccess: (saved) => {
            toastSuccess(t.saved(saved.name));
            onDone?.(saved);
          },
          onError,
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: (saved) => {
          toastSuccess(t.created(saved.name));
          setValues(empty);
          onDone?.(saved);
        },
        onError,
      });
    }
  };

  const fid = (f: keyof Values) => `${id}-${f}`;
  const text = (f: 'name' | 'taxId' | BillingField, maxLength: number, extra: { autoComplete?: string; hint?: boolean } = {}) => (
    <input
      id={fid(f)}
      className="input w-full aria-invalid:border-error"
      maxLength={maxLength}
      autoComplete={extra.autoComplete ?? 'off'}
      value={values[f]}
      onChange={(e) => set(f, e.target.value)}
      {...fieldAria(fid(f), { error: errors[f], hint: extra.hint })}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 items-start gap-4 sm:grid-cols-2">
      <FormField id={fid('name')} label={t.name} error={errors.name}>
        {text('name', 120, { autoComplete: 'organization' })}
      </FormField>
      <FormField id={fid('taxId')} label={t.taxId} error={errors.taxId}>
        {text('taxId', 40)}
      </FormField>
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label className="flex min-h-10 cursor-pointer items-center gap-3 font-semibold">
          <input
            type="checkbox"
            className="checkbox"
            checked={values.taxExempt}
            onChange={(e) => set('taxExempt', e.target.checked)}
            aria-describedby={`${fid('taxExempt')}-hint`}
          />
          {t.taxExempt}
        </label>
        <p id={`${fid('taxExempt')}-hint`} className="text-xs text-base-content/75">
          {t.taxExemptHint}
        </p>
      </div>
      <fieldset className="grid min-w-0 gap-4 rounded-box border border-base-300 p-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="px-1 font-semibold">{t.billing}</legend>
        {BILLING.map((f) => (
          <FormField
            key={f}
            id={fid(f)}
            label={billingLabel[f]}
            hint={f === 'country' ? t.billingCountryHint : undefined}
            error={errors[f]}
            className={f === 'line1' || f === 'line2' ? 'sm:col-span-2' : ''}
          >
            {text(f, billingMax[f], { hint: f === 'country' })}
          </FormField>
        ))}
      </fieldset>
      <FormField id={fid('paymentTermsDays')} label={t.termsDays} hint={t.termsDaysHint} error={errors.paymentTermsDays}>
        <input
          id={fid('paymentTermsDays')}
          type="number"
          inputMode="numeric"
          min={0}
          max={COMPANY_TERMS_MAX_DAYS}
          className="input w-full aria-invalid:border-error"
          value={values.paymentTermsDays}
          onChange={(e) => set('paymentTermsDays', e.target.value)}
          {...fieldAria(fid('paymentTermsDays'), { error: errors.paymentTermsDays, hint: true })}
        />
      </FormField>
      <FormField id={fid('creditLimit')} label={t.creditLimit} hint={t.creditLimitHint} error={errors.creditLimit}>
        <input
          id={fid('creditLimit')}
          type="number"
          inputMode="decimal"
          min={0}
          max={COMPANY_CREDIT_MAX}
          step="0.01"
          className="input w-full aria-invalid:border-error"
          value={values.creditLimit}
          onChange={(e) => set('creditLimit', e.target.value)}
          {...fieldAria(fid('creditLimit'), { error: errors.creditLimit, hint: true })}
        />
      </FormField>
      {errors.root && (
        <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error sm:col-span-2">
          {errors.root}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="btn btn-primary min-w-40" disabled={pending} aria-busy={pending}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {company ? (pending ? t.saving : t.save) : pending ? t.creating : t.create}
        </button>
      </div>
    </form>
  );
}
