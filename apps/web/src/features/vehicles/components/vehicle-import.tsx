import { useState } from 'react';
import { vehiclesAdminCopy } from '@shop/shared/copy/vehicles-admin';
import type { VehicleImportResult } from '@shop/shared/schemas/vehicle';
import { useImportVehiclesCsv } from '../api/admin-vehicles';
import { formatCount } from '@shop/shared/intl';

const t = vehiclesAdminCopy;

/** Import a vehicles CSV (admin): good rows are added at once; the result lists what was skipped, by line. */
export function VehicleImport() {
  const importer = useImportVehiclesCsv();
  const [file, setFile] = useState<string | null>(null);
  const [result, setResult] = useState<VehicleImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (chosen: File) => {
    setFile(chosen.name);
    setResult(null);
    setError(null);
    importer.mutate(await chosen.text(), { onSuccess: setResult, onError: (err) => setError(err.message) });
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-base-content/80">{t.importHint}</p>
      <pre className="overflow-x-auto rounded-field bg-base-200 px-3 py-2 text-xs" aria-hidden="true">
        {'make,model,year_from,year_to,variant\nHonda,CB650R,2019,2024,\nYamaha,MT-09,2021,2024,SP'}
      </pre>
      <div>
        <label
          className={`btn btn-outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary ${importer.isPending ? 'btn-disabled' : ''}`}
        >
          {importer.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {importer.isPending ? t.importing : t.importButton}
          <input
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            disabled={importer.isPending}
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              e.target.value = '';
              if (chosen) void send(chosen);
            }}
          />
        </label>
      </div>
      <div aria-live="polite">
        {error && (
          <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error">
            {error}
          </p>
        )}
        {result && (
          <section aria-label={t.resultTitle} className="flex flex-col gap-3">
            <h4 className="font-semibold">
              {t.resultTitle}
              {file && <span className="ml-2 text-sm font-normal text-base-content/80">{t.importFile(file)}</span>}
            </h4>
            <dl className={`grid grid-cols-2 gap-2 text-center ${result.linked ? 'sm:grid-cols-5' : 'sm:grid-cols-4'}`}>
              {(
                [
                  [t.rows, result.rows],
                  [t.created, result.created],
                  [t.existing, result.existing],
                  // Decision 210: listed vehicles that the file gave their base vehicle id.
                  ...(result.linked ? [[t.linked, result.linked] as const] : []),
                  [t.skipped, result.errors.length],
                ] as const
              ).map(([label, n]) => (
                <div key={label} className="rounded-box border border-base-300 bg-base-200 p-3">
                  <dt className="text-xs font-semibold uppercase tracking-wide text-base-content/80">{label}</dt>
                  <dd className="font-display text-2xl font-bold tabular-nums">{formatCount(n)}</dd>
                </div>
              ))}
            </dl>
            {result.errors.length > 0 && (
              <div className="rounded-box border border-error/40 bg-error/10 p-4">
                <p className="font-semibold text-error">{t.problemsTitle(result.errors.length)}</p>
                <ul className="mt-2 flex max-h-60 flex-col gap-1 overflow-y-auto text-sm">
                  {result.errors.map((e) => (
                    <li key={`${e.line}-${e.message}`}>
                      <span className="font-semibold">{t.line(e.line)}:</span> {e.message}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
