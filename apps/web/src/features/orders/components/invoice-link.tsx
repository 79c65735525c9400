import { useState } from 'react';
import { invoicesCopy } from '@shop/shared/copy/invoices';
import type { Purchase } from '@shop/shared/schemas/cart';
import { toastError } from '../../../lib/toast';
import { downloadInvoice } from '../api/download-invoice';

/**
 * Issue #25 (decision 156): "Download invoice (PDF)" for a paid order (one
 * with an invoice); nothing before it is paid. A failed download says so in an
 * error toast.
 */
export function InvoiceLink({ purchase, className = '' }: { purchase: Pick<Purchase, '_id' | 'number' | 'invoiceNumber'>; className?: string }) {
  const [busy, setBusy] = useState(false);
  const number = purchase.invoiceNumber;
  if (!number) return null;
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadInvoice(purchase.number || purchase._id, number);
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
      aria-label={invoicesCopy.downloadLabel(number)}
      data-testid="download-invoice"
    >
      {busy ? invoicesCopy.downloading : invoicesCopy.download}
    </button>
  );
}
