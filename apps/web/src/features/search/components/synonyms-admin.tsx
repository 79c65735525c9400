import { useId, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { synonymsAdminCopy } from '@shop/shared/copy/search';
import { normaliseSynonymTerm, searchSynonymInputSchema, type SearchSynonym } from '@shop/shared/schemas/search';
import { Modal } from '../../../components/ui/modal';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { toastSuccess } from '../../../lib/toast';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { DashboardPageHeader } from '../../dashboard/components/dashboard-page-header';
import { synonymsQueryOptions, useDeleteSynonym, useSaveSynonym } from '../api/synonyms';

const t = synonymsAdminCopy;
const cardClass = 'rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6';

/** The terms typed in the form, comma-separated, as the API takes them (or the first thing wrong with them). */
export function termsFromText(text: string): { terms: string[]; error?: undefined } | { terms?: undefined; error: string } {
  const parsed = searchSynonymInputSchema.safeParse({ terms: text.split(',').filter((s) => s.trim() !== '') });
  return parsed.success ? { terms: parsed.data.terms } : { error: parsed.error.issues[0]?.message ?? t.termsHint };
}

/** The groups with a term that contains `query` (as the search compares terms: lower case, punctuation as spaces). */
export function filterGroups(groups: readonly SearchSynonym[], query: string): SearchSynonym[] {
  const q = normaliseSynonymTerm(query);
  return q ? groups.filter((g) => g.terms.some((term) => term.includes(q))) : [...groups];
}

/** Issue #26 (decision 158): the admin's Search Synonyms page — the groups of terms that find the same parts. */
export function SynonymsAdmin() {
  // undefined: the form of a new group; null: no form open.
  const [form, setForm] = useState<SearchSynonym | undefined | null>(null);
  const [toDelete, setToDelete] = useState<SearchSynonym | null>(null);
  const remove = useDeleteSynonym();
  return (
    <section aria-labelledby="synonyms-title">
      <DashboardPageHeader id="synonyms-title" title={t.title} intro={t.intro}>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setForm(undefined)}>
          <span aria-hidden="true">+</span> {t.addGroup}
        </button>
      </DashboardPageHeader>
      <div className={cardClass}>
        <SynonymGroups onEdit={setForm} onDelete={setToDelete} />
      </div>
      <SynonymFormDialog group={form} onClose={() => setForm(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? t.confirmDelete(toDelete.terms[0]) : ''}
        confirmLabel={t.delete}
        cancelLabel={t.keep}
        pending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && mutateThenClose(remove, toDelete._id, t.deleted(toDelete.terms[0]), () => setToDelete(null))}
      >
        <p>{t.confirmDeleteHint}</p>
      </ConfirmDialog>
    </section>
  );
}

/** Every group, filtered by a term; each with its terms and its edit and delete buttons. */
export function SynonymGroups({ onEdit, onDelete }: { onEdit(group: SearchSynonym): void; onDelete(group: SearchSynonym): void }) {
  const id = useId();
  const groups = useQuery(synonymsQueryOptions());
  const [query, setQuery] = useState('');
  const all = groups.data ?? [];
  const shown = useMemo(() => filterGroups(groups.data ?? [], query), [groups.data, query]);

  if (groups.isPending) return <Skeleton className="h-96 w-full" />;
  if (groups.isError) return <LoadError message={groups.error.message} onRetry={() => void groups.refetch()} />;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 sm:max-w-sm">
        <label htmlFor={`${id}-filter`} className="text-sm font-semibold">
          {t.filter}
        </label>
        <input
          id={`${id}-filter`}
          type="search"
          className="input w-full"
          autoComplete="off"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-describedby={`${id}-filter-hint`}
        />
        <p id={`${id}-filter-hint`} className="text-xs text-base-content/75">
          {t.filterHint}
        </p>
      </div>
      <p className="sr-only" aria-live="polite">
        {t.caption(shown.length, all.length)}
      </p>
      {all.length === 0 ? (
        <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-6">{t.noGroups}</p>
      ) : shown.length === 0 ? (
        <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-6">{t.noMatches(query.trim())}</p>
      ) : (
        <ul aria-label={t.caption(shown.length, all.length)} className="divide-y divide-base-300 rounded-box border border-base-300">
          {shown.map((g) => (
            <li key={g._id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
              <ul aria-label={t.termsLabel(g.terms)} className="flex min-w-0 flex-wrap gap-1.5">
                {g.terms.map((term) => (
                  <li key={term} className="badge badge-outline h-auto py-0.5 whitespace-normal">
                    {term}
                  </li>
                ))}
              </ul>
              <div className="flex shrink-0 gap-1">
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => onEdit(g)} aria-label={t.editNamed(g.terms[0])}>
                  {t.edit}
                </button>
                <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => onDelete(g)} aria-label={t.deleteNamed(g.terms[0])}>
                  {t.delete}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** `group` undefined: a new group; null: closed. */
export function SynonymFormDialog({ group, onClose }: { group: SearchSynonym | undefined | null; onClose(): void }) {
  const formId = useId();
  const save = useSaveSynonym();
  const [serverError, setServerError] = useState<string | null>(null);
  const close = () => {
    setServerError(null);
    save.reset();
    onClose();
  };
  const submit = (terms: string[]) => {
    setServerError(null);
    save.mutate(
      { id: group?._id, input: { terms } },
      {
        onSuccess: (saved) => {
          toastSuccess(group ? t.saved(saved.terms[0]) : t.added(saved.terms[0]));
          close();
        },
        onError: (err) => setServerError(err.message),
      },
    );
  };
  return (
    <Modal
      open={group !== null}
      onClose={close}
      title={group ? t.editGroupTitle(group.terms[0]) : t.addGroupTitle}
      size="md"
      closeLabel={t.close}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close} disabled={save.isPending}>
            {t.cancel}
          </button>
          <button type="submit" form={formId} className="btn btn-primary min-w-32" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {save.isPending ? t.saving : group ? t.saveGroup : t.addGroupButton}
          </button>
        </>
      }
    >
      {group !== null && <SynonymForm key={group?._id ?? 'new'} id={formId} group={group} serverError={serverError} onSubmit={submit} />}
    </Modal>
  );
}

export function SynonymForm({
  id,
  group,
  serverError,
  onSubmit,
}: {
  id: string;
  group?: SearchSynonym;
  serverError?: string | null;
  onSubmit(terms: string[]): void;
}) {
  const [text, setText] = useState(() => group?.terms.join(', ') ?? '');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = termsFromText(text);
    if (result.error !== undefined) {
      setError(result.error);
      return;
    }
    setError('');
    onSubmit(result.terms);
  };
  const field = `${id}-terms`;
  return (
    <form id={id} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField id={field} label={t.terms} hint={t.termsHint} error={error}>
        <textarea
          id={field}
          className="textarea w-full aria-invalid:border-error"
          rows={3}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError('');
          }}
          {...fieldAria(field, { hint: true, error })}
        />
      </FormField>
      {serverError && (
        <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error">
          {serverError}
        </p>
      )}
    </form>
  );
}
