import { useState } from 'react';
import { invoicesCopy } from '@shop/shared/copy/invoices';
import type { Purchase } from '@shop/shared/schemas/cart';
import { toastError } from '../../../lib/toast';
import { downloadInvoice } from '../api/download-invoice';

/**
 * A button that downloads one of an order's documents (an invoice, a credit
 * note): busy while it loads, and an error toast when it fails.
 */
export function DocumentDownloadButton({
  download,
  label,
  busyLabel = label,
  ariaLabel,
  className = '',
  testId,
}: {
  download(): Promise<void>;
  label: string;
  busyLabel?: string;
  ariaLabel: string;
  className?: string;
  testId?: string;
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await download();
    } catch {
      toastError(invoicesCopy.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`btn btn-link btn-sm px-0 ${className}`}
      onClick={() => void onClick()}
      disabled={busy}
      aria-label={ariaLabel}
      data-testid={testId}
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/**
 * Issue #25 (decision 156): "Download invoice (PDF)" for a paid order (one
 * with an invoice); nothing before it is paid. A failed download says so in an
 * error toast.
 */
export function InvoiceLink({ purchase, className = '' }: { purchase: Pick<Purchase, '_id' | 'number' | 'invoiceNumber'>; className?: string }) {
  const number = purchase.invoiceNumber;
  if (!number) return null;
  return (
    <DocumentDownloadButton
      download={() => downloadInvoice(purchase.number || purchase._id, number)}
      label={invoicesCopy.download}
      busyLabel={invoicesCopy.downloading}
      ariaLabel={invoicesCopy.downloadLabel(number)}
      className={className}
      testId="download-invoice"
    />
  );
}
