import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { copy } from '@shop/shared/copy';
import { createProductSchema } from '@shop/shared/schemas/product';
import { toastSuccess } from '../../../lib/toast';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { useCreateProduct } from '../api/create-product';

const t = copy.orderFlow;
const shape = createProductSchema.shape;

// An empty number box would coerce to 0 and pass; every field is required (spec §5), so say so first.
const requiredNumber = (schema: z.ZodType<number, unknown>, message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .transform((value, ctx) => {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    });
const addProductFormSchema = z.object({
  name: shape.name,
  unitPrice: requiredNumber(shape.unitPrice, t.unitPriceRequired),
  stock: requiredNumber(shape.stock, t.stockRequired),
  minOrder: requiredNumber(shape.minOrder, t.minOrderRequired),
  description: shape.description,
  image: shape.image,
});

const empty = { name: '', unitPrice: '', stock: '', minOrder: '', description: '', image: '' };

export function AddProductForm() {
  const id = useId();
  const createProduct = useCreateProduct();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(addProductFormSchema), defaultValues: empty });
  const image = watch('image');
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    try {
      await createProduct.mutateAsync(values);
      toastSuccess(copy.toasts.productAdded);
      reset(empty);
    } catch (err) {
      setError('root', { message: err instanceof Error ? err.message : String(err) });
    }
  });

  const field = (name: keyof typeof empty) => {
    const fieldId = `${id}-${name}`;
    return { id: fieldId, error: errors[name]?.message };
  };
  const name = field('name');
  const unitPrice = field('unitPrice');
  const stock = field('stock');
  const minOrder = field('minOrder');
  const description = field('description');
  const imageField = field('image');
  const showPreview = /^(https?:\/\/|\/)\S+$/i.test(image.trim()) && brokenPreview !== image;

  return (
    <form onSubmit={submit} noValidate className="grid items-start gap-4 md:grid-cols-3">
      <FormField id={name.id} label={t.productName} error={name.error} className="md:col-span-3">
        <input
          id={name.id}
          className="input w-full aria-invalid:border-error"
          maxLength={120}
          {...register('name')}
          {...fieldAria(name.id, { error: name.error })}
        />
      </FormField>
      <FormField id={unitPrice.id} label={t.unitPrice} hint={t.unitPriceHint} error={unitPrice.error}>
        <input
          id={unitPrice.id}
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          className="input w-full aria-invalid:border-error tabular-nums"
          {...register('unitPrice')}
          {...fieldAria(unitPrice.id, { hint: true, error: unitPrice.error })}
        />
      </FormField>
      <FormField id={stock.id} label={t.stock} error={stock.error}>
        <input
          id={stock.id}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          className="input w-full aria-invalid:border-error tabular-nums"
          {...register('stock')}
          {...fieldAria(stock.id, { error: stock.error })}
        />
      </FormField>
      <FormField id={minOrder.id} label={t.minOrder} error={minOrder.error}>
        <input
          id={minOrder.id}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          className="input w-full aria-invalid:border-error tabular-nums"
          {...register('minOrder')}
          {...fieldAria(minOrder.id, { error: minOrder.error })}
        />
      </FormField>
      <FormField id={description.id} label={t.description} error={description.error} className="md:col-span-3">
        <textarea
          id={description.id}
          rows={4}
          maxLength={2000}
          className="textarea w-full aria-invalid:border-error"
          {...register('description')}
          {...fieldAria(description.id, { error: description.error })}
        />
      </FormField>
      <div className="flex items-start gap-4 md:col-span-3">
        <FormField id={imageField.id} label={t.imageUrl} hint={t.imageHint} error={imageField.error} className="min-w-0 flex-1">
          <input
            id={imageField.id}
            type="url"
            inputMode="url"
            className="input w-full aria-invalid:border-error"
            maxLength={2000}
            {...register('image')}
            {...fieldAria(imageField.id, { hint: true, error: imageField.error })}
          />
        </FormField>
        {/* Reserved square so the form does not move when the preview appears. */}
        <div className="mt-6 flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-box border border-base-300 bg-base-200">
          {showPreview && (
            <img src={image.trim()} alt="" width={80} height={80} className="size-full object-contain p-1" onError={() => setBrokenPreview(image)} />
          )}
        </div>
      </div>
      {errors.root?.message && (
        <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error md:col-span-3">
          {errors.root.message}
        </p>
      )}
      <div className="md:col-span-3">
        <button type="submit" className="btn btn-primary min-w-40" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t.submitProduct}
        </button>
      </div>
    </form>
  );
}
