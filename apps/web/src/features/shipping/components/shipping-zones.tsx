import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { shippingAdminCopy } from '@shop/shared/copy/shipping-admin';
import type { ShippingMethod, ShippingZone } from '@shop/shared/schemas/shipping-tax';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { DashboardPageHeader } from '../../dashboard/components/dashboard-page-header';
import { shippingZonesQueryOptions, useDeleteMethod, useDeleteZone } from '../api/shipping-admin';
import { MethodFormDialog, type MethodTarget } from './method-form-dialog';
import { ZoneCard } from './zone-card';
import { ZoneFormDialog } from './zone-form-dialog';

const t = shippingAdminCopy;

/** Issue #24 item 5: the admin's Shipping page — every zone as a card with its methods, and the dialogs that change them. */
export function ShippingZonesAdmin() {
  const zones = useQuery(shippingZonesQueryOptions());
  // undefined: the form of a new zone; null: no zone form open.
  const [zoneForm, setZoneForm] = useState<ShippingZone | undefined | null>(null);
  const [methodForm, setMethodForm] = useState<MethodTarget | null>(null);
  const [zoneToDelete, setZoneToDelete] = useState<ShippingZone | null>(null);
  const [methodToDelete, setMethodToDelete] = useState<{ zone: ShippingZone; method: ShippingMethod } | null>(null);
  const deleteZone = useDeleteZone();
  const deleteMethod = useDeleteMethod();

  return (
    <section aria-labelledby="shipping-title">
      <DashboardPageHeader id="shipping-title" title={t.title} intro={t.intro}>
        <button type="button" className="btn btn-primary" onClick={() => setZoneForm(undefined)}>
          <span aria-hidden="true">+</span> {t.addZone}
        </button>
      </DashboardPageHeader>
      {zones.isPending ? (
        <div className="flex flex-col gap-6" aria-hidden="true">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : zones.isError ? (
        <LoadError message={zones.error.message} onRetry={() => void zones.refetch()} />
      ) : zones.data.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-lg">{t.empty}</p>
      ) : (
        <div className="flex flex-col gap-6">
          {zones.data.map((zone) => (
            <ZoneCard
              key={zone._id}
              zone={zone}
              onEdit={() => setZoneForm(zone)}
              onDelete={() => setZoneToDelete(zone)}
              onAddMethod={() => setMethodForm({ zone })}
              onEditMethod={(method) => setMethodForm({ zone, method })}
              onDeleteMethod={(method) => setMethodToDelete({ zone, method })}
            />
          ))}
        </div>
      )}

      <ZoneFormDialog zone={zoneForm} onClose={() => setZoneForm(null)} />
      <MethodFormDialog target={methodForm} onClose={() => setMethodForm(null)} />
      <ConfirmDialog
        open={zoneToDelete !== null}
        title={zoneToDelete ? t.confirmDeleteZone(zoneToDelete.name) : ''}
        confirmLabel={t.deleteZone}
        cancelLabel={t.keep}
        pending={deleteZone.isPending}
        onCancel={() => setZoneToDelete(null)}
        onConfirm={() => zoneToDelete && mutateThenClose(deleteZone, zoneToDelete._id, t.zoneDeleted(zoneToDelete.name), () => setZoneToDelete(null))}
      >
        {zoneToDelete && <p>{t.confirmDeleteZoneHint(zoneToDelete.methods.length)}</p>}
      </ConfirmDialog>
      <ConfirmDialog
        open={methodToDelete !== null}
        title={methodToDelete ? t.confirmDeleteMethod(methodToDelete.method.name, methodToDelete.zone.name) : ''}
        confirmLabel={t.delete}
        cancelLabel={t.keep}
        pending={deleteMethod.isPending}
        onCancel={() => setMethodToDelete(null)}
        onConfirm={() =>
          methodToDelete && mutateThenClose(deleteMethod, methodToDelete.method._id, t.methodDeleted(methodToDelete.method.name), () => setMethodToDelete(null))
        }
      >
        <p>{t.confirmDeleteMethodHint}</p>
      </ConfirmDialog>
    </section>
  );
}
