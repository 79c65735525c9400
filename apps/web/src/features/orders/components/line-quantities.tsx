import { fieldAria } from '../../../components/ui/form-field';

export interface QuantityLine {
  id: string;
  name: string;
  /** The most units this line takes; 0 disables it. */
  max: number;
  /** Under the name: how many are left, ordered, … */
  hint: string;
}

interface LineQuantitiesProps {
  idPrefix: string;
  legend: string;
  lines: QuantityLine[];
  values: Record<string, string>;
  onChange(id: string, value: string): void;
  /** The input's accessible name for a line ("Units of … to refund"). */
  label(name: string): string;
  errors?: Record<string, string>;
  /** A message for the whole list ("choose at least one part"). */
  error?: string;
}

/**
 * Units per order line, for the order dialogs that pick some of an order's
 * units: shipping a parcel (decision 157), refunding (162) and returning (163).
 */
export function LineQuantities({ idPrefix, legend, lines, values, onChange, label, errors, error }: LineQuantitiesProps) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300">
        {lines.map((l) => {
          const inputId = `${idPrefix}-q-${l.id}`;
          const lineError = errors?.[l.id];
          return (
            <li key={l.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{l.name}</p>
                <p className="text-xs text-base-content/75">{l.hint}</p>
                {lineError && (
                  <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-error">
                    {lineError}
                  </p>
                )}
              </div>
              <label htmlFor={inputId} className="sr-only">
                {label(l.name)}
              </label>
              <input
                id={inputId}
                type="number"
                inputMode="numeric"
                min={0}
                max={l.max}
                step={1}
                disabled={l.max === 0}
                placeholder="0"
                value={l.max === 0 ? '0' : (values[l.id] ?? '')}
                onChange={(e) => onChange(l.id, e.currentTarget.value)}
                className={`input input-bordered input-sm w-24 text-right tabular-nums ${lineError ? 'input-error' : ''}`}
                {...fieldAria(inputId, { error: lineError })}
              />
            </li>
          );
        })}
      </ul>
      {error && (
        <p role="alert" className="text-sm font-medium text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
