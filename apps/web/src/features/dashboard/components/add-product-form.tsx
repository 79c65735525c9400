import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ImageListInput } from '../../uploads/components/image-list-input';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { toastsCopy } from '@shop/shared/copy/toasts';
import { CATEGORY_LABELS, DEFAULT_CATEGORY, PRODUCT_CATEGORIES } from '@shop/shared/catalog';
import { brandSchema, createProductSchema, productCategorySchema, skuSchema, type Product } from '@shop/shared/schemas/product';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import { FitmentEditor } from '../../vehicles/components/fitment-editor';
import { fitmentListSchema, type Fitment } from '@shop/shared/schemas/vehicle';
import { PriceTiersField, priceTierRowsProblem, priceTierRowsSchema, tierRowsOf } from './price-tiers-field';

const t = orderFlowCopy;
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
const addProductFormSchema = z
  .object({
    name: shape.name,
    unitPrice: requiredNumber(shape.unitPrice, t.unitPriceRequired),
    stock: requiredNumber(shape.stock, t.stockRequired),
    minOrder: requiredNumber(shape.minOrder, t.minOrderRequired),
    description: shape.description,
    // The address field may stay empty when pictures were uploaded: the first picture is then the main one.
    image: z.union([z.literal(''), shape.image]),
    images: z.array(z.string()),
    // Optional when adding (the server generates a part number and uses the default brand); decision 090.
    sku: z.union([z.literal(''), skuSchema]),
    brand: z.union([z.literal(''), brandSchema]),
    category: productCategorySchema,
    // Issue #11: fitment (decision 133).
    universal: z.boolean(),
    fitment: fitmentListSchema,
    // Issue #11 part 5: quantity price tiers (decision 131).
    priceTiers: priceTierRowsSchema,
  })
  .superRefine((v, ctx) => {
    const problem = priceTierRowsProblem(v.priceTiers, v.minOrder);
    if (problem) ctx.addIssue({ code: 'custom', path: ['priceTiers'], message: problem });
  })
  .refine((v) => v.image !== '' || v.images.length > 0, {
    path: ['image'],
    message: 'Image URL is Required',
    // Shown with the other fields' messages, not only once they are all valid.
    when: () => true,
  });

type FormValues = z.input<typeof addProductFormSchema>;
const empty: FormValues = {
  name: '',
  unitPrice: '',
  stock: '',
  minOrder: '',
  description: '',
  image: '',
  images: [],
  sku: '',
  brand: '',
  category: DEFAULT_CATEGORY,
  universal: false,
  fitment: [],
  priceTiers: [],
};

const valuesOf = (p: Product): FormValues => ({
  name: p.name,
  unitPrice: String(p.unitPrice),
  stock: String(p.stock),
  minOrder: String(p.minOrder),
  description: p.description,
  image: p.img,
  images: p.images.filter((u) => u !== p.img),
  sku: p.sku,
  brand: p.brand,
  category: p.category,
  universal: p.universal,
  fitment: p.fitment,
  priceTiers: tierRowsOf(p),
});

interface ProductFormProps {
  /** Edit this product (the form pre-filled); without it the form adds a new one. */
  product?: Product;
  /** After a successful save of an edit. */
  onSaved?(product: Product): void;
  /** Reload the product after someone else changed it (409). */
  onReload?(): void;
}

/** Add A Product (spec §5) and, pre-filled, Edit (issue #8): one form, one set of rules. */
export function AddProductForm({ product: current, onSaved, onReload }: ProductFormProps = {}) {
  const id = useId();
  // The edit is based on the product as it was when the form opened: a background refetch must not move its version.
  const [product] = useState(current);
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const editing = product !== undefined;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    control,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<FormValues, unknown, z.output<typeof addProductFormSchema>>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: product ? valuesOf(product) : empty,
  });
  const image = watch('image');
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);
  const [stale, setStale] = useState(false);

  const submit = handleSubmit(async (values) => {
    setStale(false);
    try {
      if (!product) {
        const { sku, brand, image, images, ...rest } = values;
        const main = image || images[0];
        await createProduct.mutateAsync({ ...rest, image: main, images: [main, ...images], ...(sku ? { sku } : {}), ...(brand ? { brand } : {}) });
        toastSuccess(toastsCopy.productAdded);
        reset(empty);
        return;
      }
      // Only what the admin changed is sent, so a stock figure they did not touch never overwrites orders placed meanwhile.
      const changed: Record<string, unknown> = Object.fromEntries(
        Object.entries(values).filter(([key]) => key !== 'priceTiers' && dirtyFields[key as keyof FormValues]),
      );
      if (JSON.stringify(values.priceTiers) !== JSON.stringify(product.priceTiers)) changed.priceTiers = values.priceTiers;
      if ('images' in changed || 'image' in changed) {
        const main = values.image || values.images[0];
        Object.assign(changed, { image: main, images: [main, ...values.images.filter((u) => u !== main)] });
      }
      if (Object.keys(changed).length === 0) {
        setError('root', { message: t.nothingChanged });
        return;
      }
      const saved = await updateProduct.mutateAsync({ id: product._id, version: product.version, ...changed });
      toastSuccess(t.productUpdated);
      reset(valuesOf(saved));
      onSaved?.(saved);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'PRODUCT_CHANGED') setStale(true);
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
  const sku = field('sku');
  const brand = field('brand');
  const category = field('category');
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
      <FormField id={sku.id} label={t.sku} hint={editing ? t.skuEditHint : t.skuHint} error={sku.error}>
        <input
          id={sku.id}
          className="input w-full font-mono aria-invalid:border-error"
          maxLength={40}
          autoComplete="off"
          {...register('sku')}
          {...fieldAria(sku.id, { hint: true, error: sku.error })}
        />
      </FormField>
      <FormField id={brand.id} label={t.brand} hint={editing ? undefined : t.brandHint} error={brand.error}>
        <input
          id={brand.id}
          className="input w-full aria-invalid:border-error"
          maxLength={60}
          {...register('brand')}
          {...fieldAria(brand.id, { hint: !editing, error: brand.error })}
        />
      </FormField>
      <FormField id={category.id} label={t.category} error={category.error}>
        <select
          id={category.id}
          className="select w-full aria-invalid:border-error"
          {...register('category')}
          {...fieldAria(category.id, { error: category.error })}
        >
          {PRODUCT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
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
      <div className="md:col-span-3">
        <Controller
          control={control}
          name="images"
          render={({ field: images }) => <ImageListInput value={images.value} onChange={(next) => images.onChange(next)} max={11} />}
        />
      </div>
      <div className="md:col-span-3">
        <Controller
          control={control}
          name="universal"
          render={({ field: u }) => (
            <Controller
              control={control}
              name="fitment"
              render={({ field: f }) => <FitmentEditor universal={u.value} onUniversalChange={u.onChange} value={f.value as Fitment[]} onChange={f.onChange} />}
            />
          )}
        />
      </div>
      <div className="md:col-span-3">
        <Controller
          control={control}
          name="priceTiers"
          render={({ field: tiers }) => (
            <PriceTiersField
              value={tiers.value}
              onChange={(next) => tiers.onChange(next)}
              rowError={(i, box) => errors.priceTiers?.[i]?.[box]?.message}
              error={errors.priceTiers?.message ?? errors.priceTiers?.root?.message}
            />
          )}
        />
      </div>
      {errors.root?.message && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error md:col-span-3"
        >
          <p className="flex-1">{errors.root.message}</p>
          {stale && onReload && (
            <button type="button" className="btn btn-sm btn-outline" onClick={onReload}>
              {t.reloadProduct}
            </button>
          )}
        </div>
      )}
      <div className="md:col-span-3">
        <button type="submit" className="btn btn-primary min-w-40" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {editing ? t.saveProduct : t.submitProduct}
        </button>
      </div>
    </form>
  );
}
