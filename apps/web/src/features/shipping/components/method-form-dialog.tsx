import { useId, useState, type FormEvent } from 'react';
import { shippingAdminCopy } from '@shop/shared/copy/shipping-admin';
import type { ShippingMethod, ShippingMethodInput, ShippingZone } from '@shop/shared/schemas/shipping-tax';
import { Modal } from '../../../components/ui/modal';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { toastSuccess } from '../../../lib/toast';
import { useSaveMethod } from '../api/shipping-admin';
import { methodFormToInput, methodToForm, type FormErrors, type MethodFormValues } from '../shipping-form';
import { BandsEditor } from './bands-editor';
import { FormAlert, SubmitButton } from './form-parts';

const t = shippingAdminCopy;

/** What the dialog is open for: a new method of a zone, or one of its methods to change. */
export interface MethodTarget {
  zone: ShippingZone;
  method?: ShippingMethod;
}

/** Add or change a shipping method: name, carrier, delivery days, weight bands, free-shipping threshold, oversize. */
export function MethodFormDialog({ target, onClose }: { target: MethodTarget | null; onClose(): void }) {
  const formId = useId();
  const save = useSaveMethod();
  const [serverError, setServerError] = useState<string | null>(null);
  const close = () => {
    setServerError(null);
    save.reset();
    onClose();
  };
  const submit = (input: ShippingMethodInput) => {
    if (!target) return;
    setServerError(null);
    save.mutate(
      { zoneId: target.zone._id, methodId: target.method?._id, input },
      {
        onSuccess: (saved) => {
          toastSuccess(target.method ? t.methodSaved(saved.name) : t.methodAdded(saved.name));
          close();
        },
        onError: (err) => setServerError(err.message),
      },
    );
  };
  return (
    <Modal
      open={target !== null}
      onClose={close}
      title={target?.method ? t.editMethodTitle(target.method.name) : target ? t.addMethodTitle(target.zone.name) : ''}
      size="lg"
      closeLabel={t.close}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close} disabled={save.isPending}>
            {t.cancel}
          </button>
          <SubmitButton form={formId} pending={save.isPending} label={target?.method ? t.saveMethod : t.addMethodButton} pendingLabel={t.saving} />
        </>
      }
    >
      {target && <MethodForm id={formId} method={target.method} serverError={serverError} onSubmit={submit} />}
    </Modal>
  );
}

/** The form itself: mounted each time the dialog opens, so it starts from the method (or empty). */
export function MethodForm({
  id,
  method,
  serverError,
  onSubmit,
}: {
  id: string;
  method?: ShippingMethod;
  serverError?: string | null;
  onSubmit(input: ShippingMethodInput): void;
}) {
  const [values, setValues] = useState<MethodFormValues>(() => methodToForm(method));
  const [errors, setErrors] = useState<FormErrors>({});
  const set = <K extends keyof MethodFormValues>(field: K, value: MethodFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }) as FormErrors);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = methodFormToInput(values);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.input);
  };
  const ids = {
    name: `${id}-name`,
    carrier: `${id}-carrier`,
    min: `${id}-min`,
    max: `${id}-max`,
    bands: `${id}-bands`,
    free: `${id}-free`,
    oversize: `${id}-oversize`,
  };
  const hasErrors = Object.values(errors).some(Boolean);
  return (
    <form id={id} onSubmit={submit} noValidate className="flex flex-col gap-4">
      {hasErrors && <p className="text-sm font-semibold text-error">{t.fixErrors}</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={ids.name} label={t.methodName} hint={t.methodNameHint} error={errors.name}>
          <input
            id={ids.name}
            className="input w-full aria-invalid:border-error"
            maxLength={80}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            {...fieldAria(ids.name, { hint: true, error: errors.name })}
          />
        </FormField>
        <FormField id={ids.carrier} label={t.carrier} error={errors.carrier}>
          <input
            id={ids.carrier}
            className="input w-full aria-invalid:border-error"
            maxLength={80}
            value={values.carrier}
            onChange={(e) => set('carrier', e.target.value)}
            {...fieldAria(ids.carrier, { error: errors.carrier })}
          />
        </FormField>
        <FormField id={ids.min} label={t.minDays} error={errors.minDays}>
          <input
            id={ids.min}
            type="number"
            inputMode="numeric"
            min={0}
            max={120}
            step={1}
            className="input w-full tabular-nums aria-invalid:border-error"
            value={values.minDays}
            onChange={(e) => set('minDays', e.target.value)}
            {...fieldAria(ids.min, { error: errors.minDays })}
          />
        </FormField>
        <FormField id={ids.max} label={t.maxDays} error={errors.maxDays}>
          <input
            id={ids.max}
            type="number"
            inputMode="numeric"
            min={0}
            max={120}
            step={1}
            className="input w-full tabular-nums aria-invalid:border-error"
            value={values.maxDays}
            onChange={(e) => set('maxDays', e.target.value)}
            {...fieldAria(ids.max, { error: errors.maxDays })}
          />
        </FormField>
      </div>
      <BandsEditor
        id={ids.bands}
        bands={values.bands}
        errors={errors}
        onChange={(bands) => {
          setValues((v) => ({ ...v, bands }));
          // The rows may have moved: their messages no longer point at the right one.
          setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('bands'))));
        }}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id={ids.free} label={t.freeOver} hint={t.freeOverHint} error={errors.freeOver}>
          <input
            id={ids.free}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            className="input w-full tabular-nums aria-invalid:border-error"
            value={values.freeOver}
            onChange={(e) => set('freeOver', e.target.value)}
            {...fieldAria(ids.free, { hint: true, error: errors.freeOver })}
          />
        </FormField>
        <div className="flex flex-col gap-1 sm:pt-7">
          <label htmlFor={ids.oversize} className="flex cursor-pointer items-center gap-3 font-semibold">
            <input
              id={ids.oversize}
              type="checkbox"
              className="checkbox checkbox-primary"
              checked={values.takesOversize}
              onChange={(e) => set('takesOversize', e.target.checked)}
              aria-describedby={`${ids.oversize}-hint`}
            />
            {t.takesOversize}
          </label>
          <p id={`${ids.oversize}-hint`} className="text-xs text-base-content/75">
            {t.takesOversizeHint}
          </p>
        </div>
      </div>
      <FormAlert message={serverError ?? errors.root} />
    </form>
  );
}
