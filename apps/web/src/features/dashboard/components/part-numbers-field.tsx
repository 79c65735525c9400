import { useId } from 'react';
import { partNumbersCopy } from '@shop/shared/copy/part-numbers';
import { MAX_PART_NUMBERS, PART_NUMBER_KINDS, partNumberKindLabel, type PartNumber, type PartNumberKind } from '@shop/shared/part-numbers';
import { fieldAria, fieldErrorId } from '../../../components/ui/form-field';

const t = partNumbersCopy;

/** A row as the form holds it (checked with partNumberListSchema on submit). */
export type PartNumberRow = PartNumber;

/** A new row: the most common kind first, an OEM number it replaces. */
export const emptyPartNumberRow = (): PartNumberRow => ({ kind: 'replaces', brand: '', number: '' });

interface PartNumbersFieldProps {
  value: PartNumberRow[];
  onChange(next: PartNumberRow[]): void;
  /** The message of one box (row i), if any. */
  rowError(i: number, box: keyof PartNumberRow): string | undefined;
  /** A message about the whole list (too many). */
  error?: string;
}

/**
 * Issue #26 item 4 (decision 166): the product form's other part numbers. Each
 * row is "this part replaces / is the same as / supersedes Maker Number"; rows
 * can be added (up to MAX_PART_NUMBERS) and removed. The whole list is sent.
 */
export function PartNumbersField({ value, onChange, rowError, error }: PartNumbersFieldProps) {
  const id = useId();
  const set = <K extends keyof PartNumberRow>(i: number, box: K, next: PartNumberRow[K]) =>
    onChange(value.map((row, j) => (j === i ? { ...row, [box]: next } : row)));
  return (
    <fieldset className="rounded-box border border-base-300 p-4" aria-describedby={`${id}-hint${error ? ` ${fieldErrorId(id)}` : ''}`}>
      <legend className="px-1 text-sm font-semibold">{t.formTitle}</legend>
      <p id={`${id}-hint`} className="text-xs text-base-content/75">
        {t.formHint}
      </p>
      {value.length === 0 ? (
        <p className="mt-3 text-sm text-base-content/80">{t.none}</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-3">
          {value.map((row, i) => {
            const n = i + 1;
            const kId = `${id}-k-${i}`;
            const bId = `${id}-b-${i}`;
            const nId = `${id}-n-${i}`;
            const kError = rowError(i, 'kind');
            const bError = rowError(i, 'brand');
            const nError = rowError(i, 'number');
            return (
              <li
                key={i}
                className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-2 border-base-300 not-first:border-t not-first:pt-3 sm:grid-cols-[minmax(0,9rem)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:not-first:border-t-0 sm:not-first:pt-0"
              >
                <div className="flex flex-col gap-1">
                  <label htmlFor={kId} className="text-xs font-semibold">
                    <span aria-hidden="true">{t.kind}</span>
                    <span className="sr-only">{t.kindLabel(n)}</span>
                  </label>
                  <select
                    id={kId}
                    className="select select-sm w-full aria-invalid:border-error"
                    value={row.kind}
                    onChange={(e) => set(i, 'kind', e.target.value as PartNumberKind)}
                    {...fieldAria(kId, { error: kError })}
                  >
                    {PART_NUMBER_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {partNumberKindLabel(k)}
                      </option>
                    ))}
                  </select>
                  {kError && (
                    <p id={fieldErrorId(kId)} role="alert" className="text-xs font-medium text-error">
                      {kError}
                    </p>
                  )}
                </div>
                <div className="flex flex-col gap-1">
                  <label htmlFor={bId} className="text-xs font-semibold">
                    <span aria-hidden="true">{t.maker}</span>
                    <span className="sr-only">{t.makerLabel(n)}</span>
                  </label>
                  <input
                    id={bId}
                    className="input input-sm w-full aria-invalid:border-error"
                    maxLength={60}
                    autoComplete="off"
                    value={row.brand}
                    onChange={(e) => set(i, 'brand', e.target.value)}
                    {...fieldAria(bId, { error: bError })}
                  />
                  {bError && (
                    <p id={fieldErrorId(bId)} role="alert" className="text-xs font-medium text-error">
                      {bError}
                    </p>
                  )}
                </div>
                {/* On a phone the number takes the second line, under kind and maker; the remove button stays at the row's end. */}
                <div className="col-span-2 row-start-2 flex flex-col gap-1 sm:col-span-1 sm:col-start-3 sm:row-start-1">
                  <label htmlFor={nId} className="text-xs font-semibold">
                    <span aria-hidden="true">{t.number}</span>
                    <span className="sr-only">{t.numberLabel(n)}</span>
                  </label>
                  <input
                    id={nId}
                    className="input input-sm w-full font-mono aria-invalid:border-error"
                    maxLength={40}
                    autoComplete="off"
                    spellCheck={false}
                    value={row.number}
                    onChange={(e) => set(i, 'number', e.target.value)}
                    {...fieldAria(nId, { error: nError })}
                  />
                  {nError && (
                    <p id={fieldErrorId(nId)} role="alert" className="text-xs font-medium text-error">
                      {nError}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  className="btn btn-sm btn-ghost col-start-3 row-start-1 mt-5 text-error sm:col-start-4"
                  aria-label={t.remove(n)}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {error && (
        <p id={fieldErrorId(id)} role="alert" className="mt-2 text-sm font-medium text-error">
          {error}
        </p>
      )}
      <button
        type="button"
        className="btn btn-sm btn-outline mt-3"
        disabled={value.length >= MAX_PART_NUMBERS}
        onClick={() => onChange([...value, emptyPartNumberRow()])}
      >
        {t.add}
      </button>
    </fieldset>
  );
}
