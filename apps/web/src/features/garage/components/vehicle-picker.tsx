import { useId, useState, type FormEvent } from 'react';
import { copy } from '@shop/shared/copy';
import type { Vehicle } from '@shop/shared/schemas/vehicle';
import { useMakes, useModels, useVehicleList, useYears } from '../api/vehicles';

const t = copy.garage;

interface VehiclePickerProps {
  submitLabel: string;
  onPick(vehicle: Vehicle): void | Promise<void>;
  /** Start from this vehicle's make, model and year ("Change bike"). */
  initial?: Vehicle | null;
  onCancel?(): void;
  busy?: boolean;
}

/**
 * Make → model → year (→ variant when a year has several): the order the API
 * lists them in, so every choice offered exists (decision 132). Native selects
 * with visible labels: keyboard and screen-reader users get the browser's own
 * controls, and a phone opens its own picker.
 */
export function VehiclePicker({ submitLabel, onPick, initial, onCancel, busy = false }: VehiclePickerProps) {
  const id = useId();
  const [make, setMake] = useState(initial?.make ?? '');
  const [model, setModel] = useState(initial?.model ?? '');
  const [year, setYear] = useState<number | null>(initial?.year ?? null);
  const [variantId, setVariantId] = useState(initial?._id ?? '');
  const makes = useMakes();
  const models = useModels(make);
  const years = useYears(make, model);
  const list = useVehicleList(make, model, year);
  const vehicles = list.data ?? [];
  // The base model unless another variant was picked.
  const vehicle = vehicles.find((v) => v._id === variantId) ?? vehicles.find((v) => v.variant === null) ?? vehicles[0];

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (vehicle && !busy) void onPick(vehicle);
  }

  const select = 'select w-full';
  const label = 'mb-1 block text-xs font-semibold uppercase tracking-wider text-base-content/80';
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end" aria-label={t.chooseTitle}>
      <div className="sm:min-w-36 sm:flex-1">
        <label htmlFor={`${id}-make`} className={label}>
          {t.make}
        </label>
        <select
          id={`${id}-make`}
          className={select}
          value={make}
          disabled={!makes.data}
          onChange={(e) => {
            setMake(e.target.value);
            setModel('');
            setYear(null);
            setVariantId('');
          }}
        >
          <option value="">{makes.data ? t.chooseMake : makes.isError ? t.listFailed : t.loadingLists}</option>
          {makes.data?.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:min-w-36 sm:flex-1">
        <label htmlFor={`${id}-model`} className={label}>
          {t.model}
        </label>
        <select
          id={`${id}-model`}
          className={select}
          value={model}
          disabled={!make || !models.data}
          onChange={(e) => {
            setModel(e.target.value);
            setYear(null);
            setVariantId('');
          }}
        >
          <option value="">{make && !models.data ? t.loadingLists : t.chooseModel}</option>
          {models.data?.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:w-40">
        <label htmlFor={`${id}-year`} className={label}>
          {t.year}
        </label>
        <select
          id={`${id}-year`}
          className={select}
          value={year ?? ''}
          disabled={!model || !years.data}
          onChange={(e) => {
            setYear(e.target.value ? Number(e.target.value) : null);
            setVariantId('');
          }}
        >
          <option value="">{model && !years.data ? t.loadingLists : t.chooseYear}</option>
          {years.data?.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      {vehicles.length > 1 && (
        <div className="sm:min-w-36 sm:flex-1">
          <label htmlFor={`${id}-variant`} className={label}>
            {t.variant}
          </label>
          <select id={`${id}-variant`} className={select} value={vehicle?._id ?? ''} onChange={(e) => setVariantId(e.target.value)}>
            {vehicles.map((v) => (
              <option key={v._id} value={v._id}>
                {v.variant ?? t.baseModel}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary flex-1 sm:flex-none" disabled={!vehicle || busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
