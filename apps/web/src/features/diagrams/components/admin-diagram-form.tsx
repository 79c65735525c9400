import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { diagramsCopy } from '@shop/shared/copy/diagrams';
import { createDiagramSchema, type AdminDiagram } from '@shop/shared/schemas/diagram';
import { UPLOAD_ACCEPTED_TYPES } from '@shop/shared/schemas/upload';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { toastSuccess } from '../../../lib/toast';
import { useUploadImage } from '../../uploads/api/upload-image';
import { vehicleMakesQueryOptions, vehicleModelsQueryOptions, vehicleYearsQueryOptions } from '../../vehicles/api/vehicle-lists';
import { useCreateDiagram } from '../api/admin-diagrams';

const t = diagramsCopy;
type Text = 'name' | 'slug' | 'description' | 'make' | 'model' | 'yearFrom' | 'yearTo';
type Field = Text | 'imageUrl';
interface Drawing {
  url: string;
  width: number;
  height: number;
}

const empty: Record<Text, string> = { name: '', slug: '', description: '', make: '', model: '', yearFrom: '', yearTo: '' };

/** "New diagram" (admin): name, address word, drawing (uploaded here), and the make, model and model years it is for. */
export function AdminDiagramForm({ onCreated }: { onCreated?(diagram: AdminDiagram): void }) {
  const id = useId();
  const [values, setValues] = useState(empty);
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field | 'root', string>>>({});
  const upload = useUploadImage();
  const create = useCreateDiagram();
  const makes = useQuery(vehicleMakesQueryOptions());
  const models = useQuery(vehicleModelsQueryOptions(values.make));
  const years = useQuery(vehicleYearsQueryOptions(values.make, values.model));
  const yearOptions = [...(years.data ?? [])].sort((a, b) => a - b);

  const set = (field: Text, value: string) => {
    setValues((v) => ({
      ...v,
      [field]: value,
      // A new make empties the model and years; a new model the years.
      ...(field === 'make' ? { model: '', yearFrom: '', yearTo: '' } : field === 'model' ? { yearFrom: '', yearTo: '' } : {}),
    }));
    setErrors((e) => ({ ...e, [field]: undefined, root: undefined }));
  };

  const chooseFile = (file: File) => {
    setErrors((e) => ({ ...e, imageUrl: undefined, root: undefined }));
    upload.mutate(file, {
      onSuccess: (res) => setDrawing({ url: res.url, width: res.width, height: res.height }),
      onError: (err) => setErrors((e) => ({ ...e, imageUrl: err.message })),
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const year = (s: string) => (s === '' ? undefined : Number(s));
    const input = {
      ...values,
      imageUrl: drawing?.url ?? '',
      imageWidth: drawing?.width,
      imageHeight: drawing?.height,
      yearFrom: year(values.yearFrom),
      yearTo: year(values.yearTo),
    };
    const parsed = createDiagramSchema.safeParse(input);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        const field = (key === 'imageWidth' || key === 'imageHeight' ? 'imageUrl' : key) as Field;
        if (field === 'yearFrom' && values.yearFrom === '') next.yearFrom ??= t.yearFromRequired;
        else if (field === 'yearTo' && values.yearTo === '') next.yearTo ??= t.yearToRequired;
        else next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    create.mutate(
      { ...parsed.data, imageUrl: input.imageUrl },
      {
        onSuccess: (diagram) => {
          toastSuccess(t.created(diagram.name));
          // The vehicle stays: the next assembly of the same bike is the common next entry.
          setValues((v) => ({ ...v, name: '', slug: '', description: '' }));
          setDrawing(null);
          onCreated?.(diagram);
        },
        onError: (err) => setErrors({ root: err.message }),
      },
    );
  };

  const ids = {
    name: `${id}-name`,
    slug: `${id}-slug`,
    description: `${id}-description`,
    imageUrl: `${id}-image`,
    make: `${id}-make`,
    model: `${id}-model`,
    yearFrom: `${id}-year-from`,
    yearTo: `${id}-year-to`,
  };
  const text = (field: 'name' | 'slug', maxLength: number, hint = false) => (
    <input
      id={ids[field]}
      className="input w-full aria-invalid:border-error"
      maxLength={maxLength}
      autoComplete="off"
      value={values[field]}
      onChange={(e) => set(field, e.target.value)}
      {...fieldAria(ids[field], { hint, error: errors[field] })}
    />
  );
  const select = (field: 'make' | 'model' | 'yearFrom' | 'yearTo', choose: string, options: readonly (string | number)[], disabled: boolean) => (
    <select
      id={ids[field]}
      className="select w-full aria-invalid:border-error"
      value={values[field]}
      disabled={disabled}
      onChange={(e) => set(field, e.target.value)}
      {...fieldAria(ids[field], { error: errors[field] })}
    >
      <option value="">{choose}</option>
      {options.map((o) => (
        <option key={o} value={String(o)}>
          {o}
        </option>
      ))}
    </select>
  );

  return (
    <form onSubmit={submit} noValidate className="grid items-start gap-4 sm:grid-cols-2">
      <FormField id={ids.name} label={t.name} error={errors.name}>
        {text('name', 80)}
      </FormField>
      <FormField id={ids.slug} label={t.slug} hint={t.slugHint} error={errors.slug}>
        {text('slug', 60, true)}
      </FormField>
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
      <FormField id={ids.imageUrl} label={t.image} error={errors.imageUrl} className="sm:col-span-2">
        <input
          id={ids.imageUrl}
          type="file"
          accept={UPLOAD_ACCEPTED_TYPES.join(',')}
          className="file-input w-full aria-invalid:border-error"
          disabled={upload.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) chooseFile(file);
          }}
          {...fieldAria(ids.imageUrl, { error: errors.imageUrl })}
        />
      </FormField>
      <div className="sm:col-span-2" aria-live="polite">
        {upload.isPending ? (
          <p className="flex items-center gap-2 text-sm">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            {t.uploading}
          </p>
        ) : (
          drawing && (
            <figure className="flex flex-wrap items-center gap-3">
              <img src={drawing.url} alt={t.imagePreview} className="h-24 w-auto max-w-full rounded-field border border-base-300 bg-base-100 object-contain" />
              <figcaption className="text-sm text-base-content/80">{t.uploaded(drawing.width, drawing.height)}</figcaption>
            </figure>
          )
        )}
      </div>
      <FormField id={ids.make} label={t.make} error={errors.make}>
        {select('make', t.chooseMake, makes.data ?? [], false)}
      </FormField>
      <FormField id={ids.model} label={t.model} error={errors.model}>
        {select('model', t.chooseModel, values.make ? (models.data ?? []) : [], values.make === '')}
      </FormField>
      <FormField id={ids.yearFrom} label={t.yearFrom} error={errors.yearFrom}>
        {select('yearFrom', t.chooseYear, yearOptions, values.model === '')}
      </FormField>
      <FormField id={ids.yearTo} label={t.yearTo} error={errors.yearTo}>
        {select('yearTo', t.chooseYear, yearOptions, values.model === '')}
      </FormField>
      {errors.root && (
        <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error sm:col-span-2">
          {errors.root}
        </p>
      )}
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary min-w-40" disabled={create.isPending || upload.isPending} aria-busy={create.isPending}>
          {create.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {create.isPending ? t.creating : t.create}
        </button>
      </div>
    </form>
  );
}
