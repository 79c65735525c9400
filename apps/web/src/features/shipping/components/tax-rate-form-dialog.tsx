import { useId, useState, type FormEvent } from 'react';
import { taxAdminCopy } from '@shop/shared/copy/shipping-admin';
import { COUNTRIES, regionLabel, regionsOf } from '@shop/shared/address';
import { TAX_CATEGORIES } from '@shop/shared/order-totals';
import type { TaxRate, TaxRateInput } from '@shop/shared/schemas/shipping-tax';
import { Modal } from '../../../components/ui/modal';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { toastSuccess } from '../../../lib/toast';
import { useSaveTaxRate } from '../api/shipping-admin';
import { rateDisplayName, rateFormToInput, rateToForm, type FormErrors, type RateFormValues } from '../shipping-form';
import { FormAlert, SubmitButton } from './form-parts';

const t = taxAdminCopy;

/** `rate` undefined: a new rate; null: closed. */
export function TaxRateFormDialog({ rate, onClose }: { rate: TaxRate | undefined | null; onClose(): void }) {
  const formId = useId();
  const save = useSaveTaxRate();
  const [serverError, setServerError] = useState<string | null>(null);
  const close = () => {
    setServerError(null);
    save.reset();
    onClose();
  };
  const submit = (input: TaxRateInput) => {
    setServerError(null);
    save.mutate(
      { rateId: rate?._id, input },
      {
        onSuccess: (saved) => {
          toastSuccess(rate ? t.rateSaved(rateDisplayName(saved)) : t.rateAdded(rateDisplayName(saved)));
          close();
        },
        onError: (err) => setServerError(err.message),
      },
    );
  };
  return (
    <Modal
      open={rate !== null}
      onClose={close}
      title={rate ? t.editRateTitle(rateDisplayName(rate)) : t.addRateTitle}
      size="md"
      closeLabel={t.close}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close} disabled={save.isPending}>
            {t.cancel}
          </button>
          <SubmitButton form={formId} pending={save.isPending} label={rate ? t.saveRate : t.addRateButton} pendingLabel={t.saving} />
        </>
      }
    >
      {rate !== null && <TaxRateForm id={formId} rate={rate} serverError={serverError} onSubmit={submit} />}
    </Modal>
  );
}

export function TaxRateForm({
  id,
  rate,
  serverError,
  onSubmit,
}: {
  id: string;
  rate?: TaxRate;
  serverError?: string | null;
  onSubmit(input: TaxRateInput): void;
}) {
  const [values, setValues] = useState<RateFormValues>(() => rateToForm(rate));
  const [errors, setErrors] = useState<FormErrors>({});
  const set = <K extends keyof RateFormValues>(field: K, value: RateFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };
  const regions = values.country ? regionsOf(values.country) : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = rateFormToInput(values);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.input);
  };
  const ids = { country: `${id}-country`, region: `${id}-region`, category: `${id}-category`, rate: `${id}-rate`, shipping: `${id}-shipping` };
  return (
    <form id={id} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={ids.country} label={t.country} error={errors.country}>
          <select
            id={ids.country}
            className="select w-full aria-invalid:border-error"
            value={values.country}
            onChange={(e) => {
              setValues((v) => ({ ...v, country: e.target.value, region: '' }));
              setErrors((x) => ({ ...x, country: '', region: '' }));
            }}
            {...fieldAria(ids.country, { error: errors.country })}
          >
            <option value="">{t.chooseCountry}</option>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({c.code})
              </option>
            ))}
          </select>
        </FormField>
        {regions ? (
          <FormField id={ids.region} label={`${t.region} (${regionLabel(values.country)})`} error={errors.region}>
            <select
              id={ids.region}
              className="select w-full aria-invalid:border-error"
              value={values.region}
              onChange={(e) => set('region', e.target.value)}
              {...fieldAria(ids.region, { error: errors.region })}
            >
              <option value="">{t.regionWhole}</option>
              {regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name} ({r.code})
                </option>
              ))}
            </select>
          </FormField>
        ) : (
          <FormField id={ids.region} label={t.regionCode} hint={t.regionHint} error={errors.region}>
            <input
              id={ids.region}
              className="input w-full font-mono uppercase aria-invalid:border-error"
              maxLength={10}
              value={values.region}
              onChange={(e) => set('region', e.target.value)}
              {...fieldAria(ids.region, { hint: true, error: errors.region })}
            />
          </FormField>
        )}
        <FormField id={ids.category} label={t.category} hint={t.categoryHint} error={errors.category}>
          <select
            id={ids.category}
            className="select w-full"
            value={values.category}
            onChange={(e) => set('category', e.target.value)}
            {...fieldAria(ids.category, { hint: true, error: errors.category })}
          >
            {TAX_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t.categories[c]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={ids.rate} label={t.rate} hint={t.rateHint} error={errors.ratePercent}>
          <input
            id={ids.rate}
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step="0.001"
            className="input w-full tabular-nums aria-invalid:border-error"
            value={values.ratePercent}
            onChange={(e) => set('ratePercent', e.target.value)}
            {...fieldAria(ids.rate, { hint: true, error: errors.ratePercent })}
          />
        </FormField>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.shipping} className="flex cursor-pointer items-center gap-3 font-semibold">
          <input
            id={ids.shipping}
            type="checkbox"
            className="checkbox checkbox-primary"
            checked={values.taxShipping}
            onChange={(e) => set('taxShipping', e.target.checked)}
            aria-describedby={`${ids.shipping}-hint`}
          />
          {t.taxShipping}
        </label>
        <p id={`${ids.shipping}-hint`} className="text-xs text-base-content/75">
          {t.taxShippingHint}
        </p>
      </div>
      <FormAlert message={serverError ?? errors.root} />
    </form>
  );
}
