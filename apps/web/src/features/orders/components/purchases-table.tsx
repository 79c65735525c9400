import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { orderViewCopy } from '@shop/shared/copy/order-view';
import type { Purchase } from '@shop/shared/schemas/cart';
import type { Order } from '@shop/shared/schemas/order';
import { InvoiceLink } from './invoice-link';
import { paths } from '../../../config/paths';
import { formatPrice, Price } from '../../../components/ui/price';
import { lineKitParts, lineSku, purchaseAsOrder, shipToLines } from '../purchase';
import { KitLineParts } from './kit-line-parts';
import { useDateFormat } from '../../../lib/date-format';
import { formatCount } from '@shop/shared/intl';
import { guestCheckoutCopy } from '@shop/shared/copy/guest-checkout';

const t = orderFlowCopy;
const v = orderViewCopy;
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

interface PurchasesTableProps {
  purchases: Purchase[];
  caption: string;
  /** Admins see who ordered. */
  showCustomer?: boolean;
  /** Number of the first row minus one (rows keep counting across pages). */
  offset?: number;
  /** `line` stands for the whole order in the spec's one-line status components (purchaseAsOrder). */
  renderStatus(purchase: Purchase, line: Order): ReactNode;
  renderActions(purchase: Purchase, line: Order): ReactNode;
  /** Something under each line of an order of many lines (Order again). */
  renderLineAction?(line: Order, purchase: Purchase): ReactNode;
}

/**
 * Issue #24: one row per order — a checkout with its lines inside, or a lone
 * spec order exactly as before — with its number (a link to its page), total,
 * where it ships, status and actions. Rows numbered from 1 (spec). Phones get
 * the orders as a numbered list of cards, tablets two cards a row; the real
 * table from 1280 px, where the dashboard's content is 926 px wide (issue #34:
 * from 768 px its six columns ran wider than their box and hid the actions).
 */
export function PurchasesTable(props: PurchasesTableProps) {
  return (
    <>
      <PurchaseCards {...props} />
      <PurchasesGrid {...props} />
    </>
  );
}

function PurchaseCards({ purchases, caption, showCustomer = false, offset = 0, renderStatus, renderActions, renderLineAction }: PurchasesTableProps) {
  return (
    <ol aria-label={caption} start={offset + 1} className="grid gap-4 md:grid-cols-2 xl:hidden">
      {purchases.map((p, i) => {
        const line = purchaseAsOrder(p);
        return (
          <li key={p._id} className="min-w-0 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
            <div className="flex items-start gap-3">
              <span className="font-display text-2xl font-bold leading-none text-base-content/75 tabular-nums" aria-hidden="true">
                {offset + i + 1}
              </span>
              <div className="min-w-0 flex-1">
                <OrderHeading purchase={p} />
              </div>
              <Price value={p.total} className="font-display text-xl font-bold" />
            </div>
            <Includes purchase={p} className="mt-1 text-right" />
            <div className="mt-3 border-t border-base-300 pt-3">
              <Lines purchase={p} renderLineAction={renderLineAction} />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {showCustomer && (
                <>
                  <dt className="text-base-content/75">{t.colCustomer}</dt>
                  <dd className="min-w-0 break-words">
                    {p.userName} · {p.email}
                    <GuestMark purchase={p} />
                  </dd>
                </>
              )}
              <dt className="text-base-content/75">{t.colShipping}</dt>
              <dd className="min-w-0 break-words">
                <ShipTo purchase={p} />
              </dd>
            </dl>
            <div className="mt-4 flex flex-wrap items-end justify-between gap-3 border-t border-base-300 pt-3">
              <div className="min-w-0 flex-1">{renderStatus(p, line)}</div>
              <div className="flex flex-col items-end gap-1">
                {renderActions(p, line)}
                <InvoiceLink purchase={p} />
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function PurchasesGrid({ purchases, caption, showCustomer = false, offset = 0, renderStatus, renderActions, renderLineAction }: PurchasesTableProps) {
  // Six columns fit the dashboard's content at 1280 px (926 px): the order column also says who ordered (admins) and
  // where it ships; long texts wrap inside their cells, and only the buttons keep to one line.
  return (
    <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 xl:block">
      <table className="table [&_td]:px-3 [&_th]:px-3 [&_td]:wrap-anywhere">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-base-200 text-xs uppercase tracking-wider text-base-content/80">
          <tr>
            <th scope="col" className="w-10">
              {t.colNumber}
            </th>
            <th scope="col">{v.colOrder}</th>
            <th scope="col">{v.colLines}</th>
            <th scope="col" className="text-right">
              {v.colTotal}
            </th>
            <th scope="col">{t.colStatus}</th>
            <th scope="col">
              <span className="sr-only">{t.colActions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {purchases.map((p, i) => {
            const line = purchaseAsOrder(p);
            return (
              <tr key={p._id} className="hover:bg-base-200/60 [&>*]:align-top">
                <th scope="row" className="font-display text-lg leading-6 tabular-nums text-base-content/70">
                  {offset + i + 1}
                </th>
                <td className="min-w-36">
                  <OrderHeading purchase={p} />
                  {showCustomer && (
                    <div className="mt-2">
                      <p className="font-medium">
                        {p.userName}
                        <GuestMark purchase={p} />
                      </p>
                      <p className="text-sm break-all text-base-content/80">{p.email}</p>
                    </div>
                  )}
                  <div className="mt-2 text-xs text-base-content/80">
                    <span className="sr-only">{t.colShipping}: </span>
                    <ShipTo purchase={p} />
                  </div>
                </td>
                <td className="w-[26%] min-w-48">
                  <Lines purchase={p} renderLineAction={renderLineAction} />
                </td>
                {/* A set width: what the total includes wraps under it rather than widening the column past the parts'. */}
                <td className="w-36 min-w-24 text-right">
                  <Price value={p.total} className="font-semibold" />
                  <Includes purchase={p} className="mt-0.5" />
                </td>
                {/* Set widths: the parts get room for their names, and the transaction id no longer takes its whole length. */}
                <td className="w-48 min-w-40">{renderStatus(p, line)}</td>
                <td className="text-right whitespace-nowrap">
                  <div className="flex flex-col items-end gap-1">
                    {renderActions(p, line)}
                    <InvoiceLink purchase={p} />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The order's number, a link to its page, and the day it was placed. */
function OrderHeading({ purchase: p }: { purchase: Purchase }) {
  const day = useDateFormat(DAY);
  return (
    <>
      <Link to={paths.orderDetail(p.number)} className="link link-hover font-semibold tabular-nums whitespace-nowrap text-primary">
        {p.number}
      </Link>
      <p className="text-xs text-base-content/75">{t.orderedOn(day(p.createdAt))}</p>
      {/* Issue #37 item 4 (decision 205): the buyer's purchase-order number. */}
      {p.poNumber && <p className="text-xs font-medium break-all">{orderViewCopy.poNumberOf(p.poNumber)}</p>}
    </>
  );
}

/**
 * The parts: a lone order's one part as the spec shows it (its price is the
 * total, so it is not repeated); a checkout's lines, each with its amount.
 */
function Lines({ purchase: p, renderLineAction }: { purchase: Purchase; renderLineAction?: PurchasesTableProps['renderLineAction'] }) {
  if (p.kind === 'single') {
    const o = p.orders[0];
    const sku = lineSku(p, o._id);
    return (
      <div>
        <p className="font-semibold">{o.productName}</p>
        <p className="text-sm text-base-content/80">
          {t.colQuantity} <span className="font-medium tabular-nums">{formatCount(o.quantity)}</span>
        </p>
        {sku && <p className="text-xs text-base-content/70">{v.partNo(sku)}</p>}
        <KitLineParts parts={lineKitParts(p, o._id)} />
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-2" aria-label={v.lineCount(p.orders.length)}>
      {p.orders.map((o) => {
        const sku = lineSku(p, o._id);
        return (
          <li key={o._id} className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium">
                {o.productName} <span className="whitespace-nowrap text-base-content/75 tabular-nums">× {formatCount(o.quantity)}</span>
              </p>
              {sku && <p className="text-xs text-base-content/70">{v.partNo(sku)}</p>}
              <KitLineParts parts={lineKitParts(p, o._id)} />
              {renderLineAction && <div className="mt-1">{renderLineAction(o, p)}</div>}
            </div>
            <Price value={o.price} className="text-sm whitespace-nowrap" />
          </li>
        );
      })}
    </ul>
  );
}

/** Under a checkout's total: the shipping and tax it includes. A lone spec order has neither. */
function Includes({ purchase: p, className = '' }: { purchase: Purchase; className?: string }) {
  if (p.kind === 'single' || (!p.shippingMethod && p.shipping === 0 && p.tax === 0)) return null;
  return (
    <p className={`text-xs text-base-content/75 ${className}`}>
      {/* Each part stays on one line with the dot after it; a narrow column wraps between them (issue #34: the space
          that could break sat inside a part, so the column could not narrow and the table ran wider than its box). */}
      {v
        .includes(p.shipping === 0 ? null : formatPrice(p.shipping), p.taxIncluded ? null : formatPrice(p.tax))
        .split(' · ')
        .map((part, i, all) => (
          <Fragment key={i}>
            {i > 0 && ' '}
            <span className="whitespace-nowrap">{i < all.length - 1 ? `${part} ·` : part}</span>
          </Fragment>
        ))}
    </p>
  );
}

function ShipTo({ purchase }: { purchase: Purchase }) {
  const lines = shipToLines(purchase);
  if (lines.length === 0) return <span className="text-base-content/75">—</span>;
  return (
    <address className="not-italic">
      {lines.map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** Decision 188: an order placed without an account (still so once linked to the account that verified its address). */
function GuestMark({ purchase }: { purchase: Purchase }) {
  if (!purchase.guest) return null;
  return (
    <>
      <span className="badge badge-outline badge-sm ml-2 align-middle font-semibold" title={guestCheckoutCopy.guestMarkLabel}>
        {guestCheckoutCopy.guestMark}
      </span>
      <span className="sr-only"> ({guestCheckoutCopy.guestMarkLabel})</span>
    </>
  );
}
