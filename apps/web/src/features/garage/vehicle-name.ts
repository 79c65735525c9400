import type { Vehicle } from '@shop/shared/schemas/vehicle';

/** "2021 Yamaha MT-07", with the variant after the model when there is one ("2019 Yamaha MT-09 SP"). */
export const vehicleName = (v: Pick<Vehicle, 'year' | 'make' | 'model' | 'variant'>) => `${v.year} ${v.make} ${v.model}${v.variant ? ` ${v.variant}` : ''}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A vehicle id as the API accepts it; anything else in a hand-edited URL is ignored. */
export const isVehicleId = (v: string | null | undefined): v is string => typeof v === 'string' && UUID.test(v);
