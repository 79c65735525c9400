import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { priceListsCopy } from '@shop/shared/copy/price-lists';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES } from '@shop/shared/catalog';
import { MAX_PRICE_LIST_DISCOUNTS, priceListInputSchema, type PriceListDetail, type PriceListPatch } from '@shop/shared/schemas/price-list';
import { FormField, fieldAria, fieldErrorId } from '../../../components/ui/form-field';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { toastSuccess } from '../../../lib/toast';
import { adminCompaniesQueryOptions } from '../../companies/api/companies';
import { useCreatePriceList, useUpdatePriceList } from '../api/price-lists';
import { dayToInstant, instantToDay } from './price-list-parts';

const t = priceListsCopy;

type Kind = 'category' | 'brand';
interface DiscountDraft {
  key: number;
  kind: Kind;
  value: string;
  percentOff: string;
}
interface Values {
  name: string;
  startsAt: string;
  endsAt: string;
  companyIds: string[];
}

let nextKey = 1;
const blankDiscount = (): DiscountDraft => ({ key: nextKey++, kind: 'category', value: PRODUCT_CATEGORIES[0], percentOff: '' });
const empty: Values = { name: '', startsAt: '', endsAt: '', companyIds: [] };
const valuesOf = (list: PriceListDetail): Values => ({
  name: list.name,
  startsAt: instantToDay(list.startsAt),
  endsAt: instantToDay(list.endsAt, true),
  companyIds: list.companies.map((c) => c._id),
});
const discountsOf = (list: PriceListDetail): DiscountDraft[] =>
  list.discounts.map((d) => ({ key: nextKey++, kind: d.kind, value: d.value, percentOff: String(d.percentOff) }));

/**
 * "New price list" or a list's "Settings" (the shop's admin): name, the days it is valid (both optional), its
 * companies and its percentages off a category or a brand, checked with the API's own schema before it is sent.
 * Saving a list sends its companies and percentages whole (they replace the stored ones) and its days only when
 * they were changed, so a time set through the API is kept.
 */
export function AdminPriceListForm({ list }: { list?: PriceListDetail }) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => (list ? valuesOf(list) : empty));
  const [discounts, setDiscounts] = useState<DiscountDraft[]>(() => (list ? discountsOf(list) : []));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const companies = useQuery(adminCompaniesQueryOptions());
  const create = useCreatePriceList();
  const update = useUpdatePriceList();
  const pending = create.isPending || update.isPending;

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '', root: '' }));
  };
  const setDiscount = (i: number, patch: Partial<DiscountDraft>) => {
    setDiscounts((prev) => prev.map((d, j) => (j === i ? { ...d, ...patch } : d)));
    setErrors((e) => ({ ...e, [`discounts.${i}.value`]: '', [`discounts.${i}.percentOff`]: '', discounts: '', root: '' }));
  };
  const toggleCompany = (companyId: string, on: boolean) =>
    set('companyIds', on ? [...values.companyIds, companyId] : values.companyIds.filter((c) => c !== companyId));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name: values.name,
      startsAt: dayToInstant(values.startsAt),
      endsAt: dayToInstant(values.endsAt, true),
      companyIds: values.companyIds,
      discounts: discounts.map((d) => ({ kind: d.kind, value: d.value, percentOff: d.percentOff.trim() === '' ? undefined : d.percentOff })),
    };
    const parsed = priceListInputSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'discounts' && issue.path.length >= 3 ? issue.path.slice(0, 3).join('.') : String(issue.path[0] ?? 'root');
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    const input = parsed.data;
    const onError = (err: Error) => setErrors({ root: err.message });
    if (list) {
      const patch: PriceListPatch = { name: input.name, companyIds: input.companyIds, discounts: input.discounts };
      if (values.startsAt !== instantToDay(list.startsAt)) patch.startsAt = input.startsAt;
      if (values.endsAt !== instantToDay(list.endsAt, true)) patch.endsAt = input.endsAt;
      update.mutate({ id: list._id, patch }, { onSuccess: (saved) => toastSuccess(t.saved(saved.name)), onError });
    } else {
      create.mutate(input, {
        onSuccess: (saved) => {
          toastSuccess(t.created(saved.name));
          setValues(empty);
          setDiscounts([]);
        },
        onError,
      });
    }
  };

  const fid = (f: string) => `${id}-${f}`;
  const dateField = (f: 'startsAt' | 'endsAt', label: string, hint: string) => (
    <FormField id={fid(f)} label={label} hint={hint} error={errors[f]}>
      <input
        id={fid(f)}
        type="date"
        className="input w-full aria-invalid:border-error"
        value={values[f]}
        onChange={(e) => set(f, e.target.value)}
        {...fieldAria(fid(f), { error: errors[f], hint: true })}
      />
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 items-start gap-4 sm:grid-cols-2">
      <FormField id={fid('name')} label={t.name} error={errors.name} className="sm:col-span-2">
        <input
          id={fid('name')}
          className="input w-full aria-invalid:border-error"
          maxLength={120}
          autoComplete="off"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          {...fieldAria(fid('name'), { error: errors.name })}
        />
      </FormField>
      {dateField('startsAt', t.startsAt, t.startsAtHint)}
      {dateField('endsAt', t.endsAt, t.endsAtHint)}

      <fieldset
        className="flex min-w-0 flex-col gap-2 rounded-box border border-base-300 p-4 sm:col-span-2"
        aria-describedby={`${fid('companies')}-hint${errors.companyIds ? ` ${fieldErrorId(fid('companies'))}` : ''}`}
      >
        <legend className="px-1 font-semibold">{t.companiesTitle}</legend>
        <p id={`${fid('companies')}-hint`} className="text-xs text-base-content/75">
          {t.companiesHint}
        </p>
        {companies.isPending ? (
          <div role="status">
            <span className="sr-only">{t.companiesLoading}</span>
            <Skeleton className="h-20 w-full" />
          </div>
        ) : companies.isError ? (
          <LoadError message={companies.error.message} onRetry={() => void companies.refetch()} />
        ) : companies.data.length === 0 ? (
          <p className="text-sm">
            <Link to={paths.companiesAdmin} className="link">
              {t.companiesEmpty}
            </Link>
          </p>
        ) : (
          <ul className="grid max-h-64 gap-1 overflow-y-auto sm:grid-cols-2">
            {companies.data.map((c) => (
              <li key={c._id} className="min-w-0">
                <label className="flex min-h-10 cursor-pointer items-center gap-3">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    checked={values.companyIds.includes(c._id)}
                    onChange={(e) => toggleCompany(c._id, e.target.checked)}
                  />
                  <span className="min-w-0 wrap-anywhere">{c.name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {errors.companyIds && (
          <p id={fieldErrorId(fid('companies'))} role="alert" className="text-sm font-medium text-error">
            {errors.companyIds}
          </p>
        )}
      </fieldset>

      <div className="flex min-w-0 flex-col gap-3 sm:col-span-2">
        <h4 className="font-bold">{t.discountsTitle}</h4>
        <p className="text-sm text-base-content/80">{t.discountsHint}</p>
        {discounts.length === 0 && <p className="text-sm text-base-content/80">{t.discountsNone}</p>}
        {discounts.map((d, i) => (
          <DiscountRow
            key={d.key}
            id={`${id}-discount-${d.key}`}
            index={i}
            discount={d}
            errors={errors}
            onChange={(patch) => setDiscount(i, patch)}
            onRemove={() => {
              setDiscounts((prev) => prev.filter((_, j) => j !== i));
              setErrors({});
            }}
          />
        ))}
        {errors.discounts && (
          <p role="alert" className="text-sm text-error">
            {errors.discounts}
          </p>
        )}
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          disabled={discounts.length >= MAX_PRICE_LIST_DISCOUNTS}
          onClick={() => setDiscounts((prev) => [...prev, blankDiscount()])}
        >
          {t.addDiscount}
        </button>
      </div>

      {errors.root && (
        <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error wrap-anywhere sm:col-span-2">
          {errors.root}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="btn btn-primary min-w-40" disabled={pending} aria-busy={pending}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {list ? (pending ? t.saving : t.save) : pending ? t.creating : t.create}
        </button>
      </div>
    </form>
  );
}

interface DiscountRowProps {
  id: string;
  index: number;
  discount: DiscountDraft;
  errors: Record<string, string>;
  onChange(patch: Partial<DiscountDraft>): void;
  onRemove(): void;
}

/** One percentage off: a category (chosen from the catalogue's) or a brand (as written), and how much. */
function DiscountRow({ id, index, discount: d, errors, onChange, onRemove }: DiscountRowProps) {
  const n = index + 1;
  const err = (field: 'kind' | 'value' | 'percentOff') => errors[`discounts.${index}.${field}`] || undefined;
  const fid = (field: string) => `${id}-${field}`;
  const label = (visible: string, spoken: string) => (
    <>
      <span aria-hidden="true">{visible}</span>
      <span className="sr-only">{spoken}</span>
    </>
  );
  return (
    <fieldset className="grid min-w-0 items-start gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-2 xl:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_minmax(0,8rem)_auto]">
      <legend className="px-1 text-sm font-semibold">{t.discountLegend(n)}</legend>
      <FormField id={fid('kind')} label={label(t.discountKind, t.discountKindLabel(n))} error={err('kind')}>
        <select
          id={fid('kind')}
          className="select select-sm w-full"
          value={d.kind}
          onChange={(e) => {
            const kind = e.target.value as Kind;
            onChange({ kind, value: kind === 'category' ? PRODUCT_CATEGORIES[0] : '' });
          }}
          {...fieldAria(fid('kind'), { error: err('kind') })}
        >
          <option value="category">{t.kindCategory}</option>
          <option value="brand">{t.kindBrand}</option>
        </select>
      </FormField>
      <FormField id={fid('value')} label={label(d.kind === 'category' ? t.kindCategory : t.kindBrand, t.discountValueLabel(n, d.kind))} error={err('value')}>
        {d.kind === 'category' ? (
          <select
            id={fid('value')}
            className="select select-sm w-full aria-invalid:border-error"
            value={d.value}
            onChange={(e) => onChange({ value: e.target.value })}
            {...fieldAria(fid('value'), { error: err('value') })}
          >
            {PRODUCT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={fid('value')}
            className="input input-sm w-full aria-invalid:border-error"
            maxLength={100}
            autoComplete="off"
            value={d.value}
            onChange={(e) => onChange({ value: e.target.value })}
            {...fieldAria(fid('value'), { error: err('value') })}
          />
        )}
      </FormField>
      <FormField id={fid('percentOff')} label={label(t.discountPercent, t.discountPercentLabel(n))} error={err('percentOff')}>
        <input
          id={fid('percentOff')}
          type="number"
          inputMode="decimal"
          min={0.01}
          max={99.99}
          step={0.01}
          className="input input-sm w-full tabular-nums aria-invalid:border-error"
          value={d.percentOff}
          onChange={(e) => onChange({ percentOff: e.target.value })}
          {...fieldAria(fid('percentOff'), { error: err('percentOff') })}
        />
      </FormField>
      <div className="sm:pt-6">
        <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onRemove}>
          {t.removeDiscount(n)}
        </button>
      </div>
    </fieldset>
  );
}
