import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fitmentCopy } from '@shop/shared/copy/fitment';
import {
  FITMENT_NOTES_MAX,
  FITMENT_PER_VEHICLE_MAX,
  VEHICLE_YEAR_MAX,
  VEHICLE_YEAR_MIN,
  applicationDetails,
  vehicleMakeSchema,
  vehicleModelSchema,
  type Fitment,
} from '@shop/shared/schemas/vehicle';
import { Combobox } from '../../../components/ui/combobox';
import { FormField, fieldAria, fieldErrorId } from '../../../components/ui/form-field';
import { vehicleMakesQueryOptions, vehicleModelsQueryOptions, vehicleYearsQueryOptions, yearRanges } from '../api/vehicle-lists';

const t = fitmentCopy;

export interface FitmentEditorProps {
  universal: boolean;
  onUniversalChange(universal: boolean): void;
  /** The product's fitment lines. */
  value: readonly Fitment[];
  onChange(fitment: Fitment[]): void;
}

type Errors = Partial<Record<'make' | 'model' | 'yearFrom' | 'yearTo' | 'perVehicle' | 'notes' | 'line', string>>;

/** The positions offered, in the shop's words (`normalizePosition`'s order); '' is none given. */
export const POSITION_OPTIONS = ['front', 'rear', 'left', 'right', 'upper', 'lower', 'front left', 'front right', 'rear left', 'rear right'] as const;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const yearSpan = (f: Fitment) => (f.yearFrom === f.yearTo ? String(f.yearFrom) : `${f.yearFrom}–${f.yearTo}`);

/**
 * "Honda CBR600RR 2003–2016" (one year alone when the line covers one); the variant after the model and the position
 * after the years where the line has them ("Yamaha MT-09 SP 2021–2023 (rear)"): what tells two lines apart.
 */
export const fitmentLabel = (f: Fitment) => `${f.make} ${f.model}${f.variant ? ` ${f.variant}` : ''} ${yearSpan(f)}${f.position ? ` (${f.position})` : ''}`;

/** One application per bike, span and position: a front and a rear line for one bike are two lines (issue #35 item 1). */
const sameApplication = (a: Fitment, b: Fitment) =>
  a.make === b.make &&
  a.model === b.model &&
  a.yearFrom === b.yearFrom &&
  a.yearTo === b.yearTo &&
  (a.variant ?? '') === (b.variant ?? '') &&
  (a.position ?? '') === (b.position ?? '');

/** The server's order: make, model, first year (decision 130); then the position (none first). */
const byMakeModelYear = (a: Fitment, b: Fitment) =>
  a.make.localeCompare(b.make) || a.model.localeCompare(b.model) || a.yearFrom - b.yearFrom || (a.position ?? '').localeCompare(b.position ?? '');

function perVehicleError(text: string): string | undefined {
  if (!text.trim()) return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= FITMENT_PER_VEHICLE_MAX ? undefined : t.perVehicleRange(FITMENT_PER_VEHICLE_MAX);
}

/** The listed spelling of a typed name (fitment matches the exact text), or the text as typed. */
const listedName = (typed: string, listed: readonly string[] | undefined) => {
  const text = typed.trim();
  return listed?.find((o) => o.toLowerCase() === text.toLowerCase()) ?? text;
};

function yearError(text: string, label: string): string | undefined {
  if (!text.trim()) return `${label} is Required`;
  const n = Number(text);
  if (!Number.isInteger(n)) return `${label} must be a whole year`;
  if (n < VEHICLE_YEAR_MIN) return `${label} must be ${VEHICLE_YEAR_MIN} or later`;
  if (n > VEHICLE_YEAR_MAX) return `${label} must be ${VEHICLE_YEAR_MAX} or earlier`;
  return undefined;
}

/**
 * Issue #11 (decision 133): the product form's fitment. A universal checkbox,
 * the lines as a list with Remove, and a row to add one: make and model by
 * typeahead over the listed vehicles, the years defaulting to the model's
 * listed years. The product form saves it with the product.
 * Issue #35 item 1 (decision 192): a line may also say where the part goes (a position picked from a list), how
 * many a bike takes and notes; those stay filled in after a line is added, as the make does, since a part usually
 * goes in the same place on every bike it fits.
 */
export function FitmentEditor({ universal, onUniversalChange, value, onChange }: FitmentEditorProps) {
  const id = useId();
  const modelInput = useRef<HTMLDivElement>(null);
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const [yearFrom, setYearFrom] = useState('');
  const [yearTo, setYearTo] = useState('');
  const [position, setPosition] = useState('');
  const [perVehicle, setPerVehicle] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const makes = useQuery(vehicleMakesQueryOptions());
  const makeName = listedName(make, makes.data);
  const makeListed = makes.data?.includes(makeName) ?? false;
  const models = useQuery({ ...vehicleModelsQueryOptions(makeName), enabled: makeListed });
  const modelName = listedName(model, models.data);
  const modelListed = makeListed && (models.data?.includes(modelName) ?? false);
  const years = useQuery({ ...vehicleYearsQueryOptions(makeName, modelName), enabled: modelListed });

  // A newly chosen listed model fills in its listed years once; the admin may then narrow them.
  const [yearsFor, setYearsFor] = useState('');
  const pair = `${makeName}\u0000${modelName}`;
  if (modelListed && years.data && years.data.length > 0 && yearsFor !== pair) {
    setYearsFor(pair);
    setYearFrom(String(Math.min(...years.data)));
    setYearTo(String(Math.max(...years.data)));
  }

  const add = () => {
    const next: Errors = {};
    const m = vehicleMakeSchema.safeParse(make);
    if (!m.success) next.make = m.error.issues[0].message;
    const md = vehicleModelSchema.safeParse(model);
    if (!md.success) next.model = md.error.issues[0].message;
    next.yearFrom = yearError(yearFrom, t.yearFrom);
    next.yearTo = yearError(yearTo, t.yearTo);
    if (!next.yearFrom && !next.yearTo && Number(yearFrom) > Number(yearTo)) next.yearTo = `${t.yearTo} must not be before ${t.yearFrom.toLowerCase()}`;
    next.perVehicle = perVehicleError(perVehicle);
    if (notes.trim().length > FITMENT_NOTES_MAX) next.notes = t.notesTooLong(FITMENT_NOTES_MAX);
    if (Object.values(next).some(Boolean)) {
      setErrors(next);
      return;
    }
    // Empty details are left out (not undefined), as the API answers: a line removed and added back is no change.
    const line: Fitment = {
      make: makeName,
      model: modelName,
      yearFrom: Number(yearFrom),
      yearTo: Number(yearTo),
      ...(position ? { position } : {}),
      ...(perVehicle.trim() ? { perVehicle: Number(perVehicle) } : {}),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
    };
    if (value.some((f) => sameApplication(f, line))) {
      setErrors({ line: t.duplicate });
      return;
    }
    onChange([...value, line].sort(byMakeModelYear));
    setErrors({});
    // Keep the make: several models of one make are common. The next model starts empty. The position, per bike and
    // notes stay too: a part usually goes in the same place on every bike it fits.
    setModel('');
    setYearFrom('');
    setYearTo('');
    setYearsFor('');
    modelInput.current?.querySelector('input')?.focus();
  };

  // Enter in the row adds the line instead of submitting the product form (a combobox pick keeps Enter for itself).
  const onRowKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && !e.defaultPrevented && e.target instanceof HTMLInputElement) {
      e.preventDefault();
      add();
    }
  };

  const ids = {
    make: `${id}-make`,
    model: `${id}-model`,
    yearFrom: `${id}-year-from`,
    yearTo: `${id}-year-to`,
    universal: `${id}-universal`,
    yearsHint: `${id}-years-hint`,
    position: `${id}-position`,
    perVehicle: `${id}-per-vehicle`,
    notes: `${id}-notes`,
  };
  const describe = (fieldId: string, error?: string) =>
    [yearsHint ? ids.yearsHint : null, error ? fieldErrorId(fieldId) : null].filter(Boolean).join(' ') || undefined;
  const yearsHint =
    modelListed && years.data?.length
      ? t.listedYears(yearRanges(years.data))
      : model.trim() && ((makes.isSuccess && !makeListed) || (models.isSuccess && !modelListed))
        ? t.notListed
        : undefined;

  return (
    <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
      <legend className="px-1 font-display text-lg font-bold uppercase tracking-wide">{t.legend}</legend>
      <p className="-mt-2 text-sm text-base-content/80">{t.intro}</p>

      <div className="flex flex-col gap-1">
        <label htmlFor={ids.universal} className="flex cursor-pointer items-center gap-3 font-semibold">
          <input
            id={ids.universal}
            type="checkbox"
            className="checkbox checkbox-primary"
            checked={universal}
            onChange={(e) => onUniversalChange(e.target.checked)}
            aria-describedby={universal ? `${ids.universal}-hint` : undefined}
          />
          {t.universal}
        </label>
        {universal && (
          <p id={`${ids.universal}-hint`} className="text-xs text-base-content/75">
            {t.universalHint}
          </p>
        )}
      </div>

      {value.length === 0 ? (
        <p className="text-sm text-base-content/75">{t.empty}</p>
      ) : (
        <ul aria-label={t.listLabel} className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300">
          {value.map((f) => {
            const label = fitmentLabel(f);
            const details = applicationDetails(f);
            return (
              <li key={`${label}\u0000${details}`} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0 break-words font-medium">
                  {f.variant ? `${f.make} ${f.model} ${f.variant}` : `${f.make} ${f.model}`}{' '}
                  <span className="tabular-nums text-base-content/80">{yearSpan(f)}</span>
                  {/* On a phone the details go under the bike (the " · " is for screen readers there), beside it when there is room. */}
                  {details ? (
                    <span className="block text-sm font-normal text-base-content/80 sm:inline sm:text-base">
                      <span className="max-sm:sr-only"> · </span>
                      {details}
                    </span>
                  ) : null}
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm shrink-0 text-error"
                  aria-label={t.remove(label)}
                  onClick={() => onChange(value.filter((other) => other !== f))}
                >
                  {t.removeButton}
                </button>
              </li>
            );
          })}
        </ul>
      )}

      <div className="flex flex-col gap-3" onKeyDown={onRowKeyDown}>
        <div className="grid grid-cols-2 items-start gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_7rem_7rem]">
          <FormField id={ids.make} label={t.make} error={errors.make} className="col-span-2 sm:col-span-1">
            <Combobox
              id={ids.make}
              value={make}
              onChange={(next) => {
                setMake(next);
                setErrors((e) => ({ ...e, make: undefined, line: undefined }));
              }}
              options={makes.data ?? []}
              listLabel={t.options(t.make)}
              noOptions={t.noOptions}
              maxLength={60}
              {...fieldAria(ids.make, { error: errors.make })}
            />
          </FormField>
          <div ref={modelInput} className="col-span-2 sm:col-span-1">
            <FormField id={ids.model} label={t.model} error={errors.model}>
              <Combobox
                id={ids.model}
                value={model}
                onChange={(next) => {
                  setModel(next);
                  setErrors((e) => ({ ...e, model: undefined, line: undefined }));
                }}
                options={makeListed ? (models.data ?? []) : []}
                listLabel={t.options(t.model)}
                noOptions={make.trim() ? t.noOptions : t.pickMakeFirst}
                maxLength={80}
                {...fieldAria(ids.model, { error: errors.model })}
              />
            </FormField>
          </div>
          <FormField id={ids.yearFrom} label={t.yearFrom} error={errors.yearFrom}>
            <input
              id={ids.yearFrom}
              type="number"
              inputMode="numeric"
              min={VEHICLE_YEAR_MIN}
              max={VEHICLE_YEAR_MAX}
              step={1}
              className="input w-full tabular-nums aria-invalid:border-error"
              value={yearFrom}
              onChange={(e) => {
                setYearFrom(e.target.value);
                setErrors((er) => ({ ...er, yearFrom: undefined, line: undefined }));
              }}
              aria-invalid={errors.yearFrom ? true : undefined}
              aria-describedby={describe(ids.yearFrom, errors.yearFrom)}
            />
          </FormField>
          <FormField id={ids.yearTo} label={t.yearTo} error={errors.yearTo}>
            <input
              id={ids.yearTo}
              type="number"
              inputMode="numeric"
              min={VEHICLE_YEAR_MIN}
              max={VEHICLE_YEAR_MAX}
              step={1}
              className="input w-full tabular-nums aria-invalid:border-error"
              value={yearTo}
              onChange={(e) => {
                setYearTo(e.target.value);
                setErrors((er) => ({ ...er, yearTo: undefined, line: undefined }));
              }}
              aria-invalid={errors.yearTo ? true : undefined}
              aria-describedby={describe(ids.yearTo, errors.yearTo)}
            />
          </FormField>
        </div>
        <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[minmax(0,12rem)_8rem_minmax(0,1fr)]">
          <FormField id={ids.position} label={t.position}>
            <select
              id={ids.position}
              className="select w-full"
              value={position}
              onChange={(e) => {
                setPosition(e.target.value);
                setErrors((er) => ({ ...er, line: undefined }));
              }}
            >
              <option value="">{t.positionAny}</option>
              {POSITION_OPTIONS.map((p) => (
                <option key={p} value={p}>
                  {capitalized(p)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={ids.perVehicle} label={t.perVehicle} error={errors.perVehicle}>
            <input
              id={ids.perVehicle}
              type="number"
              inputMode="numeric"
              min={1}
              max={FITMENT_PER_VEHICLE_MAX}
              step={1}
              className="input w-full tabular-nums aria-invalid:border-error"
              value={perVehicle}
              onChange={(e) => {
                setPerVehicle(e.target.value);
                setErrors((er) => ({ ...er, perVehicle: undefined }));
              }}
              {...fieldAria(ids.perVehicle, { error: errors.perVehicle })}
            />
          </FormField>
          <FormField id={ids.notes} label={t.notes} hint={t.notesHint} error={errors.notes} className="col-span-2 sm:col-span-1">
            <input
              id={ids.notes}
              type="text"
              className="input w-full aria-invalid:border-error"
              maxLength={FITMENT_NOTES_MAX}
              value={notes}
              onChange={(e) => {
                setNotes(e.target.value);
                setErrors((er) => ({ ...er, notes: undefined }));
              }}
              {...fieldAria(ids.notes, { error: errors.notes, hint: true })}
            />
          </FormField>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn btn-outline btn-primary" onClick={add}>
          {t.add}
        </button>
        {yearsHint && (
          // Describes both year boxes.
          <p id={ids.yearsHint} className="text-sm text-base-content/80">
            {yearsHint}
          </p>
        )}
        {errors.line && (
          <p role="alert" className="text-sm font-medium text-error">
            {errors.line}
          </p>
        )}
      </div>
    </fieldset>
  );
}
