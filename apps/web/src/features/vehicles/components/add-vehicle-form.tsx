import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fitmentCopy } from '@shop/shared/copy/fitment';
import { vehiclesAdminCopy } from '@shop/shared/copy/vehicles-admin';
import { VEHICLE_YEAR_MAX, VEHICLE_YEAR_MIN, createVehicleSchema, type Vehicle } from '@shop/shared/schemas/vehicle';
import { Combobox } from '../../../components/ui/combobox';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { toastSuccess } from '../../../lib/toast';
import { useCreateVehicle } from '../api/admin-vehicles';
import { vehicleMakesQueryOptions, vehicleModelsQueryOptions } from '../api/vehicle-lists';

const t = vehiclesAdminCopy;
type Field = 'make' | 'model' | 'year' | 'variant';

export const vehicleName = (v: Pick<Vehicle, 'make' | 'model' | 'year' | 'variant'>) => `${v.make} ${v.model}${v.variant ? ` ${v.variant}` : ''} ${v.year}`;

/** Add one vehicle (admin). Make and model suggest the listed names, so a new year joins its model's spelling. */
export function AddVehicleForm({ onAdded }: { onAdded?(vehicle: Vehicle): void }) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ make: '', model: '', year: '', variant: '' });
  const [errors, setErrors] = useState<Partial<Record<Field | 'root', string>>>({});
  const create = useCreateVehicle();
  const makes = useQuery(vehicleMakesQueryOptions());
  const makeListed = makes.data?.includes(values.make.trim()) ?? false;
  const models = useQuery({ ...vehicleModelsQueryOptions(values.make.trim()), enabled: makeListed });

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, root: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // An empty year box would coerce to 0: say it is missing first.
    const parsed = createVehicleSchema.safeParse({
      ...values,
      year: values.year.trim() === '' ? undefined : values.year,
      variant: values.variant.trim() || null,
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
        setValues((v) => ({ ...v, year: '', variant: '' }));
        onAdded?.(vehicle);
      },
      // A duplicate answers 409 with the server's sentence naming the vehicle.
      onError: (err) => setErrors({ root: err.message }),
    });
  };

  const ids = { make: `${id}-make`, model: `${id}-model`, year: `${id}-year`, variant: `${id}-variant` };
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
      {errors.root && (
        <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error sm:col-span-2">
          {errors.root}
        </p>
      )}
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary min-w-40" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {create.isPending ? t.adding : t.add}
        </button>
      </div>
    </form>
  );
}
