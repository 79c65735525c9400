import { useId, useState, type FormEvent } from 'react';
import { garageCopy } from '@shop/shared/copy/garage';
import type { Vehicle } from '@shop/shared/schemas/vehicle';
import { useAllYears, useMakesOfYear, useModelsOfYear, useVehicleList } from '../api/vehicles';

const t = garageCopy;

interface VehiclePickerProps {
  submitLabel: string;
  onPick(vehicle: Vehicle): void | Promise<void>;
  /** Start from this vehicle's make, model and year ("Change bike"). */
  initial?: Vehicle | null;
  onCancel?(): void;
  busy?: boolean;
}

/**
 * Year → make → model (→ variant when a year has several), as riders name
 * their bike and as issue #11 asks. The API lists the makes of a year and the
 * models of a make in that year, so every choice offered exists (decision 132).
 * Each select opens once the one before it has a value; changing one clears
 * the ones after it. Native selects with visible labels: keyboard and
 * screen-reader users get the browser's own controls, and a phone opens its
 * own picker.
 */
export function VehiclePicker({ submitLabel, onPick, initial, onCancel, busy = false }: VehiclePickerProps) {
  const id = useId();
  const [year, setYear] = useState<number | null>(initial?.year ?? null);
  const [make, setMake] = useState(initial?.make ?? '');
  const [model, setModel] = useState(initial?.model ?? '');
  const [variantId, setVariantId] = useState(initial?._id ?? '');
  const years = useAllYears();
  const makes = useMakesOfYear(year);
  const models = useModelsOfYear(make, year);
  const list = useVehicleList(make, model, year);
  const vehicles = list.data ?? [];
  // The base model unless another variant was picked.
  const vehicle = vehicles.find((v) => v._id === variantId) ?? vehicles.find((v) => v.variant === null) ?? vehicles[0];

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (vehicle && !busy) void onPick(vehicle);
  }

  /** The first option: the prompt, or why there is nothing to choose yet. */
  const prompt = (asked: boolean, q: { data?: unknown; isError: boolean }, choose: string) =>
    !asked || q.data ? choose : q.isError ? t.listFailed : t.loadingLists;
  const select = 'select w-full';
  const label = 'mb-1 block text-xs font-semibold uppercase tracking-wider text-base-content/80';
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end" aria-label={t.chooseTitle}>
      <div className="sm:grow sm:basis-40">
        <label htmlFor={`${id}-year`} className={label}>
          {t.year}
        </label>
        <select
          id={`${id}-year`}
          className={select}
          value={year ?? ''}
          disabled={!years.data}
          onChange={(e) => {
            setYear(e.target.value ? Number(e.target.value) : null);
            setMake('');
            setModel('');
            setVariantId('');
          }}
        >
          <option value="">{prompt(true, years, t.chooseYear)}</option>
          {years.data?.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:grow-2 sm:basis-40">
        <label htmlFor={`${id}-make`} className={label}>
          {t.make}
        </label>
        <select
          id={`${id}-make`}
          className={select}
          value={make}
          disabled={year === null || !makes.data}
          onChange={(e) => {
            setMake(e.target.value);
            setModel('');
            setVariantId('');
          }}
        >
          <option value="">{prompt(year !== null, makes, t.chooseMake)}</option>
          {makes.data?.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:grow-2 sm:basis-40">
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
            setVariantId('');
          }}
        >
          <option value="">{prompt(make !== '', models, t.chooseModel)}</option>
          {models.data?.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      {vehicles.length > 1 && (
        <div className="sm:grow-2 sm:basis-40">
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
