import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { diagramsCopy } from '@shop/shared/copy/diagrams';
import { formatCount } from '@shop/shared/intl';
import type { AdminDiagram, DiagramVehicle } from '@shop/shared/schemas/diagram';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { toastError } from '../../../lib/toast';
import { yearRanges } from '../../vehicles/api/vehicle-lists';
import { adminDiagramsQueryOptions, exportCallouts } from '../api/admin-diagrams';

const t = diagramsCopy;

/** "2014–2024 Yamaha MT-07; 2021–2024 Yamaha MT-09 SP": the vehicles of a diagram, model years grouped per model. */
export function vehiclesSummary(vehicles: readonly Pick<DiagramVehicle, 'make' | 'model' | 'year' | 'variant'>[]): string {
  const groups = new Map<string, number[]>();
  for (const v of vehicles) {
    const name = `${v.make} ${v.model}${v.variant ? ` ${v.variant}` : ''}`;
    groups.set(name, [...(groups.get(name) ?? []), v.year]);
  }
  return [...groups].map(([name, years]) => `${yearRanges(years)} ${name}`).join('; ');
}

/** Every diagram as a card (never wider than a phone): its vehicles, callouts, and what the admin can do with it. */
export function AdminDiagramList({ onEdit, onDelete }: { onEdit(diagram: AdminDiagram): void; onDelete(diagram: AdminDiagram): void }) {
  const diagrams = useQuery(adminDiagramsQueryOptions());
  const [exporting, setExporting] = useState<string | null>(null);

  if (diagrams.isPending)
    return (
      <div role="status">
        <span className="sr-only">{t.adminLoading}</span>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  if (diagrams.isError) return <LoadError message={diagrams.error.message} onRetry={() => void diagrams.refetch()} />;
  if (diagrams.data.length === 0) return <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-6">{t.adminEmpty}</p>;

  const download = (d: AdminDiagram) => {
    setExporting(d._id);
    exportCallouts(d)
      .catch((err: Error) => toastError(err.message))
      .finally(() => setExporting(null));
  };

  return (
    <ul aria-label={t.adminListTitle} className="grid gap-4 lg:grid-cols-2">
      {diagrams.data.map((d) => (
        <li key={d._id} className="flex min-w-0 flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
          <div className="min-w-0">
            <h4 className="font-display text-lg font-bold uppercase tracking-wide wrap-anywhere">{d.name}</h4>
            <p className="text-sm text-base-content/75 wrap-anywhere">{d.slug}</p>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold">{t.adminColVehicles}</dt>
            <dd className="wrap-anywhere tabular-nums">{d.vehicles.length > 0 ? vehiclesSummary(d.vehicles) : t.noVehicles}</dd>
            <dt className="font-semibold">{t.adminColCallouts}</dt>
            <dd className="tabular-nums">{formatCount(d.calloutCount)}</dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => onEdit(d)} aria-label={t.edit(d.name)}>
              {t.editButton}
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => download(d)}
              disabled={exporting === d._id}
              aria-busy={exporting === d._id}
              aria-label={t.exportNamed(d.name)}
            >
              {exporting === d._id && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {t.exportCsv}
            </button>
            {d.vehicles[0] && (
              <Link to={paths.diagram(d.vehicles[0].slug, d.slug)} className="btn btn-ghost btn-sm" aria-label={t.openNamed(d.name)}>
                {t.open}
              </Link>
            )}
            <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => onDelete(d)} aria-label={t.deleteDiagram(d.name)}>
              {t.deleteButton}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
