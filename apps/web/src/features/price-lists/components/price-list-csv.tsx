import { useId, useState, type FormEvent } from 'react';
import { priceListsCopy } from '@shop/shared/copy/price-lists';
import type { PriceListDetail } from '@shop/shared/schemas/price-list';
import { fieldErrorId, fieldHintId } from '../../../components/ui/form-field';
import { downloadText } from '../../../lib/download';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useExportListPricesCsv, useImportListPricesCsv } from '../api/price-lists';

const t = priceListsCopy;

/** A file name of the list's name: "price-list-workshop-2027.csv". */
const fileName = (name: string) => {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `price-list-${slug || 'prices'}.csv`;
};

/**
 * The list's prices as CSV: download them (the format the upload reads), or upload a file. An upload changes every
 * row or none: a refused file's message (each problem by line) stays on the page until the next try.
 */
export function PriceListCsv({ list }: { list: PriceListDetail }) {
  const id = useId();
  const exporter = useExportListPricesCsv();
  const importer = useImportListPricesCsv();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const download = () =>
    exporter.mutate(list._id, {
      onSuccess: (csv) => downloadText(fileName(list.name), csv),
      onError: (err) => toastError(err.message),
    });

  const upload = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    if (!file) return setProblem(t.fileRequired);
    setProblem(null);
    const csv = await file.text();
    importer.mutate(
      { id: list._id, csv },
      {
        onSuccess: (result) => {
          toastSuccess(t.uploaded(result.updated, result.rows));
          setFile(null);
          form.reset();
        },
        onError: (err) => setProblem(err.message),
      },
    );
  };

  const fileId = `${id}-file`;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p id={fieldHintId(fileId)} className="text-sm text-base-content/80 wrap-anywhere">
        {t.csvHint}
      </p>
      <div>
        <button type="button" className="btn btn-outline" onClick={download} disabled={exporter.isPending} aria-busy={exporter.isPending}>
          {exporter.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {exporter.isPending ? t.downloading : t.download}
        </button>
      </div>
      <form onSubmit={(e) => void upload(e)} noValidate className="flex min-w-0 flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
          <label htmlFor={fileId} className="text-sm font-semibold">
            {t.csvFile}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className="file-input w-full aria-invalid:border-error"
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${fieldHintId(fileId)}${problem ? ` ${fieldErrorId(fileId)}` : ''}`}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setProblem(null);
            }}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={importer.isPending} aria-busy={importer.isPending}>
          {importer.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {importer.isPending ? t.uploading : t.upload}
        </button>
      </form>
      {problem && (
        <p
          id={fieldErrorId(fileId)}
          role="alert"
          className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium whitespace-pre-line text-error wrap-anywhere"
        >
          {problem}
        </p>
      )}
    </div>
  );
}
