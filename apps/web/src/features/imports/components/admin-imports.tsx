import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { importsCopy } from '@shop/shared/copy/imports';
import { IMPORT_JOB_KINDS_READY, type ImportJob } from '@shop/shared/schemas/import-job';
import { DashboardPageHeader } from '../../dashboard/components/dashboard-page-header';
import { toastError, toastSuccess } from '../../../lib/toast';
import { importJobsQueryOptions, useCancelImport, useCommitImport, useDiscardImport, useUploadImport } from '../api/import-jobs';
import { FeedReportView } from './feed-report';

const t = importsCopy;
const card = 'rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6';
const heading = 'mb-4 font-display text-xl font-bold uppercase tracking-wide';

const statusBadge: Record<ImportJob['status'], string> = {
  queued: 'badge-ghost',
  running: 'badge-info',
  ready: 'badge-warning',
  committing: 'badge-info',
  done: 'badge-success',
  failed: 'badge-error',
  cancelled: 'badge-ghost',
  discarded: 'badge-ghost',
};

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Issue #35 item 2 (decision 200): upload a feed, follow its background job, and commit or discard its report. */
export function AdminImports() {
  const jobs = useQuery(importJobsQueryOptions());
  return (
    <section aria-labelledby="imports-title">
      <DashboardPageHeader id="imports-title" title={t.title} intro={t.intro} />
      <div className="grid min-w-0 items-start gap-6">
        <section aria-labelledby="imports-upload" className={`${card} min-w-0`}>
          <h3 id="imports-upload" className={heading}>
            {t.uploadTitle}
          </h3>
          <UploadForm />
        </section>
        <section aria-labelledby="imports-list" className={`${card} min-w-0`}>
          <h3 id="imports-list" className={heading}>
            {t.listTitle}
          </h3>
          {jobs.isPending ? (
            <span className="loading loading-spinner" aria-label="Loading" />
          ) : jobs.isError ? (
            <p role="alert" className="text-error">
              {message(jobs.error)}
            </p>
          ) : jobs.data.length === 0 ? (
            <p>{t.empty}</p>
          ) : (
            <JobTable jobs={jobs.data} />
          )}
        </section>
      </div>
    </section>
  );
}

function UploadForm() {
  const upload = useUploadImport();
  const [kind, setKind] = useState<string>(IMPORT_JOB_KINDS_READY[0]);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!file) return setProblem(t.fileRequired);
    setProblem(null);
    upload.mutate(
      { file, kind },
      {
        onSuccess: (job) => {
          toastSuccess(t.uploaded(job.fileName));
          setFile(null);
          (e.target as HTMLFormElement).reset();
        },
        onError: (err) => setProblem(message(err)),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-4">
      <label className="form-control">
        <span className="label-text mb-1 font-semibold">{t.kindLabel}</span>
        <select className="select select-bordered" value={kind} onChange={(e) => setKind(e.target.value)}>
          {IMPORT_JOB_KINDS_READY.map((k) => (
            <option key={k} value={k}>
              {t.kinds[k] ?? k}
            </option>
          ))}
        </select>
      </label>
      <label className="form-control">
        <span className="label-text mb-1 font-semibold">{t.fileLabel}</span>
        <input
          type="file"
          accept=".csv,text/csv,.xml,application/xml,text/xml"
          className="file-input file-input-bordered"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'imports-upload-problem' : undefined}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </label>
      <button type="submit" className="btn btn-primary" disabled={upload.isPending}>
        {upload.isPending ? t.uploading : t.upload}
      </button>
      {problem && (
        <p id="imports-upload-problem" role="alert" className="w-full text-error">
          {problem}
        </p>
      )}
    </form>
  );
}

function JobTable({ jobs }: { jobs: ImportJob[] }) {
  return (
    // A phone scrolls the table sideways inside its box, which the keyboard can reach (axe: scrollable-region-focusable).
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t.tableLabel}>
      <table className="table">
        <thead className="text-xs uppercase tracking-wider text-base-content/80">
          <tr>
            <th scope="col">{t.colFile}</th>
            <th scope="col">{t.colStatus}</th>
            <th scope="col">{t.colProgress}</th>
            <th scope="col">{t.colActions}</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <JobRow key={job.id} job={job} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function JobRow({ job }: { job: ImportJob }) {
  const cancel = useCancelImport();
  const commit = useCommitImport();
  const discard = useDiscardImport();
  const run = (mutation: typeof cancel, done: string) =>
    mutation.mutate(job.id, { onSuccess: () => toastSuccess(done), onError: (err) => toastError(message(err)) });
  const moving = job.status === 'queued' || job.status === 'running';
  // The file's size in rows is known only at its end: the bar shows written and erroneous rows of those read.
  const max = Math.max(job.rowsRead, 1);
  return (
    <>
      <tr>
        <td className="max-w-48 truncate font-semibold">{job.fileName}</td>
        <td>
          <span className={`badge ${statusBadge[job.status]}`}>{t.status[job.status]}</span>
          {job.failureMessage && <p className="mt-1 text-sm text-error">{job.failureMessage}</p>}
        </td>
        <td className="min-w-56">
          <progress
            className={`progress w-full ${job.errorCount ? 'progress-warning' : 'progress-primary'}`}
            aria-label={t.progressLabel(job.fileName)}
            value={job.status === 'queued' ? undefined : job.rowsWritten + job.errorCount}
            max={max}
          />
          <p className="text-sm tabular-nums">{t.counts(job.rowsRead, job.rowsWritten, job.errorCount)}</p>
          {job.status === 'done' && <p className="text-sm">{t.result(job.created, job.updated, job.unchanged, job.deleted)}</p>}
        </td>
        <td>
          <div className="flex flex-wrap gap-2">
            {moving && (
              <button
                type="button"
                className="btn btn-sm"
                aria-label={t.cancelOf(job.fileName)}
                disabled={cancel.isPending || job.cancelRequested}
                onClick={() => run(cancel, t.cancelled(job.fileName))}
              >
                {t.cancel}
              </button>
            )}
            {job.status === 'ready' && (
              <>
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  aria-label={t.commitOf(job.fileName)}
                  disabled={commit.isPending}
                  onClick={() => run(commit, t.committed(job.fileName))}
                >
                  {t.commit}
                </button>
                <button
                  type="button"
                  className="btn btn-sm"
                  aria-label={t.discardOf(job.fileName)}
                  disabled={discard.isPending}
                  onClick={() => run(discard, t.discarded(job.fileName))}
                >
                  {t.discard}
                </button>
              </>
            )}
          </div>
        </td>
      </tr>
      {(job.status === 'ready' || job.report || (job.errors.length > 0 && job.status !== 'queued')) && (
        <tr>
          <td colSpan={4}>
            <Summary job={job} />
          </td>
        </tr>
      )}
    </>
  );
}

function Summary({ job }: { job: ImportJob }) {
  return (
    <section aria-label={t.summaryTitle(job.fileName)} className="rounded-box bg-base-200 p-4">
      {job.status === 'ready' && <p className="font-semibold">{t.summaryReady(job.rowsWritten, job.errorCount)}</p>}
      {job.report && <FeedReportView jobId={job.id} fileName={job.fileName} report={job.report} />}
      {job.errors.length > 0 && (
        <>
          <h4 className="mt-2 font-semibold">{t.errorsTitle}</h4>
          <ul className="mt-1 list-inside list-disc text-sm">
            {job.errors.map((e) => (
              <li key={`${e.line}-${e.message}`}>
                {/* Line 0: an error of the job, not of a line (a feed's picture that could not be had, decision 214). */}
                {e.line > 0 ? (
                  <>
                    <strong>{t.errorLine(e.line)}</strong>: {e.message}
                  </>
                ) : (
                  e.message
                )}
              </li>
            ))}
          </ul>
          {job.errorCount > job.errors.length && <p className="mt-1 text-sm">{t.moreErrors(job.errors.length, job.errorCount)}</p>}
        </>
      )}
    </section>
  );
}
