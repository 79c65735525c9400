import { receivablesCopy as t } from '@shop/shared/copy/receivables';
import type { Receivable } from '@shop/shared/schemas/company';

/** "Overdue · 12 days" beside an invoice past its due date; nothing for one that is not due yet. */
export function OverdueBadge({ invoice }: { invoice: Pick<Receivable, 'overdue' | 'daysOverdue'> }) {
  if (!invoice.overdue) return null;
  return <span className="badge badge-warning badge-sm h-auto whitespace-nowrap py-0.5 font-semibold">{t.overdueBadge(invoice.daysOverdue)}</span>;
}
