import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ShippingMethod,
  ShippingMethodInput,
  ShippingZone,
  ShippingZoneInput,
  ShopTaxSettings,
  TaxRate,
  TaxRateInput,
} from '@shop/shared/schemas/shipping-tax';
import { api } from '../../../lib/api-client';

/**
 * Issue #24 item 5: the admin's shipping zones and methods, tax rates and tax setting (every call an admin's).
 * A write refreshes the list it changed; a failed one rejects with the server's message (ApiError).
 */
export const shippingZonesQueryKey = ['admin', 'shipping', 'zones'] as const;
export const taxRatesQueryKey = ['admin', 'tax', 'rates'] as const;
export const taxSettingsQueryKey = ['admin', 'tax', 'settings'] as const;

export const shippingZonesQueryOptions = () =>
  queryOptions({ queryKey: shippingZonesQueryKey, queryFn: ({ signal }) => api<ShippingZone[]>('/shipping/zones', { auth: true, signal }) });
export const taxRatesQueryOptions = () =>
  queryOptions({ queryKey: taxRatesQueryKey, queryFn: ({ signal }) => api<TaxRate[]>('/tax/rates', { auth: true, signal }) });
export const taxSettingsQueryOptions = () =>
  queryOptions({ queryKey: taxSettingsQueryKey, queryFn: ({ signal }) => api<ShopTaxSettings>('/tax/settings', { auth: true, signal }) });

const id = (value: string) => encodeURIComponent(value);

/** One mutation that refreshes `key` once it succeeded. */
function useWrite<TVars, TResult>(key: readonly unknown[], fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

export const useSaveZone = () =>
  useWrite(shippingZonesQueryKey, ({ zoneId, input }: { zoneId?: string; input: ShippingZoneInput }) =>
    zoneId
      ? api<ShippingZone>(`/shipping/zones/${id(zoneId)}`, { method: 'PUT', body: input, auth: true })
      : api<ShippingZone>('/shipping/zones', { method: 'POST', body: input, auth: true }),
  );
export const useDeleteZone = () =>
  useWrite(shippingZonesQueryKey, (zoneId: string) => api<{ deleted: true }>(`/shipping/zones/${id(zoneId)}`, { method: 'DELETE', auth: true }));

/** A new method goes to `zoneId`; an existing one is changed by its `methodId`. */
export const useSaveMethod = () =>
  useWrite(shippingZonesQueryKey, ({ zoneId, methodId, input }: { zoneId: string; methodId?: string; input: ShippingMethodInput }) =>
    methodId
      ? api<ShippingMethod>(`/shipping/methods/${id(methodId)}`, { method: 'PUT', body: input, auth: true })
      : api<ShippingMethod>(`/shipping/zones/${id(zoneId)}/methods`, { method: 'POST', body: input, auth: true }),
  );
export const useDeleteMethod = () =>
  useWrite(shippingZonesQueryKey, (methodId: string) => api<{ deleted: true }>(`/shipping/methods/${id(methodId)}`, { method: 'DELETE', auth: true }));

export const useSaveTaxRate = () =>
  useWrite(taxRatesQueryKey, ({ rateId, input }: { rateId?: string; input: TaxRateInput }) =>
    rateId
      ? api<TaxRate>(`/tax/rates/${id(rateId)}`, { method: 'PUT', body: input, auth: true })
      : api<TaxRate>('/tax/rates', { method: 'POST', body: input, auth: true }),
  );
export const useDeleteTaxRate = () =>
  useWrite(taxRatesQueryKey, (rateId: string) => api<{ deleted: true }>(`/tax/rates/${id(rateId)}`, { method: 'DELETE', auth: true }));

export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ShopTaxSettings) => api<ShopTaxSettings>('/tax/settings', { method: 'PUT', body: settings, auth: true }),
    onSuccess: (saved) => queryClient.setQueryData(taxSettingsQueryKey, saved),
  });
}
