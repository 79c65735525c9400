import { refundsCopy as t } from '@shop/shared/copy/refunds';
import type { Purchase } from '@shop/shared/schemas/cart';
import type { Refund } from '@shop/shared/schemas/refund';
import { formatPrice } from '../../../components/ui/price';
import { downloadCreditNote } from '../api/download-invoice';
import { DocumentDownloadButton } from './invoice-link';
import { useDateFormat } from '../../../lib/date-format';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

function CreditNoteLink({ purchase, number }: { purchase: Purchase; number: string }) {
  return (
    <DocumentDownloadButton
      download={() => downloadCreditNote(purchase.number || purchase._id, number)}
      label={t.creditNote(number)}
      ariaLabel={t.downloadCreditNote(number)}
      className="h-auto min-h-0"
    />
  );
}

function refundedWhat(r: Refund): string[] {
  return [
    ...r.lines.map((l) => t.refundedLine(l.productName, l.quantity)),
    ...(r.shipping > 0 ? [t.shippingLine] : []),
    ...(r.extra > 0 ? [`${t.extraLine} ${formatPrice(r.extra)}`] : []),
  ];
}

/**
 * Issue #39 item 6 (decision 184): under the order's total, once a refund was made (or is under way): what went back
 * and what the customer paid in the end. For the customer and the admin.
 */
export function RefundedFigures({ purchase: p }: { purchase: Purchase }) {
  if (!p.paidAt || (p.refunded ?? 0) <= 0) return null;
  return (
    <dl className="mt-1 flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-4">
        <dt className="text-base-content/80">{t.summaryRefunded}</dt>
        <dd className="font-medium tabular-nums">−{formatPrice(p.refunded)}</dd>
      </div>
      <div className="flex items-baseline justify-between gap-4 border-t border-base-300 pt-2">
        <dt className="font-semibold uppercase tracking-wider">{t.summaryNetPaid}</dt>
        <dd className="font-display text-xl font-bold tabular-nums">{formatPrice(p.netPaid)}</dd>
      </div>
    </dl>
  );
}

/**
 * Issue #25 item 3 (decision 162): the order page's Refunds section, for the
 * customer and the admin: each refund's amount, date, what it gave back, its
 * reason and its credit note.
 */
export function RefundsSection({ purchase: p }: { purchase: Purchase }) {
  const day = useDateFormat(DAY);
  const list = p.refunds ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="order-refunds-title" className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
      <h3 id="order-refunds-title" className="mb-3 font-display text-xl font-bold uppercase">
        {t.title}
      </h3>
      <ol className="flex flex-col gap-4">
        {list.map((r, i) => (
          <li key={r._id} className={i > 0 ? 'border-t border-base-300 pt-4' : ''}>
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold tabular-nums">{t.refundOf(formatPrice(r.total))}</span>
              <span className="text-sm text-base-content/75">{r.status === 'pending' ? t.pending : day(r.createdAt)}</span>
            </p>
            <ul className="mt-1 flex flex-col gap-0.5 text-sm">
              {refundedWhat(r).map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
            <p className="mt-1 text-sm">
              <span className="text-base-content/75">{t.reason}: </span>
              {r.reason}
            </p>
            {r.restocked && r.lines.length > 0 && <p className="text-xs text-base-content/75">{t.restocked}</p>}
            {r.creditNoteNumber && <CreditNoteLink purchase={p} number={r.creditNoteNumber} />}
          </li>
        ))}
      </ol>
      <p className="mt-4 flex justify-between border-t border-base-300 pt-2 font-semibold">
        <span>{t.totalRefunded}</span>
        <span className="tabular-nums">{formatPrice(p.refunded)}</span>
      </p>
    </section>
  );
}
