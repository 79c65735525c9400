import { Link } from 'react-router';
import { receivablesCopy as t } from '@shop/shared/copy/receivables';
import type { Receivable } from '@shop/shared/schemas/company';
import { paths } from '../../../config/paths';
import { formatPrice } from '../../../components/ui/price';
import { OverdueBadge } from './overdue-badge';

/** An e-mail address that, when it must wrap, wraps before its "@" first. */
export function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

interface ReceivableCardProps {
  invoice: Receivable;
  date: (iso: string) => string;
  /** The shop's admin: the company's name, and the invoice's link as "Invoice". */
  admin?: boolean;
  /** Who placed it (the admin, and a company member who sees every order). */
  showBuyer?: boolean;
}

/**
 * One open invoice as a card: its order (to the order's page), placed, due (overdue marked), PO number, amount,
 * and the invoice's link — "Pay invoice" for the company's member, "Invoice" for the shop's admin. The company
 * page lists these; the admin's Open invoices page shows them on a phone in place of its table.
 */
export function ReceivableCard({ invoice: r, date, admin = false, showBuyer = false }: ReceivableCardProps) {
  return (
    <li className={`min-w-0 rounded-box border bg-base-100 p-4 ${r.overdue ? 'border-warning' : 'border-base-300'}`}>
      {admin && (
        <p className="mb-3 wrap-anywhere">
          <span className="block font-semibold">{r.companyName}</span>
          <span className="block text-xs text-base-content/80">
            {t.by} <Email address={r.email} />
          </span>
        </p>
      )}
      <dl className={`grid min-w-0 grid-cols-2 gap-x-4 gap-y-3 text-sm ${admin ? '' : 'lg:grid-cols-[7rem_7rem_9rem_minmax(0,1fr)_7rem] lg:items-start'}`}>
        <div className="min-w-0">
          <dt className="text-xs text-base-content/80">{t.orderNumber}</dt>
          <dd>
            <Link to={paths.orderDetail(r.number)} className="link font-semibold tabular-nums" aria-label={t.openOrder(r.number)}>
              {r.number}
            </Link>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-base-content/80">{t.placed}</dt>
          <dd>{date(r.placedAt)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-base-content/80">{t.due}</dt>
          <dd className="font-semibold">{date(r.dueAt)}</dd>
          {r.overdue && (
            <dd className="mt-1">
              <OverdueBadge invoice={r} />
            </dd>
          )}
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-base-content/80">{t.po}</dt>
          <dd className="wrap-anywhere">{r.poNumber || t.noPo}</dd>
          {showBuyer && !admin && (
            <dd className="text-xs text-base-content/80 wrap-anywhere">
              {t.by} <Email address={r.email} />
            </dd>
          )}
        </div>
        <div className={`col-span-2 min-w-0 ${admin ? '' : 'lg:col-span-1 lg:text-right'}`}>
          <dt className="text-xs text-base-content/80">{t.amount}</dt>
          <dd className="text-base font-bold tabular-nums">{formatPrice(r.total)}</dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-end gap-2 border-t border-base-300 pt-3">
        {!r.invoiceUrl ? (
          <p className="text-sm text-base-content/80">{admin ? t.notIssued : t.invoiceComing}</p>
        ) : admin ? (
          <a href={r.invoiceUrl} className="btn btn-outline btn-sm" aria-label={t.invoiceOf(r.number)}>
            {t.invoiceLink}
          </a>
        ) : (
          // The payment provider's page (an absolute address), in this tab: it comes back to the shop once paid.
          <a href={r.invoiceUrl} className="btn btn-primary btn-sm" aria-label={t.payInvoiceFor(r.number)}>
            {t.payInvoice}
          </a>
        )}
      </div>
    </li>
  );
}
