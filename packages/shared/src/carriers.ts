/**
 * Issue #25 (decision 157): the carriers a shipment can go with, each with the
 * address of its public tracking page; `{n}` is the tracking number. 'Other'
 * has no tracking page, so its shipments show the number without a link.
 */
export const CARRIERS = [
  { id: 'ups', name: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum={n}' },
  { id: 'usps', name: 'USPS', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}' },
  { id: 'fedex', name: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={n}' },
  { id: 'dhl', name: 'DHL', trackingUrl: 'https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&tracking-id={n}' },
  { id: 'dpd', name: 'DPD', trackingUrl: 'https://tracking.dpd.de/status/en_US/parcel/{n}' },
  { id: 'canada_post', name: 'Canada Post', trackingUrl: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={n}' },
  { id: 'royal_mail', name: 'Royal Mail', trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/{n}' },
  { id: 'gls', name: 'GLS', trackingUrl: 'https://gls-group.com/GROUP/en/parcel-tracking?match={n}' },
  { id: 'rl_carriers', name: 'R+L Carriers', trackingUrl: 'https://www2.rlcarriers.com/freight/shipping/shipment-tracing?pro={n}' },
  { id: 'other', name: 'Other', trackingUrl: null },
] as const satisfies readonly { id: string; name: string; trackingUrl: string | null }[];

export type CarrierId = (typeof CARRIERS)[number]['id'];
export const CARRIER_IDS = CARRIERS.map((c) => c.id) as [CarrierId, ...CarrierId[]];

const byId = new Map<string, (typeof CARRIERS)[number]>(CARRIERS.map((c) => [c.id, c]));

/** The carrier's name ("UPS"), or the id itself for a carrier no longer listed. */
export const carrierName = (id: string): string => byId.get(id)?.name ?? id;

/** The tracking page of this number at this carrier, or null when the carrier has none ('Other'). */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const template = byId.get(carrier)?.trackingUrl;
  return template ? template.replace('{n}', encodeURIComponent(trackingNumber)) : null;
}
