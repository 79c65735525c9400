import type { Vehicle } from '@shop/shared/schemas/vehicle';

/**
 * A visitor's chosen vehicle, kept in localStorage (decision 132) like the
 * guest cart (decision 121). At sign-in it is offered for My Garage once and
 * then cleared (GarageSync).
 */
export const GUEST_VEHICLE_KEY = 'guestVehicle';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedVehicle: Vehicle | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(GUEST_VEHICLE_KEY);
  } catch {
    return null;
  }
}

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
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedVehicle = parse(raw);
  }
  return cachedVehicle;
}

export function setGuestVehicle(vehicle: Vehicle | null) {
  try {
    if (vehicle) localStorage.setItem(GUEST_VEHICLE_KEY, JSON.stringify(vehicle));
    else localStorage.removeItem(GUEST_VEHICLE_KEY);
  } catch {
    // Private mode or full storage: the choice is not kept.
  }
  listeners.forEach((l) => l());
}

export const clearGuestVehicle = () => setGuestVehicle(null);

export function subscribeGuestVehicle(listener: () => void) {
  listeners.add(listener);
  // Another tab chose a vehicle.
  const onStorage = (e: StorageEvent) => {
    if (e.key === GUEST_VEHICLE_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
