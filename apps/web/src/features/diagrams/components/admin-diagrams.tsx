import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { diagramsCopy } from '@shop/shared/copy/diagrams';
import type { AdminDiagram } from '@shop/shared/schemas/diagram';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { DashboardPageHeader } from '../../dashboard/components/dashboard-page-header';
import { adminDiagramsQueryOptions, useDeleteDiagram } from '../api/admin-diagrams';
import { AdminDiagramEditor } from './admin-diagram-editor';
import { AdminDiagramForm } from './admin-diagram-form';
import { AdminDiagramList } from './admin-diagram-list';

const t = diagramsCopy;
const card = 'rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6';
const heading = 'mb-4 font-display text-xl font-bold uppercase tracking-wide';

/** Issue #36 item 1 (decision 197): the admin's parts diagrams — the list, a new diagram, and editing one's callouts. */
export function AdminDiagrams() {
  const diagrams = useQuery(adminDiagramsQueryOptions());
  const [editingId, setEditingId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AdminDiagram | null>(null);
  const remove = useDeleteDiagram();
  // The editor shows the list's copy of the diagram, so every write's refresh reaches it.
  const editing = diagrams.data?.find((d) => d._id === editingId) ?? null;

  return (
    <section aria-labelledby="diagrams-title">
      <DashboardPageHeader id="diagrams-title" title={t.adminTitle} intro={t.adminIntro} />
      <div className="grid min-w-0 items-start gap-6">
        <section aria-labelledby="diagrams-list" className={`${card} min-w-0`}>
          <h3 id="diagrams-list" className={heading}>
            {t.adminListTitle}
          </h3>
          <AdminDiagramList onEdit={(d) => setEditingId(d._id)} onDelete={setToDelete} />
        </section>
        {editing && (
          <section aria-label={t.editTitle(editing.name)} className={`${card} min-w-0`}>
            <AdminDiagramEditor key={editing._id} diagram={editing} onClose={() => setEditingId(null)} />
          </section>
        )}
        <section aria-labelledby="diagrams-create" className={`${card} min-w-0`}>
          <h3 id="diagrams-create" className={heading}>
            {t.createTitle}
          </h3>
          <AdminDiagramForm onCreated={(d) => setEditingId(d._id)} />
        </section>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? t.deleteConfirm(toDelete.name) : ''}
        confirmLabel={t.deleteButton}
        cancelLabel={t.keep}
        pending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          mutateThenClose(remove, toDelete._id, t.deleted(toDelete.name), () => {
            if (editingId === toDelete._id) setEditingId(null);
            setToDelete(null);
          })
        }
      >
        <p>{t.deleteConfirmHint}</p>
      </ConfirmDialog>
    </section>
  );
}
