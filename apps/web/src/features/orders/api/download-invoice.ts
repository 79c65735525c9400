import { apiBlob } from '../../../lib/api-client';

/**
 * Issue #25 (decision 156): GET /purchases/{ref}/invoice.pdf with the bearer
 * token, saved under the invoice's number (a Blob URL and a temporary
 * <a download>, since a plain link cannot send the token).
 */
export async function downloadInvoice(ref: string, invoiceNumber: string): Promise<void> {
  const blob = await apiBlob(`/purchases/${encodeURIComponent(ref)}/invoice.pdf`, { auth: true });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${invoiceNumber}.pdf`;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser has taken the file once the click is handled; the URL is let go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
