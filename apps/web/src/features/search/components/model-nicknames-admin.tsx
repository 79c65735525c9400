import { useId, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { modelNicknamesAdminCopy } from '@shop/shared/copy/search';
import { modelAliasInputSchema, type ModelAlias, type ModelAliasInput } from '@shop/shared/schemas/search';
import { Modal } from '../../../components/ui/modal';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { toastSuccess } from '../../../lib/toast';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { vehicleMakesQueryOptions, vehicleModelsQueryOptions } from '../../vehicles/api/vehicle-lists';
import { modelAliasesQueryOptions, useAddModelAlias, useDeleteModelAlias } from '../api/model-aliases';

const t = modelNicknamesAdminCopy;
const cardClass = 'rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6';

type Field = 'alias' | 'make' | 'model';

/** The form's values as the API takes them, or the first thing wrong with each field (the API's own messages). */
export function nicknameFromForm(
  values: ModelAliasInput,
): { input: ModelAliasInput; errors?: undefined } | { input?: undefined; errors: Partial<Record<Field, string>> } {
  const parsed = modelAliasInputSchema.safeParse(values);
  if (parsed.success) return { input: parsed.data };
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The nicknames that more than one model has (the search names no bike for them, decision 198). */
export function sharedNicknames(aliases: readonly ModelAlias[]): Set<string> {
  const seen = new Map<string, number>();
  for (const a of aliases) seen.set(a.alias, (seen.get(a.alias) ?? 0) + 1);
  return new Set([...seen].filter(([, n]) => n > 1).map(([alias]) => alias));
}

/**
 * Issue #38 item 2 (decision 198): the Model nicknames section of the Search Synonyms page — the names riders give a
 * model, which the search reads like the model's name.
 */
export function ModelNicknamesAdmin() {
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<ModelAlias | null>(null);
  const remove = useDeleteModelAlias();
  return (
    <section aria-labelledby="model-nicknames-title" className="mt-10">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h3 id="model-nicknames-title" className="font-display text-2xl font-bold uppercase leading-tight">
            {t.title}
          </h3>
          <p className="mt-2 max-w-2xl text-base-content/80">{t.intro}</p>
        </div>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)}>
          <span aria-hidden="true">+</span> {t.add}
        </button>
      </div>
      <div className={cardClass}>
        <NicknameList onDelete={setToDelete} />
      </div>
      <NicknameFormDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? t.confirmDelete(toDelete.alias) : ''}
        confirmLabel={t.delete}
        cancelLabel={t.keep}
        pending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && mutateThenClose(remove, toDelete._id, t.deleted(toDelete.alias), () => setToDelete(null))}
      >
        <p>{t.confirmDeleteHint}</p>
      </ConfirmDialog>
    </section>
  );
}

/** Every nickname with the model it names and its delete button; a shared one says that it names no bike. */
export function NicknameList({ onDelete }: { onDelete(alias: ModelAlias): void }) {
  const aliases = useQuery(modelAliasesQueryOptions());
  const shared = useMemo(() => sharedNicknames(aliases.data ?? []), [aliases.data]);

  if (aliases.isPending) return <Skeleton className="h-48 w-full" />;
  if (aliases.isError) return <LoadError message={aliases.error.message} onRetry={() => void aliases.refetch()} />;
  const all = aliases.data;
  if (all.length === 0) return <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-6">{t.none}</p>;

  return (
    <ul aria-label={t.caption(all.length)} className="divide-y divide-base-300 rounded-box border border-base-300">
      {all.map((a) => (
        <li key={a._id} aria-label={t.rowLabel(a.alias, a.make, a.model)} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="badge badge-outline h-auto py-0.5 font-semibold whitespace-normal">{a.alias}</span>
            <span aria-hidden="true">→</span>
            <span className="min-w-0 break-words">{t.bike(a.make, a.model)}</span>
            {shared.has(a.alias) && (
              <span className="badge badge-warning h-auto py-0.5 whitespace-normal" title={t.sharedHint(a.alias)}>
                {t.shared}
              </span>
            )}
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm shrink-0 text-error"
            onClick={() => onDelete(a)}
            aria-label={t.deleteNamed(a.alias, a.make, a.model)}
          >
            {t.delete}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function NicknameFormDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const formId = useId();
  const save = useAddModelAlias();
  const [serverError, setServerError] = useState<string | null>(null);
  const close = () => {
    setServerError(null);
    save.reset();
    onClose();
  };
  const submit = (input: ModelAliasInput) => {
    setServerError(null);
    save.mutate(input, {
      onSuccess: (saved) => {
        toastSuccess(t.added(saved.alias, saved.make, saved.model));
        close();
      },
      onError: (err) => setServerError(err.message),
    });
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={t.addTitle}
      size="md"
      closeLabel={t.close}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close} disabled={save.isPending}>
            {t.cancel}
          </button>
          <button type="submit" form={formId} className="btn btn-primary min-w-32" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {save.isPending ? t.saving : t.saveButton}
          </button>
        </>
      }
    >
      {open && <NicknameForm id={formId} serverError={serverError} onSubmit={submit} />}
    </Modal>
  );
}

/** The nickname, then the make and the model from the vehicle list (GET /vehicles/makes and /vehicles/models). */
export function NicknameForm({ id, serverError, onSubmit }: { id: string; serverError?: string | null; onSubmit(input: ModelAliasInput): void }) {
  const [alias, setAlias] = useState('');
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const makes = useQuery(vehicleMakesQueryOptions());
  const models = useQuery(vehicleModelsQueryOptions(make));
  const ids = { alias: `${id}-alias`, make: `${id}-make`, model: `${id}-model` };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = nicknameFromForm({ alias, make, model });
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.input);
  };
  return (
    <form id={id} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField id={ids.alias} label={t.alias} hint={t.aliasHint} error={errors.alias}>
        <input
          id={ids.alias}
          type="text"
          className="input w-full aria-invalid:border-error"
          autoComplete="off"
          value={alias}
          onChange={(e) => {
            setAlias(e.target.value);
            setErrors((er) => ({ ...er, alias: undefined }));
          }}
          {...fieldAria(ids.alias, { hint: true, error: errors.alias })}
        />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={ids.make} label={t.make} error={errors.make}>
          <select
            id={ids.make}
            className="select w-full aria-invalid:border-error"
            value={make}
            onChange={(e) => {
              setMake(e.target.value);
              setModel('');
              setErrors((er) => ({ ...er, make: undefined, model: undefined }));
            }}
            {...fieldAria(ids.make, { error: errors.make })}
          >
            <option value="">{t.chooseMake}</option>
            {(makes.data ?? []).map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={ids.model} label={t.model} error={errors.model}>
          <select
            id={ids.model}
            className="select w-full aria-invalid:border-error"
            value={model}
            disabled={!make}
            onChange={(e) => {
              setModel(e.target.value);
              setErrors((er) => ({ ...er, model: undefined }));
            }}
            {...fieldAria(ids.model, { error: errors.model })}
          >
            <option value="">{make ? t.chooseModel : t.chooseMakeFirst}</option>
            {(make ? (models.data ?? []) : []).map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      {serverError && (
        <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error">
          {serverError}
        </p>
      )}
    </form>
  );
}
