import { formatCount } from '../intl';
/**
 * Issue #25 item 1 (decision 157): shipments — the admin's Ship… dialog, the
 * order page's Shipments section and the line in My Orders.
 */
export const shipmentsCopy = {
  // The order page and My Orders.
  title: 'Shipments',
  /** "Shipment 1 of 2" */
  shipmentOf: (n: number, of: number) => (of > 1 ? `Shipment ${n} of ${of}` : 'Shipment'),
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  shippedOn: 'Shipped on',
  inParcel: 'In this parcel',
  /** The tracking link's accessible name: it opens the carrier's site in a new tab. */
  trackLabel: (carrier: string, n: string) => `Track ${n} with ${carrier} (opens in a new tab)`,
  track: 'track',
  /** My Orders: "Shipped via UPS · 1Z999AA1… (track)". */
  shippedVia: (carrier: string) => `Shipped via ${carrier}`,
  noneYet: 'Not shipped yet.',
  // The admin's dialog.
  shipButton: 'Ship…',
  dialogTitle: (order: string) => `Ship order ${order}`,
  dialogIntro: 'Record a parcel: the customer gets an e-mail with its tracking link.',
  carrierLabel: 'Carrier',
  trackingLabel: 'Tracking number',
  trackingHint: 'As printed on the label; spaces are ignored.',
  dateLabel: 'Ship date',
  linesLegend: 'Units in this parcel',
  lineLeft: (left: number, ordered: number) => (left === ordered ? `${formatCount(ordered)} to ship` : `${formatCount(left)} of ${formatCount(ordered)} left`),
  lineDone: 'shipped',
  quantityLabel: (part: string) => `Units of ${part}`,
  nothingToShip: 'Enter how many units of at least one part go in this parcel.',
  submit: 'Record shipment',
  cancel: 'Cancel',
  shipped: (order: string, complete: boolean) => (complete ? `Order ${order} has shipped.` : `Part of order ${order} has shipped.`),
} as const;
