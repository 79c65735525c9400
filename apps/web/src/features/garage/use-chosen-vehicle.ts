import { useCallback, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { GarageEntry, Vehicle } from '@shop/shared/schemas/vehicle';
import { useAuth } from '../identity/auth-context';
import { useGarage, useSaveVehicle } from './api/garage';
import { vehicleByIdQueryOptions } from './api/vehicles';
import { getGuestVehicle, setGuestVehicle, subscribeGuestVehicle } from './guest-vehicle';
import { isVehicleId } from './vehicle-name';

export interface ChosenVehicleState {
  /** 'account': the garage's active vehicle of the signed-in customer; 'guest': this browser's choice. */
  kind: 'account' | 'guest';
  vehicle: Vehicle | null;
  /** The signed-in customer's saved vehicles (empty for a guest), offered first by the selector. */
  garage: GarageEntry[];
  isPending: boolean;
}

export interface ChosenVehicle extends ChosenVehicleState {
  /** Makes a vehicle the chosen one: a guest's is kept in the browser, a customer's is saved to My Garage and made active. */
  choose(vehicle: Vehicle): Promise<void>;
}

const noEntries: GarageEntry[] = [];

/** The chosen vehicle for every screen (decision 132), read only. */
export function useChosenVehicleState(): ChosenVehicleState {
  const { user, loading } = useAuth();
  const garage = useGarage(loading ? undefined : user?.id);
  const guest = useSyncExternalStore(subscribeGuestVehicle, getGuestVehicle, () => null);
  if (user || loading) {
    const entries = garage.data ?? noEntries;
    return { kind: 'account', vehicle: entries.find((e) => e.active)?.vehicle ?? null, garage: entries, isPending: loading || garage.isPending };
  }
  return { kind: 'guest', vehicle: guest, garage: noEntries, isPending: false };
}

/** The chosen vehicle and the way to choose another. */
export function useChosenVehicle(): ChosenVehicle {
  const { user, loading } = useAuth();
  const state = useChosenVehicleState();
  const save = useSaveVehicle();
  const saveAsync = save.mutateAsync;
  const signedIn = Boolean(user) && !loading;

  const choose = useCallback(
    async (vehicle: Vehicle) => {
      if (signedIn) await saveAsync({ vehicleId: vehicle._id, activate: true });
      else setGuestVehicle(vehicle);
    },
    [signedIn, saveAsync],
  );

  return { ...state, choose };
}

/** The `?vehicle=` of the current URL when it is a well-formed id. */
export function useUrlVehicleId(): string | null {
  const [params] = useSearchParams();
  const id = params.get('vehicle');
  return isVehicleId(id) ? id : null;
}

/**
 * The vehicle the fit badges and warnings speak of: the one in the URL
 * (`/products?vehicle=`, `/search?…&vehicle=`) when there is one, else the
 * chosen vehicle.
 */
export function useFitVehicle(): Vehicle | null {
  const chosen = useChosenVehicleState();
  const urlId = useUrlVehicleId();
  const fromUrl = useQuery({ ...vehicleByIdQueryOptions(urlId ?? ''), enabled: urlId !== null && urlId !== chosen.vehicle?._id, meta: { silent: true } });
  if (urlId === null || urlId === chosen.vehicle?._id) return chosen.vehicle;
  return fromUrl.data ?? null;
}
