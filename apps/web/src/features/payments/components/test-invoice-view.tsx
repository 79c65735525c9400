import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paymentCopy as t } from '@shop/shared/copy/payment';
import type { TestInvoice } from '@shop/shared/schemas/order';
import { formatPrice } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { useDateFormat } from '../../../lib/date-format';
import { ApiError } from '../../../lib/api-client';
import { payTestInvoice, testInvoiceQueryOptions, useTestInvoice } from '../api/test-invoice';
import { TestCardForm } from './test-card-form';
import type { PaymentStatus } from './payment-status';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/**
 * Decision 208: the built-in test processor's invoice page, as Stripe's hosted invoice page: what is owed for which
 * order and when it is due, and a card form that pays it. Paying records the order paid (as Stripe's invoice.paid).
 */
export function TestInvoiceView({ id }: { id: string }) {
  const invoice = useTestInvoice(id);
  if (invoice.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (invoice.isError) {
    if (invoice.error instanceof ApiError && invoice.error.status === 404) {
      return (
        <>
          <h1 className="font-display text-4xl font-bold uppercase leading-tight">{t.invoiceTitle(null)}</h1>
          <p role="alert" className="mt-6 rounded-field border border-warning/50 bg-warning/10 px-4 py-3 font-medium">
            {t.invoiceNotFound}
          </p>
        </>
      );
    }
    return <LoadError message={invoice.error.message} onRetry={() => void invoice.refetch()} />;
  }
  return <InvoiceDetails invoice={invoice.data} />;
}

function InvoiceDetails({ invoice }: { invoice: TestInvoice }) {
  const queryClient = useQueryClient();
  const day = useDateFormat(DAY);
  const [status, setStatus] = useState<PaymentStatus>('idle');
  const [message, setMessage] = useState('');
  const state = invoice.status === 'paid' ? t.invoicePaid : invoice.status === 'open' ? t.invoiceOpen : t.invoiceVoid;
  const badge = invoice.status === 'paid' ? 'badge-success' : invoice.status === 'open' ? 'badge-info' : 'badge-neutral';
  const orderLink = invoice.orderPath && (
    <Link to={invoice.orderPath} className="link link-primary text-sm font-semibold">
      {t.viewOrder} {invoice.orderNumber}
    </Link>
  );

  const onPay = async (pay: () => Promise<string>) => {
    if (status === 'processing' || status === 'success') return;
    setStatus('processing');
    setMessage('');
    try {
      await pay();
      setStatus('success');
      await queryClient.invalidateQueries({ queryKey: testInvoiceQueryOptions(invoice.id).queryKey });
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
      setStatus('error');
    }
  };

  return (
    <section aria-labelledby="invoice-title" className="flex flex-col gap-6">
      <div>
        <h1 id="invoice-title" className="font-display text-4xl font-bold uppercase leading-tight">
          {invoice.orderNumber ? (
            <>
              {t.invoiceTitle('')} <span className="whitespace-nowrap">{invoice.orderNumber}</span>
            </>
          ) : (
            t.invoiceTitle(null)
          )}
        </h1>
        <span className="mt-2 block h-1 w-16 rounded-full bg-accent" aria-hidden="true" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <dl className="flex flex-col gap-3 self-start rounded-box border border-base-300 bg-base-200 p-4 sm:p-6">
          <div className="flex items-baseline justify-between gap-4">
            <dt className="font-semibold uppercase tracking-wider text-base-content/80">{t.invoiceAmount}</dt>
            <dd className="font-display text-3xl font-bold tabular-nums">{formatPrice(invoice.amount)}</dd>
          </div>
          {invoice.dueAt && (
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-base-content/80">{t.invoiceDue}</dt>
              <dd className="font-medium">{day(invoice.dueAt)}</dd>
            </div>
          )}
          <div className="flex items-center justify-between gap-4">
            <dt className="sr-only">Status</dt>
            <dd>
              <span className={`badge font-semibold ${badge}`}>{state}</span>
            </dd>
          </div>
        </dl>
        <div className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
          {invoice.status === 'open' && status !== 'success' ? (
            <div className="flex flex-col gap-4">
              <TestCardForm
                clientSecret=""
                publishableKey={null}
                billingDetails={{ name: '', email: '' }}
                status={status}
                amountLabel={formatPrice(invoice.amount)}
                onPay={(pay) => void onPay(pay)}
                confirm={async (paymentMethod) => (await payTestInvoice(invoice.id, paymentMethod)).id}
              />
              {status === 'error' && (
                <p role="alert" className="font-medium text-error">
                  {message}
                </p>
              )}
            </div>
          ) : (
            <div role="status" className="flex flex-col items-start gap-3">
              <p className="text-lg font-semibold">
                {status === 'success' ? t.invoiceSuccess : invoice.status === 'paid' ? t.invoicePaidNote : t.invoiceVoidNote}
              </p>
              {orderLink}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
