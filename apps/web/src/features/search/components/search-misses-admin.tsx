import { Fragment, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { searchMissesCopy } from '@shop/shared/copy/search';
import type { SearchMissProposal, SearchMissRow } from '@shop/shared/schemas/search';
import { Modal } from '../../../components/ui/modal';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { toastError, toastSuccess } from '../../../lib/toast';
import { DashboardPageHeader } from '../../dashboard/components/dashboard-page-header';
import { searchMissProposalsQueryOptions, searchMissesQueryOptions, useDismissSearchMiss } from '../api/search-misses';
import { useSaveSynonym } from '../api/synonyms';
import { termsFromText } from './synonyms-admin';
import { MissProposalList } from './search-miss-proposals';
import { dateTimeFormat } from '@shop/shared/intl';
import { formatCount } from '@shop/shared/intl';

const t = searchMissesCopy;
const cardClass = 'rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6';
const when = dateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (iso: string) => when.format(new Date(iso));

/** Issue #26 item 6 (decision 168): the admin's Search Misses page — searches that found nothing, and those nobody opened. */
export function SearchMissesAdmin() {
  const misses = useQuery(searchMissesQueryOptions());
  // Issue #38 item 2 (decision 203): proposals under the searches that found nothing; the lists show without them.
  const proposals = useQuery(searchMissProposalsQueryOptions());
  const proposalsByQuery = new Map((proposals.data ?? []).map((i) => [i.query, i.proposals]));
  const dismiss = useDismissSearchMiss();
  const [synonymFor, setSynonymFor] = useState<string | null>(null);
  const onDismiss = (query: string) =>
    dismiss.mutate(query, {
      onSuccess: () => toastSuccess(t.dismissed(query)),
      onError: (err) => toastError(err.message),
    });
  const tables = [
    { id: 'zero', title: t.zeroTitle, empty: t.zeroEmpty, rows: misses.data?.zeroResults, proposals: proposalsByQuery },
    { id: 'not-opened', title: t.notOpenedTitle, empty: t.notOpenedEmpty, rows: misses.data?.notOpened, proposals: undefined },
  ];
  return (
    <section aria-labelledby="search-misses-title">
      <DashboardPageHeader id="search-misses-title" title={t.title} intro={t.intro} />
      <div className="flex flex-col gap-6">
        {tables.map((table) => (
          <section key={table.id} aria-labelledby={`search-misses-${table.id}`} className={cardClass}>
            <h3 id={`search-misses-${table.id}`} className="mb-4 font-display text-xl font-bold uppercase">
              {table.title}
            </h3>
            {misses.isPending ? (
              <Skeleton className="h-40 w-full" />
            ) : misses.isError ? (
              <LoadError message={misses.error.message} onRetry={() => void misses.refetch()} />
            ) : (
              <MissesTable
                caption={table.title}
                rows={table.rows ?? []}
                empty={table.empty}
                busy={dismiss.isPending ? dismiss.variables : undefined}
                proposals={table.proposals}
                onAddSynonym={setSynonymFor}
                onDismiss={onDismiss}
              />
            )}
          </section>
        ))}
      </div>
      <MissSynonymDialog query={synonymFor} onClose={() => setSynonymFor(null)} />
    </section>
  );
}

interface TableProps {
  caption: string;
  rows: SearchMissRow[];
  empty: string;
  /** The query being dismissed. */
  busy?: string;
  onAddSynonym(query: string): void;
  onDismiss(query: string): void;
  /** Decision 203: the proposals for a query, shown under it. */
  proposals?: ReadonlyMap<string, readonly SearchMissProposal[]>;
}

/** One list: a table from 640 px, a list of rows on a phone (the same buttons, named by their query). */
export function MissesTable({ caption, rows, empty, busy, onAddSynonym, onDismiss, proposals }: TableProps) {
  if (rows.length === 0) return <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-6">{empty}</p>;
  const actions = (r: SearchMissRow) => (
    <div className="flex flex-wrap justify-end gap-1">
      <button type="button" className="btn btn-primary btn-sm" onClick={() => onAddSynonym(r.query)} aria-label={t.addSynonymFor(r.query)}>
        {t.addSynonym}
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => onDismiss(r.query)} disabled={busy === r.query} aria-label={t.dismissFor(r.query)}>
        {t.dismiss}
      </button>
    </div>
  );
  return (
    <>
      <ul aria-label={caption} className="divide-y divide-base-300 rounded-box border border-base-300 sm:hidden">
        {rows.map((r) => (
          <li key={r.query} className="flex flex-col gap-2 px-3 py-3">
            <p className="break-words font-semibold">{r.query}</p>
            <p className="text-sm text-base-content/80">
              {t.stats(r.searches, r.opened)} · {t.lastSearched} {formatWhen(r.lastSearchedAt)}
            </p>
            {actions(r)}
            <MissProposalList query={r.query} proposals={proposals?.get(r.query) ?? []} />
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-box border border-base-300 sm:block">
        <table className="table table-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="text-xs uppercase tracking-wider text-base-content/80">
            <tr>
              <th scope="col">{t.query}</th>
              <th scope="col" className="text-right">
                {t.searches}
              </th>
              <th scope="col" className="text-right">
                {t.opened}
              </th>
              <th scope="col">{t.lastSearched}</th>
              <th scope="col" className="text-right">
                {t.actions}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <Fragment key={r.query}>
                <tr>
                  <th scope="row" className="break-all font-semibold">
                    {r.query}
                  </th>
                  <td className="text-right tabular-nums">{formatCount(r.searches)}</td>
                  <td className="text-right tabular-nums">{formatCount(r.opened)}</td>
                  <td className="whitespace-nowrap">{formatWhen(r.lastSearchedAt)}</td>
                  <td>{actions(r)}</td>
                </tr>
                {!!proposals?.get(r.query)?.length && (
                  <tr>
                    <td colSpan={5} className="pt-0">
                      <MissProposalList query={r.query} proposals={proposals.get(r.query) ?? []} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** "Add synonym": the query as the first term, and what it means (POST /api/search/synonyms). `query` null: closed. */
export function MissSynonymDialog({ query, onClose }: { query: string | null; onClose(): void }) {
  const formId = useId();
  const save = useSaveSynonym();
  const [serverError, setServerError] = useState<string | null>(null);
  const close = () => {
    setServerError(null);
    save.reset();
    onClose();
  };
  const submit = (terms: string[], meaning: string) => {
    setServerError(null);
    save.mutate(
      { input: { terms } },
      {
        onSuccess: () => {
          toastSuccess(t.added(terms[0], meaning));
          close();
        },
        onError: (err) => setServerError(err.message),
      },
    );
  };
  return (
    <Modal
      open={query !== null}
      onClose={close}
      title={query ? t.dialogTitle(query) : ''}
      size="md"
      closeLabel={t.close}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close} disabled={save.isPending}>
            {t.cancel}
          </button>
          <button type="submit" form={formId} className="btn btn-primary min-w-32" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {save.isPending ? t.saving : t.save}
          </button>
        </>
      }
    >
      {query !== null && <MissSynonymForm key={query} id={formId} query={query} serverError={serverError} onSubmit={submit} />}
    </Modal>
  );
}

export function MissSynonymForm({
  id,
  query,
  serverError,
  onSubmit,
}: {
  id: string;
  query: string;
  serverError?: string | null;
  onSubmit(terms: string[], meaning: string): void;
}) {
  const [term, setTerm] = useState(query);
  const [meaning, setMeaning] = useState('');
  const [error, setError] = useState('');
  const meaningRef = useRef<HTMLInputElement>(null);
  // The one thing to type: the dialog opens on it (after showModal, which focuses the dialog's first control).
  useEffect(() => {
    const id = setTimeout(() => meaningRef.current?.focus(), 0);
    return () => clearTimeout(id);
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (meaning.trim() === '') {
      setError(t.meaningRequired);
      return;
    }
    const result = termsFromText(`${term.replace(/,/g, ' ')}, ${meaning}`);
    if (result.error !== undefined) {
      setError(result.error);
      return;
    }
    setError('');
    onSubmit(result.terms, meaning.trim());
  };
  const termField = `${id}-term`;
  const meaningField = `${id}-meaning`;
  return (
    <form id={id} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField id={termField} label={t.term}>
        <input id={termField} className="input w-full" autoComplete="off" value={term} onChange={(e) => setTerm(e.target.value)} />
      </FormField>
      <FormField id={meaningField} label={t.meaning} hint={t.meaningHint} error={error}>
        <input
          id={meaningField}
          className="input w-full aria-invalid:border-error"
          autoComplete="off"
          ref={meaningRef}
          value={meaning}
          onChange={(e) => {
            setMeaning(e.target.value);
            setError('');
          }}
          {...fieldAria(meaningField, { hint: true, error })}
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
