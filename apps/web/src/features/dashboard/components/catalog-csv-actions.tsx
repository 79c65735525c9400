import { useRef, useState } from 'react';
import { catalogCsvCopy } from '@shop/shared/copy/catalog-csv';
import type { CatalogImportResult } from '@shop/shared/schemas/catalog-csv';
import { Modal } from '../../../components/ui/modal';
import { downloadText } from '../../../lib/download';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useExportCatalogCsv } from '../api/export-catalog-csv';
import { useImportCatalogCsv } from '../api/import-catalog-csv';
import { formatCount } from '@shop/shared/intl';

const t = catalogCsvCopy;

/** Export the catalogue; import a CSV after a dry-run preview of what it would change. */
export function CatalogCsvActions() {
  const exporter = useExportCatalogCsv();
  const importer = useImportCatalogCsv();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [preview, setPreview] = useState<CatalogImportResult | null>(null);

  const exportCsv = () =>
    exporter.mutate(undefined, {
      onSuccess: (csv) => downloadText(`catalogue-${new Date().toISOString().slice(0, 10)}.csv`, csv),
      onError: (err) => toastError(err.message),
    });

  const check = async (chosen: File) => {
    const csv = await chosen.text();
    setFile({ name: chosen.name, csv });
    importer.mutate(
      { csv, dryRun: true },
      {
        onSuccess: setPreview,
        onError: (err) => toastError(err.message),
      },
    );
  };

  const apply = () => {
    if (!file) return;
    importer.mutate(
      { csv: file.csv, dryRun: false },
      {
        onSuccess: (result) => {
          toastSuccess(t.applied(result.created, result.updated));
          close();
        },
        onError: (err) => toastError(err.message),
      },
    );
  };

  const close = () => {
    setPreview(null);
    setFile(null);
  };

  const canApply = preview && preview.errors.length === 0 && preview.created + preview.updated > 0;
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn btn-outline" onClick={exportCsv} disabled={exporter.isPending}>
        {exporter.isPending ? t.exporting : t.export}
      </button>
      <button type="button" className="btn btn-outline" onClick={() => fileInput.current?.click()} disabled={importer.isPending}>
        {importer.isPending && !preview ? t.checking : t.import}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        tabIndex={-1}
        aria-label={t.import}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = '';
          if (chosen) void check(chosen);
        }}
      />
      <Modal
        open={preview !== null}
        onClose={close}
        title={t.previewTitle}
        size="lg"
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={close}>
              {t.cancel}
            </button>
            {canApply && (
              <button type="button" className="btn btn-primary" onClick={apply} disabled={importer.isPending} aria-busy={importer.isPending}>
                {importer.isPending ? t.applying : t.apply}
              </button>
            )}
          </>
        }
      >
        {preview && (
          <div className="flex flex-col gap-4">
            {file && <p className="text-sm text-base-content/80">{t.previewFile(file.name)}</p>}
            <dl className="grid grid-cols-3 gap-2 text-center">
              {(
                [
                  [t.created, preview.created],
                  [t.updated, preview.updated],
                  [t.unchanged, preview.unchanged],
                ] as const
              ).map(([label, n]) => (
                <div key={label} className="rounded-box border border-base-300 bg-base-200 p-3">
                  <dt className="text-xs font-semibold uppercase tracking-wide text-base-content/80">{label}</dt>
                  <dd className="font-display text-3xl font-bold tabular-nums">{formatCount(n)}</dd>
                </div>
              ))}
            </dl>
            {preview.errors.length > 0 ? (
              <div role="alert" className="rounded-box border border-error/40 bg-error/10 p-4">
                <p className="font-semibold text-error">{t.problemsTitle(preview.errors.length)}</p>
                <ul className="mt-2 flex max-h-60 flex-col gap-1 overflow-y-auto text-sm">
                  {preview.errors.map((e) => (
                    <li key={`${e.line}-${e.message}`}>
                      <span className="font-semibold">{t.line(e.line)}:</span> {e.message}
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              preview.created + preview.updated === 0 && <p>{t.nothingToDo}</p>
            )}
          </div>
        )}
      </Modal>
    </div>
  );
}
