import { discontinuedCopy } from '@shop/shared/copy/discontinued';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ImageListInput } from '../../uploads/components/image-list-input';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { toastsCopy } from '@shop/shared/copy/toasts';
import { CATEGORY_LABELS, DEFAULT_CATEGORY, PRODUCT_CATEGORIES } from '@shop/shared/catalog';
import {
  brandSchema,
  createProductSchema,
  DEFAULT_WEIGHT_GRAMS,
  dimensionMmSchema,
  dimensionsAllOrNoneMessage,
  productCategorySchema,
  productTaxCategorySchema,
  skuSchema,
  weightGramsSchema,
  type Product,
} from '@shop/shared/schemas/product';
import { TAX_CATEGORIES } from '@shop/shared/order-totals';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { FormField, fieldAria, fieldErrorId } from '../../../components/ui/form-field';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import { FitmentEditor } from '../../vehicles/components/fitment-editor';
import { fitmentListSchema, type Fitment } from '@shop/shared/schemas/vehicle';
import { PriceTiersField, priceTierRowsProblem, priceTierRowsSchema, tierRowsOf } from './price-tiers-field';
import type { PartNumber } from '@shop/shared/part-numbers';
import { partNumberListSchema } from '@shop/shared/schemas/part-numbers';
import { PartNumbersField } from './part-numbers-field';
import { kitsCopy } from '@shop/shared/copy/kits';

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
// Issue #24: a side of the packed size, in whole millimetres, or empty.
const dimensionField = (side: 'length' | 'width' | 'height') =>
  z.string().transform((value, ctx) => {
    const parsed = dimensionMmSchema(side).safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });
const DIMENSION_FIELDS = ['lengthMm', 'widthMm', 'heightMm'] as const;
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
    // Issue #26 item 4: other part numbers (decision 166), checked with the shared list rules.
    partNumbers: partNumberListSchema,
    // Issue #24: shipping and tax (decision 153).
    weightGrams: requiredNumber(weightGramsSchema, t.weightRequired),
    lengthMm: dimensionField('length'),
    widthMm: dimensionField('width'),
    heightMm: dimensionField('height'),
    oversize: z.boolean(),
    taxCategory: productTaxCategorySchema,
    // Decision 217: on the edit form only.
    discontinued: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const problem = priceTierRowsProblem(v.priceTiers, v.minOrder);
    if (problem) ctx.addIssue({ code: 'custom', path: ['priceTiers'], message: problem });
  })
  .superRefine(
    (v, ctx) => {
      // All three sides or none; the message goes on the first side left empty.
      const empty = DIMENSION_FIELDS.filter((f) => v[f] === null);
      if (empty.length === 1 || empty.length === 2) ctx.addIssue({ code: 'custom', path: [empty[0]], message: dimensionsAllOrNoneMessage });
    },
    // Shown with the other fields' messages, not only once they are all valid.
    { when: () => true },
  )
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
  partNumbers: [],
  weightGrams: String(DEFAULT_WEIGHT_GRAMS),
  lengthMm: '',
  widthMm: '',
  heightMm: '',
  oversize: false,
  taxCategory: 'standard',
  discontinued: false,
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
  // Copies, so editing a row never changes the product the form was opened with.
  partNumbers: p.partNumbers.map((n) => ({ ...n })),
  weightGrams: String(p.weightGrams),
  lengthMm: p.dimensionsMm ? String(p.dimensionsMm.length) : '',
  widthMm: p.dimensionsMm ? String(p.dimensionsMm.width) : '',
  heightMm: p.dimensionsMm ? String(p.dimensionsMm.height) : '',
  oversize: p.oversize,
  taxCategory: p.taxCategory,
  discontinued: p.discontinuedAt !== undefined,
});

type FormOutput = z.output<typeof addProductFormSchema>;
/** The three sides as the API takes them: all given, or null. */
const dimensionsOf = (v: FormOutput) =>
  v.lengthMm !== null && v.widthMm !== null && v.heightMm !== null ? { length: v.lengthMm, width: v.widthMm, height: v.heightMm } : null;

/** A list of part numbers compared by value (whatever order the keys of each came in). */
const partNumbersKey = (list: readonly PartNumber[]) => JSON.stringify(list.map((p) => [p.kind, p.brand, p.number]));

interface ProductFormProps {
  /** Edit this product (the form pre-filled); without it the form adds a new one. */
  product?: Product;
  /** After a successful save of an edit. */
  onSaved?(product: Product): void;
  /** Reload the product after someone else changed it (409). */
  onReload?(): void;
  /**
   * Issue #36 item 2 (decision 220): the product is a kit, so its stock is its parts' and the stock box is read-only.
   * Defaults to whether the product has kit parts.
   */
  kit?: boolean;
  /** Told whether the admin has unsaved changes. */
  onDirtyChange?(dirty: boolean): void;
}

/** Add A Product (spec §5) and, pre-filled, Edit (issue #8): one form, one set of rules. */
export function AddProductForm({ product: current, onSaved, onReload, kit: kitProp, onDirtyChange }: ProductFormProps = {}) {
  const id = useId();
  // The edit is based on the product as it was when the form opened: a background refetch must not move its version.
  const [product] = useState(current);
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const editing = product !== undefined;
  const kit = kitProp ?? (product?.kitComponents?.length ?? 0) > 0;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    control,
    formState: { errors, isSubmitting, dirtyFields, isDirty },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: product ? valuesOf(product) : empty,
  });
  const image = watch('image');
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);
  const [stale, setStale] = useState(false);

  const submit = handleSubmit(async (values) => {
    setStale(false);
    try {
      if (!product) {
        const { sku, brand, image, images, lengthMm: _l, widthMm: _w, heightMm: _h, discontinued: _d, ...rest } = values;
        const main = image || images[0];
        await createProduct.mutateAsync({
          ...rest,
          dimensionsMm: dimensionsOf(values),
          image: main,
          images: [main, ...images],
          ...(sku ? { sku } : {}),
          ...(brand ? { brand } : {}),
        });
        toastSuccess(toastsCopy.productAdded);
        reset(empty);
        return;
      }
      // Only what the admin changed is sent, so a stock figure they did not touch never overwrites orders placed meanwhile.
      const changed: Record<string, unknown> = Object.fromEntries(
        Object.entries(values).filter(
          ([key]) =>
            key !== 'priceTiers' && key !== 'partNumbers' && !(DIMENSION_FIELDS as readonly string[]).includes(key) && dirtyFields[key as keyof FormValues],
        ),
      );
      // The three sides travel together as dimensionsMm (null: none).
      if (DIMENSION_FIELDS.some((f) => dirtyFields[f])) {
        const next = dimensionsOf(values);
        if (JSON.stringify(next) !== JSON.stringify(product.dimensionsMm)) changed.dimensionsMm = next;
      }
      if (JSON.stringify(values.priceTiers) !== JSON.stringify(product.priceTiers)) changed.priceTiers = values.priceTiers;
      // The whole list replaces the product's (decision 166).
      if (partNumbersKey(values.partNumbers) !== partNumbersKey(product.partNumbers)) changed.partNumbers = values.partNumbers;
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
  const weight = field('weightGrams');
  const lengthMm = field('lengthMm');
  const widthMm = field('widthMm');
  const heightMm = field('heightMm');
  const oversizeId = `${id}-oversize`;
  const discontinuedId = `${id}-discontinued`;
  const taxCategory = field('taxCategory');
  const dimensionsHintId = `${id}-dimensions-hint`;
  const showPreview = /^(https?:\/\/|\/)\S+$/i.test(image.trim()) && brokenPreview !== image;

  return (
    <form onSubmit={submit} noValidate className="grid items-start gap-4 md:grid-cols-3">
      <FormField id={name.id} label={t.productName} error={name.error} className="md:col-span-3">
        <input id={name.id} className="input w-full aria-invalid:border-error" {...register('name')} {...fieldAria(name.id, { error: name.error })} />
      </FormField>
      <FormField id={sku.id} label={t.sku} hint={editing ? t.skuEditHint : t.skuHint} error={sku.error}>
        <input
          id={sku.id}
          className="input w-full font-mono aria-invalid:border-error"
          autoComplete="off"
          {...register('sku')}
          {...fieldAria(sku.id, { hint: true, error: sku.error })}
        />
      </FormField>
      <FormField id={brand.id} label={t.brand} hint={editing ? undefined : t.brandHint} error={brand.error}>
        <input
          id={brand.id}
          className="input w-full aria-invalid:border-error"
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
      <FormField id={stock.id} label={t.stock} hint={kit ? kitsCopy.stockReadOnly : undefined} error={stock.error}>
        <input
          id={stock.id}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          // Decision 220: a kit's stock is its parts' (the shop refuses a change with KIT_STOCK), so it is shown, not edited.
          readOnly={kit}
          className="input w-full aria-invalid:border-error tabular-nums read-only:bg-base-200"
          {...register('stock')}
          {...fieldAria(stock.id, { hint: kit, error: stock.error })}
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
      <div className="md:col-span-3">
        <Controller
          control={control}
          name="partNumbers"
          render={({ field: numbers }) => (
            <PartNumbersField
              value={numbers.value}
              onChange={(next) => numbers.onChange(next)}
              rowError={(i, box) => errors.partNumbers?.[i]?.[box]?.message}
              error={errors.partNumbers?.message ?? errors.partNumbers?.root?.message}
            />
          )}
        />
      </div>
      <fieldset className="grid items-start gap-4 rounded-box border border-base-300 p-4 md:col-span-3 md:grid-cols-3">
        <legend className="px-1 text-sm font-semibold">{t.shippingTaxLegend}</legend>
        <p className="text-xs text-base-content/75 md:col-span-3">{t.shippingTaxIntro}</p>
        <FormField id={weight.id} label={t.weightGrams} hint={t.weightHint} error={weight.error}>
          <input
            id={weight.id}
            type="number"
            inputMode="numeric"
            min={1}
            max={1_000_000}
            step={1}
            className="input w-full aria-invalid:border-error tabular-nums"
            {...register('weightGrams')}
            {...fieldAria(weight.id, { hint: true, error: weight.error })}
          />
        </FormField>
        <FormField id={taxCategory.id} label={t.taxCategory} error={taxCategory.error}>
          {/* Controlled, so the select shows the product's category from the first render. */}
          <Controller
            control={control}
            name="taxCategory"
            render={({ field: tax }) => (
              <select
                id={taxCategory.id}
                className="select w-full aria-invalid:border-error"
                name={tax.name}
                ref={tax.ref}
                value={tax.value}
                onChange={tax.onChange}
                onBlur={tax.onBlur}
                {...fieldAria(taxCategory.id, { error: taxCategory.error })}
              >
                {TAX_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t.taxCategories[c]}
                  </option>
                ))}
              </select>
            )}
          />
        </FormField>
        <div className="flex flex-col gap-1 md:mt-7">
          <label htmlFor={oversizeId} className="flex cursor-pointer items-center gap-3 text-sm font-semibold">
            <input id={oversizeId} type="checkbox" className="checkbox checkbox-primary" aria-describedby={`${oversizeId}-hint`} {...register('oversize')} />
            {t.oversize}
          </label>
          <p id={`${oversizeId}-hint`} className="text-xs text-base-content/75">
            {t.oversizeHint}
          </p>
        </div>
        {editing ? (
          <div className="flex flex-col gap-1 md:mt-7">
            <label htmlFor={discontinuedId} className="flex cursor-pointer items-center gap-3 text-sm font-semibold">
              <input
                id={discontinuedId}
                type="checkbox"
                className="checkbox checkbox-primary"
                aria-describedby={`${discontinuedId}-hint`}
                {...register('discontinued')}
              />
              {discontinuedCopy.field}
            </label>
            <p id={`${discontinuedId}-hint`} className="text-xs text-base-content/75">
              {discontinuedCopy.hint}
            </p>
          </div>
        ) : null}
        {(
          [
            [lengthMm, 'lengthMm', t.lengthMm],
            [widthMm, 'widthMm', t.widthMm],
            [heightMm, 'heightMm', t.heightMm],
          ] as const
        ).map(([side, name, label]) => (
          <FormField key={name} id={side.id} label={label} error={side.error}>
            <input
              id={side.id}
              type="number"
              inputMode="numeric"
              min={1}
              max={10_000}
              step={1}
              className="input w-full aria-invalid:border-error tabular-nums"
              {...register(name)}
              aria-invalid={side.error ? true : undefined}
              aria-describedby={[dimensionsHintId, side.error ? fieldErrorId(side.id) : null].filter(Boolean).join(' ')}
            />
          </FormField>
        ))}
        <p id={dimensionsHintId} className="-mt-2 text-xs text-base-content/75 md:col-span-3">
          {t.dimensionsHint}
        </p>
      </fieldset>
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
