import { receivablesCopy as t } from '@shop/shared/copy/receivables';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatPrice } from '../../../components/ui/price';
import { useDateFormat } from '../../../lib/date-format';
import { useCompanyInvoices } from '../api/receivables';
import { ReceivableCard } from './receivable-card';

const card = 'rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6';
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

interface CompanyInvoicesProps {
  /** The company's payment terms as GET /company gave them, until the invoices' answer says them. */
  termsDays: number;
  /** The reader sees every order of the company (its admin, or a buyer who sees all), else their own. */
  all: boolean;
}

/**
 * Issue #37 item 5 (decision 208): the company page's open invoices on account — the terms, the credit limit and
 * what is left of it, and each unpaid order on account with its due date ("Overdue · N days") and its "Pay invoice"
 * link (the payment provider's page, in this tab). A company without terms reads that paying on account is not set up.
 */
export function CompanyInvoices({ termsDays, all }: CompanyInvoicesProps) {
  const invoices = useCompanyInvoices();
  const date = useDateFormat(DAY);
  const title = (
    <h2 id="company-invoices-title" className="font-display text-xl font-bold uppercase tracking-wide">
      {t.companyTitle}
    </h2>
  );

  if (invoices.isPending) {
    return (
      <section aria-labelledby="company-invoices-title" className={`${card} min-w-0`}>
        {title}
        <div role="status" className="mt-4">
          <span className="sr-only">{t.companyLoading}</span>
          <Skeleton className="h-24 w-full" />
        </div>
      </section>
    );
  }
  if (invoices.isError) {
    return (
      <section aria-labelledby="company-invoices-title" className={`${card} min-w-0`}>
        {title}
        <LoadError className="mt-4" message={invoices.error.message} onRetry={() => void invoices.refetch()} />
      </section>
    );
  }
  // No company after all (removed meanwhile): the page above says so.
  if (invoices.data === null) return null;

  const { items, account } = invoices.data;
  const terms = account?.paymentTermsDays ?? termsDays;
  if (terms <= 0 && items.length === 0) {
    return (
      <section aria-labelledby="company-invoices-title" className={`${card} min-w-0`}>
        {title}
        <p className="mt-3">{t.noTerms}</p>
        <p className="mt-1 text-sm text-base-content/80">{t.noTermsHint}</p>
      </section>
    );
  }

  return (
    <section aria-labelledby="company-invoices-title" className={`${card} min-w-0`}>
      {title}
      <p className="mt-1 mb-4 text-sm text-base-content/80">{all ? t.companyIntroAll : t.companyIntroOwn}</p>
      {account && (
        <dl className="mb-4 grid gap-3 rounded-field bg-base-200 p-4 sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="text-xs text-base-content/80">{t.terms}</dt>
            <dd className="font-semibold">{account.paymentTermsDays > 0 ? t.termsValue(account.paymentTermsDays) : t.noTerms}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-base-content/80">{t.creditLimit}</dt>
            <dd className="font-semibold tabular-nums">{formatPrice(account.creditLimit)}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-base-content/80">{t.available}</dt>
            <dd className="font-semibold tabular-nums">{formatPrice(account.available)}</dd>
          </div>
        </dl>
      )}
      {items.length === 0 ? (
        <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-6">{t.companyEmpty}</p>
      ) : (
        <ul aria-label={t.companyTitle} className="grid gap-3">
          {items.map((r) => (
            <ReceivableCard key={r.checkoutId} invoice={r} date={date} showBuyer={all} />
          ))}
        </ul>
      )}
    </section>
  );
}
