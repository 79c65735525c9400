import type { Vehicle } from '@shop/shared/schemas/vehicle';
import { storedKey } from '../../lib/stored-key';

/**
 * A visitor's chosen vehicle, kept in localStorage (decision 132) like the
 * guest cart (decision 121). At sign-in it is offered for My Garage once and
 * then cleared (GarageSync).
 */
export const GUEST_VEHICLE_KEY = 'guestVehicle';

const store = storedKey(GUEST_VEHICLE_KEY);
let cachedRaw: string | null | undefined;
let cachedVehicle: Vehicle | null = null;

/**
 * The stored value has the Vehicle shape. A plain check, not the shared zod schema: this runs on every
 * page, and zod stays off the public pages' critical path (decision 107).
 */
function isVehicle(value: unknown): value is Vehicle {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v._id === 'string' &&
    typeof v.make === 'string' &&
    typeof v.model === 'string' &&
    Number.isInteger(v.year) &&
    (v.variant === null || typeof v.variant === 'string')
  );
}

function parse(raw: string | null): Vehicle | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isVehicle(value)) return null;
    const { _id, make, model, year, variant } = value;
    return { _id, make, model, year, variant };
  } catch {
    return null;
  }
}

/** The stored vehicle, stable between changes (for useSyncExternalStore). */
export function getGuestVehicle(): Vehicle | null {
  const raw = store.read();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedVehicle = parse(raw);
  }
  return cachedVehicle;
}

/** Private mode or full storage: the choice lasts as long as the page. */
export function setGuestVehicle(vehicle: Vehicle | null) {
  store.write(vehicle ? JSON.stringify(vehicle) : null);
}

export const clearGuestVehicle = () => setGuestVehicle(null);

/** This tab's choice and another tab's. */
export const subscribeGuestVehicle = store.subscribe;
