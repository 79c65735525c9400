import { useId, useState, type FormEvent } from 'react';
import { jobBasketsCopy } from '@shop/shared/copy/job-baskets';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES } from '@shop/shared/catalog';
import { JOB_TEMPLATE_SLOTS_MAX } from '@shop/shared/job-baskets';
import { createJobTemplateSchema, updateJobTemplateSchema, type AdminJobTemplate, type CreateJobTemplate } from '@shop/shared/schemas/job-basket';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { toastSuccess } from '../../../lib/toast';
import { useCreateJobTemplate, useUpdateJobTemplate } from '../api/admin-job-templates';

const t = jobBasketsCopy;

interface SlotDraft {
  key: number;
  name: string;
  category: string;
  nameWords: string;
  position: string;
  quantityRule: 'fixed' | 'per_vehicle';
  quantity: string;
}
type SlotField = Exclude<keyof SlotDraft, 'key'>;

let nextKey = 1;
const blankSlot = (): SlotDraft => ({
  key: nextKey++,
  name: '',
  category: PRODUCT_CATEGORIES[0],
  nameWords: '',
  position: '',
  quantityRule: 'fixed',
  quantity: '1',
});
const draftOf = (tpl: AdminJobTemplate): SlotDraft[] =>
  tpl.slots.map((s) => ({ ...s, key: nextKey++, position: s.position ?? '', quantity: String(s.quantity) }));

/**
 * "New job" or "Edit {job}" (admin): name, address word (new jobs only), description, and the slots, one row each
 * (a fieldset that wraps on a phone). Checked with the API's own schema before it is sent.
 */
export function AdminJobTemplateForm({ template, onDone }: { template?: AdminJobTemplate; onDone?(template: AdminJobTemplate): void }) {
  const id = useId();
  const [values, setValues] = useState({ name: template?.name ?? '', slug: template?.slug ?? '', description: template?.description ?? '' });
  const [slots, setSlots] = useState<SlotDraft[]>(() => (template ? draftOf(template) : [blankSlot()]));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateJobTemplate();
  const update = useUpdateJobTemplate();
  const pending = create.isPending || update.isPending;

  const set = (field: 'name' | 'slug' | 'description', value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '', root: '' }));
  };
  const setSlot = (i: number, field: SlotField, value: string) => {
    setSlots((prev) => prev.map((s, j) => (j === i ? { ...s, [field]: value } : s)));
    setErrors((e) => ({ ...e, [`slots.${i}.${field}`]: '', slots: '', root: '' }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name: values.name,
      description: values.description,
      slots: slots.map(({ key: _key, quantity, ...s }) => ({ ...s, quantity: quantity === '' ? undefined : Number(quantity) })),
    };
    const parsed = template ? updateJobTemplateSchema.safeParse(body) : createJobTemplateSchema.safeParse({ ...body, slug: values.slug });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.length >= 3 ? issue.path.slice(0, 3).join('.') : String(issue.path[0] ?? 'root');
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    const onError = (err: Error) => setErrors({ root: err.message });
    const input = parsed.data;
    if (template) {
      update.mutate(
        { id: template._id, input: { name: input.name, description: input.description, slots: input.slots } },
        {
          onSuccess: (saved) => {
            toastSuccess(t.saved(saved.name));
            onDone?.(saved);
          },
          onError,
        },
      );
    } else {
      create.mutate(input as CreateJobTemplate, {
        onSuccess: (saved) => {
          toastSuccess(t.created(saved.name));
          setValues({ name: '', slug: '', description: '' });
          setSlots([blankSlot()]);
          onDone?.(saved);
        },
        onError,
      });
    }
  };

  const ids = { name: `${id}-name`, slug: `${id}-slug`, description: `${id}-description` };
  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 items-start gap-4 sm:grid-cols-2">
      <FormField id={ids.name} label={t.name} error={errors.name}>
        <input
          id={ids.name}
          className="input w-full aria-invalid:border-error"
          maxLength={80}
          autoComplete="off"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          {...fieldAria(ids.name, { error: errors.name })}
        />
      </FormField>
      {!template && (
        <FormField id={ids.slug} label={t.slug} hint={t.slugHint} error={errors.slug}>
          <input
            id={ids.slug}
            className="input w-full aria-invalid:border-error"
            maxLength={60}
            autoComplete="off"
            value={values.slug}
            onChange={(e) => set('slug', e.target.value)}
            {...fieldAria(ids.slug, { hint: true, error: errors.slug })}
          />
        </FormField>
      )}
      <FormField id={ids.description} label={t.description} error={errors.description} className="sm:col-span-2">
        <textarea
          id={ids.description}
          className="textarea w-full aria-invalid:border-error"
          rows={2}
          maxLength={400}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          {...fieldAria(ids.description, { error: errors.description })}
        />
      </FormField>
      <div className="flex min-w-0 flex-col gap-3 sm:col-span-2">
        <h4 className="font-bold">{t.slotsTitle}</h4>
        <p className="text-sm text-base-content/80">{t.slotWordsHint}</p>
        {slots.map((s, i) => (
          <SlotRow
            key={s.key}
            id={`${id}-slot-${s.key}`}
            index={i}
            slot={s}
            errors={errors}
            canRemove={slots.length > 1}
            onChange={(field, value) => setSlot(i, field, value)}
            onRemove={() => {
              setSlots((prev) => prev.filter((_, j) => j !== i));
              setErrors({});
            }}
          />
        ))}
        {errors.slots && (
          <p role="alert" className="text-sm text-error">
            {errors.slots}
          </p>
        )}
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          disabled={slots.length >= JOB_TEMPLATE_SLOTS_MAX}
          onClick={() => setSlots((prev) => [...prev, blankSlot()])}
        >
          {t.addSlot}
        </button>
      </div>
      {errors.root && (
        <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error sm:col-span-2">
          {errors.root}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="btn btn-primary min-w-40" disabled={pending} aria-busy={pending}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {template ? (pending ? t.saving : t.save) : pending ? t.creating : t.create}
        </button>
      </div>
    </form>
  );
}

interface SlotRowProps {
  id: string;
  index: number;
  slot: SlotDraft;
  errors: Record<string, string>;
  canRemove: boolean;
  onChange(field: SlotField, value: string): void;
  onRemove(): void;
}

function SlotRow({ id, index, slot, errors, canRemove, onChange, onRemove }: SlotRowProps) {
  const err = (field: SlotField) => errors[`slots.${index}.${field}`] || undefined;
  const fid = (field: SlotField) => `${id}-${field}`;
  const input = (field: 'name' | 'nameWords' | 'position', maxLength: number) => (
    <input
      id={fid(field)}
      className="input input-sm w-full aria-invalid:border-error"
      maxLength={maxLength}
      autoComplete="off"
      value={slot[field]}
      onChange={(e) => onChange(field, e.target.value)}
      {...fieldAria(fid(field), { error: err(field) })}
    />
  );
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-2 lg:grid-cols-3">
      <legend className="px-1 text-sm font-semibold">{t.slotLegend(index + 1)}</legend>
      <FormField id={fid('name')} label={t.slotName} error={err('name')}>
        {input('name', 80)}
      </FormField>
      <FormField id={fid('category')} label={t.slotCategory} error={err('category')}>
        <select
          id={fid('category')}
          className="select select-sm w-full aria-invalid:border-error"
          value={slot.category}
          onChange={(e) => onChange('category', e.target.value)}
          {...fieldAria(fid('category'), { error: err('category') })}
        >
          {PRODUCT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={fid('nameWords')} label={t.slotWords} error={err('nameWords')}>
        {input('nameWords', 80)}
      </FormField>
      <FormField id={fid('position')} label={t.slotPosition} error={err('position')}>
        {input('position', 40)}
      </FormField>
      <FormField id={fid('quantityRule')} label={t.slotRule} error={err('quantityRule')}>
        <select
          id={fid('quantityRule')}
          className="select select-sm w-full"
          value={slot.quantityRule}
          onChange={(e) => onChange('quantityRule', e.target.value)}
          {...fieldAria(fid('quantityRule'), { error: err('quantityRule') })}
        >
          <option value="fixed">{t.ruleFixed}</option>
          <option value="per_vehicle">{t.rulePerVehicle}</option>
        </select>
      </FormField>
      <FormField id={fid('quantity')} label={t.slotQuantity} error={err('quantity')}>
        <input
          id={fid('quantity')}
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
          className="input input-sm w-full aria-invalid:border-error"
          value={slot.quantity}
          onChange={(e) => onChange('quantity', e.target.value)}
          {...fieldAria(fid('quantity'), { error: err('quantity') })}
        />
      </FormField>
      {canRemove && (
        <div className="sm:col-span-2 lg:col-span-3">
          <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onRemove}>
            {t.removeSlot(index + 1)}
          </button>
        </div>
      )}
    </fieldset>
  );
}
