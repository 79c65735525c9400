import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { garageCopy } from '@shop/shared/copy/garage';
import type { Vehicle } from '@shop/shared/schemas/vehicle';
import { showToast, toastError, toastSuccess } from '../../../lib/toast';
import { useAuth } from '../../identity/auth-context';
import { garageKeys, garageQueryOptions, saveVehicle } from '../api/garage';
import { clearGuestVehicle, getGuestVehicle } from '../guest-vehicle';
import { vehicleName } from '../vehicle-name';

const t = garageCopy;
const PROMPT_ID = 'garage-save-prompt';

/**
 * Right after sign-in, a vehicle the visitor chose is offered for My Garage
 * once (decision 132), the way CartSync merges the browser cart: a prompt
 * "Save your 2021 Yamaha MT-07 to My Garage?" with Save and Not now. The
 * browser's choice is cleared either way; a vehicle already in the garage is
 * not offered again.
 */
export function GarageSync() {
  const { user, loading } = useAuth();
  const queryClient = useQueryClient();
  const doneFor = useRef<string | null>(null);

  useEffect(() => {
    if (!user || loading) {
      if (!user && !loading) doneFor.current = null;
      return;
    }
    if (doneFor.current === user.id) return;
    doneFor.current = user.id;
    const vehicle = getGuestVehicle();
    if (!vehicle) return;
    queryClient
      .fetchQuery(garageQueryOptions(user.id))
      .then((entries) => {
        clearGuestVehicle();
        if (entries.some((e) => e.vehicle._id === vehicle._id)) return;
        showToast(({ closeToast }) => <SavePrompt vehicle={vehicle} onDone={closeToast} />, {
          toastId: PROMPT_ID,
          autoClose: false,
          closeOnClick: false,
          draggable: false,
        });
      })
      .catch(() => {
        // Offered again at the next sign-in.
        doneFor.current = null;
      });
  }, [user, loading, queryClient]);

  return null;
}

function SavePrompt({ vehicle, onDone }: { vehicle: Vehicle; onDone(): void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const name = vehicleName(vehicle);

  async function save() {
    setBusy(true);
    try {
      // The bike the visitor was shopping for becomes the active one.
      await saveVehicle(vehicle._id, { activate: true });
      await queryClient.invalidateQueries({ queryKey: garageKeys.all });
      onDone();
      toastSuccess(t.saved(name));
    } catch (err) {
      setBusy(false);
      toastError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <p className="font-semibold">{t.savePrompt(name)}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => void save()}>
          {t.save}
        </button>
        <button type="button" className="btn btn-sm btn-ghost" disabled={busy} onClick={onDone}>
          {t.notNow}
        </button>
      </div>
    </div>
  );
}
