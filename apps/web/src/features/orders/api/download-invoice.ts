import { apiBlob } from '../../../lib/api-client';

/**
 * An issued document of an order (a PDF), fetched with the bearer token and
 * saved under its number (a Blob URL and a temporary <a download>, since a
 * plain link cannot send the token).
 */
async function downloadDocument(path: string, filename: string, headers?: Record<string, string>): Promise<void> {
  const blob = await apiBlob(path, headers ? { headers } : { auth: true });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser has taken the file once the click is handled; the URL is let go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Issue #25 (decision 156): GET /purchases/{ref}/invoice.pdf. */
export const downloadInvoice = (ref: string, invoiceNumber: string) =>
  downloadDocument(`/purchases/${encodeURIComponent(ref)}/invoice.pdf`, `${invoiceNumber}.pdf`);

/** Issue #25 (decision 162): GET /purchases/{ref}/credit-notes/{number}.pdf. */
export const downloadCreditNote = (ref: string, number: string) =>
  downloadDocument(`/purchases/${encodeURIComponent(ref)}/credit-notes/${encodeURIComponent(number)}.pdf`, `${number}.pdf`);

/** Decision 188: a guest order's invoice, GET /guest/order/invoice.pdf with the token of the order's link. */
export const downloadGuestInvoice = (token: string, invoiceNumber: string) =>
  downloadDocument('/guest/order/invoice.pdf', `${invoiceNumber}.pdf`, { 'x-guest-token': token });
