import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fitmentCopy } from '@shop/shared/copy/fitment';
import { vehiclesAdminCopy } from '@shop/shared/copy/vehicles-admin';
import {
  VEHICLE_EXTERNAL_ID_MAX,
  VEHICLE_YEAR_MAX,
  VEHICLE_YEAR_MIN,
  createVehicleSchema,
  updateVehicleExternalIdSchema,
  type Vehicle,
} from '@shop/shared/schemas/vehicle';
import { Combobox } from '../../../components/ui/combobox';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { toastSuccess } from '../../../lib/toast';
import { useCreateVehicle, useSetVehicleExternalId } from '../api/admin-vehicles';
import { vehicleListQueryOptions, vehicleMakesQueryOptions, vehicleModelsQueryOptions } from '../api/vehicle-lists';

const t = vehiclesAdminCopy;
type Field = 'make' | 'model' | 'year' | 'variant' | 'externalId';

export const vehicleName = (v: Pick<Vehicle, 'make' | 'model' | 'year' | 'variant'>) => `${v.make} ${v.model}${v.variant ? ` ${v.variant}` : ''} ${v.year}`;

/**
 * Add one vehicle (admin). Make and model suggest the listed names, so a new year joins its model's spelling. A
 * vehicle already listed (the same make, model, year and variant) is shown with its base vehicle id (decision 214),
 * which the form then saves instead of adding.
 */
export function AddVehicleForm({ onAdded }: { onAdded?(vehicle: Vehicle): void }) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ make: '', model: '', year: '', variant: '', externalId: '' });
  const [errors, setErrors] = useState<Partial<Record<Field | 'root', string>>>({});
  const create = useCreateVehicle();
  const saveId = useSetVehicleExternalId();
  const makes = useQuery(vehicleMakesQueryOptions());
  const makeListed = makes.data?.includes(values.make.trim()) ?? false;
  const models = useQuery({ ...vehicleModelsQueryOptions(values.make.trim()), enabled: makeListed });
  const year = /^\d{4}$/.test(values.year.trim()) ? Number(values.year.trim()) : null;
  const modelListed = makeListed && (models.data?.includes(values.model.trim()) ?? false);
  const sameYear = useQuery({ ...vehicleListQueryOptions(values.make.trim(), values.model.trim(), year), enabled: modelListed && year !== null });
  // The vehicle as typed, if it is listed (a list that cannot be read counts as not listed: adding answers 409).
  const listed = modelListed && year !== null ? sameYear.data?.find((v) => (v.variant ?? '') === values.variant.trim()) : undefined;
  const listedId = listed?._id;
  const listedExternalId = listed?.externalId ?? '';
  // The listed vehicle's id fills the box once, when the form finds it.
  useEffect(() => {
    if (listedId) setValues((v) => ({ ...v, externalId: listedExternalId }));
  }, [listedId, listedExternalId]);
  const pending = create.isPending || saveId.isPending;

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, root: undefined }));
  };

  const save = (vehicle: Vehicle) => {
    const parsed = updateVehicleExternalIdSchema.safeParse({ externalId: values.externalId });
    if (!parsed.success) {
      setErrors({ externalId: parsed.error.issues[0].message });
      return;
    }
    const externalId = parsed.data.externalId ?? null;
    saveId.mutate(
      { id: vehicle._id, externalId },
      {
        onSuccess: (saved) => toastSuccess(t.externalIdSaved(vehicleName(saved), externalId)),
        // An id another vehicle has answers 409 with the server's sentence naming that vehicle.
        onError: (err) => setErrors({ root: err.message }),
      },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (listed) return save(listed);
    // An empty year box would coerce to 0: say it is missing first.
    const parsed = createVehicleSchema.safeParse({
      ...values,
      year: values.year.trim() === '' ? undefined : values.year,
      variant: values.variant.trim() || null,
      externalId: values.externalId.trim() || undefined,
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= field === 'year' && values.year.trim() === '' ? 'Year is Required' : issue.message;
      }
      setErrors(next);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (vehicle) => {
        toastSuccess(t.added(vehicleName(vehicle)));
        // The make stays: the next year or model of it is the common next entry.
        setValues((v) => ({ ...v, year: '', variant: '', externalId: '' }));
        onAdded?.(vehicle);
      },
      // A duplicate answers 409 with the server's sentence naming the vehicle.
      onError: (err) => setErrors({ root: err.message }),
    });
  };

  const ids = { make: `${id}-make`, model: `${id}-model`, year: `${id}-year`, variant: `${id}-variant`, externalId: `${id}-external-id` };
  return (
    <form onSubmit={submit} noValidate className="grid items-start gap-4 sm:grid-cols-2">
      <FormField id={ids.make} label={t.make} error={errors.make}>
        <Combobox
          id={ids.make}
          value={values.make}
          onChange={set('make')}
          options={makes.data ?? []}
          listLabel={fitmentCopy.options(t.make)}
          maxLength={60}
          {...fieldAria(ids.make, { error: errors.make })}
        />
      </FormField>
      <FormField id={ids.model} label={t.model} error={errors.model}>
        <Combobox
          id={ids.model}
          value={values.model}
          onChange={set('model')}
          options={makeListed ? (models.data ?? []) : []}
          listLabel={fitmentCopy.options(t.model)}
          maxLength={80}
          {...fieldAria(ids.model, { error: errors.model })}
        />
      </FormField>
      <FormField id={ids.year} label={t.year} error={errors.year}>
        <input
          id={ids.year}
          type="number"
          inputMode="numeric"
          min={VEHICLE_YEAR_MIN}
          max={VEHICLE_YEAR_MAX}
          step={1}
          className="input w-full tabular-nums aria-invalid:border-error"
          value={values.year}
          onChange={(e) => set('year')(e.target.value)}
          {...fieldAria(ids.year, { error: errors.year })}
        />
      </FormField>
      <FormField id={ids.variant} label={t.variant} hint={t.variantHint} error={errors.variant}>
        <input
          id={ids.variant}
          className="input w-full aria-invalid:border-error"
          maxLength={80}
          value={values.variant}
          onChange={(e) => set('variant')(e.target.value)}
          {...fieldAria(ids.variant, { hint: true, error: errors.variant })}
        />
      </FormField>
      <FormField id={ids.externalId} label={t.externalId} hint={t.externalIdHint} error={errors.externalId}>
        <input
          id={ids.externalId}
          className="input w-full font-mono aria-invalid:border-error"
          maxLength={VEHICLE_EXTERNAL_ID_MAX}
          autoComplete="off"
          spellCheck={false}
          value={values.externalId}
          onChange={(e) => set('externalId')(e.target.value)}
          {...fieldAria(ids.externalId, { hint: true, error: errors.externalId })}
        />
      </FormField>
      <p role="status" className="self-end text-sm text-base-content/80">
        {listed ? t.listedAs(vehicleName(listed), listed.externalId) : ''}
      </p>
      {errors.root && (
        <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error sm:col-span-2">
          {errors.root}
        </p>
      )}
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary min-w-40" disabled={pending} aria-busy={pending}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {listed ? (saveId.isPending ? t.savingExternalId : t.saveExternalId) : create.isPending ? t.adding : t.add}
        </button>
      </div>
    </form>
  );
}
