import { shippingAdminCopy } from '@shop/shared/copy/shipping-admin';
import { fieldErrorId } from '../../../components/ui/form-field';
import { emptyBand, type BandRow, type FormErrors, type WeightUnit } from '../shipping-form';

const t = shippingAdminCopy;

/**
 * The weight bands of a shipping method: one row per band, "Up to" a weight in kg or g and its price in dollars,
 * rows added and removed by buttons (at least one stays). The form turns the rows into grams (shipping-form.ts).
 */
export function BandsEditor({ id, bands, onChange, errors }: { id: string; bands: BandRow[]; onChange(bands: BandRow[]): void; errors: FormErrors }) {
  const set = (i: number, patch: Partial<BandRow>) => onChange(bands.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  const listError = errors.bands;
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-box border border-base-300 p-3 sm:p-4"
      aria-describedby={`${id}-hint${listError ? ` ${fieldErrorId(id)}` : ''}`}
    >
      <legend className="px-1 text-sm font-semibold">{t.bandsTitle}</legend>
      <p id={`${id}-hint`} className="text-xs text-base-content/75">
        {t.bandsHint}
      </p>
      <ol className="flex flex-col gap-3">
        {bands.map((band, i) => {
          const rowId = `${id}-${band.key}`;
          const weightError = errors[`bands.${i}.weight`];
          const priceError = errors[`bands.${i}.price`];
          return (
            <li key={band.key}>
              <fieldset className="grid grid-cols-[minmax(0,1fr)_5.5rem] items-start gap-x-3 gap-y-2 rounded-field bg-base-200 p-3 sm:grid-cols-[minmax(0,1fr)_5.5rem_minmax(0,1fr)_auto]">
                <legend className="sr-only">{t.bandLegend(i + 1)}</legend>
                <div className="flex flex-col gap-1">
                  <label htmlFor={`${rowId}-weight`} className="text-xs font-semibold">
                    {t.upTo}
                  </label>
                  <input
                    id={`${rowId}-weight`}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    className="input input-sm w-full tabular-nums aria-invalid:border-error"
                    value={band.weight}
                    onChange={(e) => set(i, { weight: e.target.value })}
                    aria-invalid={weightError ? true : undefined}
                    aria-describedby={weightError ? fieldErrorId(`${rowId}-weight`) : undefined}
                  />
                </div>
                <div className="flex flex-col gap-1">
                  <label htmlFor={`${rowId}-unit`} className="text-xs font-semibold">
                    {t.unit}
                  </label>
                  <select
                    id={`${rowId}-unit`}
                    className="select select-sm w-full"
                    value={band.unit}
                    onChange={(e) => set(i, { unit: e.target.value as WeightUnit })}
                  >
                    <option value="kg">{t.kg}</option>
                    <option value="g">{t.g}</option>
                  </select>
                </div>
                <div className="flex flex-col gap-1">
                  <label htmlFor={`${rowId}-price`} className="text-xs font-semibold">
                    {t.price}
                  </label>
                  <input
                    id={`${rowId}-price`}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="0.01"
                    className="input input-sm w-full tabular-nums aria-invalid:border-error"
                    value={band.price}
                    onChange={(e) => set(i, { price: e.target.value })}
                    aria-invalid={priceError ? true : undefined}
                    aria-describedby={priceError ? fieldErrorId(`${rowId}-price`) : undefined}
                  />
                </div>
                <div className="flex items-end self-stretch">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm text-error"
                    onClick={() => onChange(bands.filter((_, j) => j !== i))}
                    disabled={bands.length === 1}
                    aria-label={t.removeBand(i + 1)}
                  >
                    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" className="fill-current">
                      <path d="M8 2h4a1 1 0 011 1v1h4a1 1 0 110 2h-1l-1 11a2 2 0 01-2 2H7a2 2 0 01-2-2L4 6H3a1 1 0 010-2h4V3a1 1 0 011-1zm-2 4l1 11h6l1-11H6z" />
                    </svg>
                    <span aria-hidden="true">{t.removeShort}</span>
                  </button>
                </div>
                {(weightError || priceError) && (
                  <div className="col-span-full flex flex-col gap-1">
                    {weightError && (
                      <p id={fieldErrorId(`${rowId}-weight`)} role="alert" className="text-sm font-medium text-error">
                        {weightError}
                      </p>
                    )}
                    {priceError && (
                      <p id={fieldErrorId(`${rowId}-price`)} role="alert" className="text-sm font-medium text-error">
                        {priceError}
                      </p>
                    )}
                  </div>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {listError && (
        <p id={fieldErrorId(id)} role="alert" className="text-sm font-medium text-error">
          {listError}
        </p>
      )}
      <div>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => onChange([...bands, emptyBand(bands.at(-1)?.unit)])}
          disabled={bands.length >= 20}
        >
          <span aria-hidden="true">+</span> {t.addBand}
        </button>
      </div>
    </fieldset>
  );
}
