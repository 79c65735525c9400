import { useState } from 'react';
import { Link } from 'react-router';
import { garageCopy } from '@shop/shared/copy/garage';
import type { GarageEntry, Vehicle } from '@shop/shared/schemas/vehicle';
import { paths } from '../../../config/paths';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useAuth } from '../../identity/auth-context';
import { useActivateGarageEntry, useGarage, useRemoveGarageEntry, useSaveVehicle } from '../api/garage';
import { vehicleName } from '../vehicle-name';
import { BikeIcon } from './fit-icons';
import { VehiclePicker } from './vehicle-picker';

const t = garageCopy;
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** My Garage (issue #11 part 4): the saved bikes, the active one, add and remove. */
export function GarageManager() {
  const { user } = useAuth();
  const garage = useGarage(user?.id);
  const save = useSaveVehicle();
  // A new key empties the form after each bike added.
  const [added, setAdded] = useState(0);

  async function add(vehicle: Vehicle) {
    try {
      // A new bike is added beside the others; the first one becomes active on its own.
      await save.mutateAsync({ vehicleId: vehicle._id, activate: false });
      toastSuccess(t.saved(vehicleName(vehicle)));
      setAdded((n) => n + 1);
    } catch (err) {
      toastError(message(err));
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <div>
        {garage.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : garage.isError ? (
          <LoadError message={garage.error.message} onRetry={() => void garage.refetch()} />
        ) : garage.data.length === 0 ? (
          <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-6 text-base-content/80">{t.empty}</p>
        ) : (
          <ul aria-label={t.listLabel} className="flex flex-col gap-3">
            {garage.data.map((entry) => (
              <GarageRow key={entry._id} entry={entry} />
            ))}
          </ul>
        )}
      </div>
      <section aria-labelledby="garage-add" className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
        <h3 id="garage-add" className="mb-4 font-display text-xl font-bold uppercase">
          {t.addTitle}
        </h3>
        <VehiclePicker key={added} submitLabel={t.add} onPick={add} busy={save.isPending} />
      </section>
    </div>
  );
}

function GarageRow({ entry }: { entry: GarageEntry }) {
  const activate = useActivateGarageEntry();
  const remove = useRemoveGarageEntry();
  const [busy, setBusy] = useState(false);
  const name = vehicleName(entry.vehicle);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      toastSuccess(done);
    } catch (err) {
      toastError(message(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li
      className={`flex flex-wrap items-center gap-x-4 gap-y-3 rounded-box border bg-base-100 p-4 ${entry.active ? 'border-primary shadow-sm' : 'border-base-300'}`}
    >
      <span className={entry.active ? 'text-primary' : 'text-base-content/60'}>
        <BikeIcon />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-display text-lg font-bold uppercase leading-tight">{name}</p>
        {entry.active && (
          <p className="mt-1 inline-block rounded-field bg-primary px-2 py-0.5 text-xs font-semibold uppercase text-primary-content">{t.active}</p>
        )}
      </div>
      <div className="flex basis-full flex-wrap gap-2 sm:basis-auto">
        <Link to={`${paths.products}?vehicle=${entry.vehicle._id}`} className="btn btn-sm btn-ghost" aria-label={t.shopForVehicle(name)}>
          {t.shopFor}
        </Link>
        {!entry.active && (
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={busy}
            aria-label={t.makeActiveFor(name)}
            onClick={() => void run(() => activate.mutateAsync(entry._id), t.activated(name))}
          >
            {t.makeActive}
          </button>
        )}
        <button
          type="button"
          className="btn btn-sm btn-ghost text-error"
          disabled={busy}
          aria-label={t.removeFor(name)}
          onClick={() => void run(() => remove.mutateAsync(entry._id), t.removed(name))}
        >
          {t.remove}
        </button>
      </div>
    </li>
  );
}
