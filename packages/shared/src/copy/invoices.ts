/** Issue #25 item 2 (decision 156): an order's invoice, downloaded from My Orders and the order's page. */
export const invoicesCopy = {
  download: 'Download invoice (PDF)',
  /** The accessible name, with the invoice's number. */
  downloadLabel: (number: string) => `Download invoice ${number} (PDF)`,
  downloading: 'Downloading…',
  failed: 'The invoice could not be downloaded. Please try again.',
} as const;
