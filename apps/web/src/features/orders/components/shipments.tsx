import type { ReactNode } from 'react';
import { shipmentsCopy as t } from '@shop/shared/copy/shipments';
import type { Purchase } from '@shop/shared/schemas/cart';
import type { Shipment } from '@shop/shared/schemas/shipment';
import { useDateFormat } from '../../../lib/date-format';
import { formatCount } from '@shop/shared/intl';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** The tracking number, a link to the carrier's tracking page in a new tab when it has one ('Other' has none). */
export function TrackingLink({ shipment: s, children, className = '' }: { shipment: Shipment; children?: ReactNode; className?: string }) {
  // A long number may break anywhere; a word given as the link's text ("track") stays whole.
  const wrap = children ? 'whitespace-nowrap' : 'break-all';
  if (!s.trackingUrl) return <span className={`font-mono ${wrap} ${className}`}>{children ?? s.trackingNumber}</span>;
  return (
    <a
      href={s.trackingUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={`link link-primary font-mono ${wrap} ${className}`}
      aria-label={t.trackLabel(s.carrierName, s.trackingNumber)}
    >
      {children ?? s.trackingNumber}
    </a>
  );
}

/**
 * Issue #25 (decision 157): the order page's Shipments — each parcel with its
 * carrier, tracking number (a link to the carrier's page), date and lines.
 */
export function ShipmentsSection({ purchase: p }: { purchase: Purchase }) {
  const day = useDateFormat(DAY);
  const list = p.shipments ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="order-shipments-title" className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
      <h3 id="order-shipments-title" className="mb-3 font-display text-xl font-bold uppercase">
        {t.title}
      </h3>
      <ol className="flex flex-col gap-4">
        {list.map((s, i) => (
          <li key={s._id} className={i > 0 ? 'border-t border-base-300 pt-4' : ''}>
            <p className="text-sm font-semibold uppercase tracking-wider text-base-content/80">{t.shipmentOf(i + 1, list.length)}</p>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              <dt className="text-base-content/75">{t.carrier}</dt>
              <dd className="font-medium">{s.carrierName}</dd>
              <dt className="text-base-content/75">{t.trackingNumber}</dt>
              <dd>
                <TrackingLink shipment={s} />
              </dd>
              <dt className="text-base-content/75">{t.shippedOn}</dt>
              <dd className="font-medium">{day(s.shippedAt)}</dd>
            </dl>
            <h4 className="sr-only">{t.inParcel}</h4>
            <ul className="mt-2 flex flex-col gap-0.5 text-sm">
              {s.lines.map((l) => (
                <li key={l.orderId}>
                  {l.productName} <span className="whitespace-nowrap text-base-content/75 tabular-nums">× {formatCount(l.quantity)}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** My Orders and Manage All Orders: one short line per parcel, "Shipped via UPS · 1Z999AA1… (track)". */
export function ShipmentSummary({ purchase: p }: { purchase: Purchase }) {
  const list = p.shipments ?? [];
  if (list.length === 0) return null;
  return (
    <ul className="mt-2 flex max-w-64 flex-col gap-1 text-xs text-base-content/80">
      {list.map((s) => (
        <li key={s._id} className="break-words">
          {t.shippedVia(s.carrierName)} · <ShortNumber n={s.trackingNumber} />
          {s.trackingUrl && (
            <>
              {' '}
              <span className="whitespace-nowrap">
                (
                <TrackingLink shipment={s} className="font-sans">
                  {t.track}
                </TrackingLink>
                )
              </span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A long tracking number cut to its start in the lists ("1Z999AA101…"); the order page shows it whole, and a screen reader hears it whole. */
function ShortNumber({ n }: { n: string }) {
  if (n.length <= 12) return <span className="font-mono">{n}</span>;
  return (
    <>
      <span className="font-mono" aria-hidden="true" title={n}>
        {n.slice(0, 10)}…
      </span>
      <span className="sr-only">{n}</span>
    </>
  );
}
