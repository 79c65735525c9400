import { describe, expect, it } from 'vitest';
import { creditNoteSnapshot, sellerNow, taxByRate, type InvoiceData, type InvoiceLine } from '../src/modules/invoices/invoice-data';
import { renderInvoicePdf } from '../src/modules/invoices/invoice-pdf';
import { pdfText } from './support/pdf-text';

/**
 * Issue #34 item 7 (decision 176): invoices and credit notes print names and
 * addresses outside Latin-1 (Czech, Polish, Cyrillic, CJK), which the built-in
 * Helvetica turned into control characters. Drawn straight from snapshots:
 * the PDF is made from the snapshot alone, so no app or database is needed.
 */

const lines: InvoiceLine[] = [
  { sku: 'BRK-Ł01', name: 'Dvořák brake lever', quantity: 1, lotSize: 1, lotPriceCents: 2499, amountCents: 2499, taxCents: 575, taxRate: 23000 },
  { sku: 'ZH-Ж02', name: 'Свеча зажигания Ж', quantity: 2, lotSize: 2, lotPriceCents: 1000, amountCents: 1000, taxCents: 230, taxRate: 23000 },
  // A Latin run, a CJK run and a Polish run in one cell: the fallback font draws only the part the main one lacks.
  { sku: 'TKY-03', name: 'Mirror 東京 edition, Łódź', quantity: 1, lotSize: 1, lotPriceCents: 1500, amountCents: 1500, taxCents: 345, taxRate: 23000 },
];
const shipping = { method: 'Kurier do Łodzi', amountCents: 1200, taxCents: 276, taxRate: 23000 };
const goodsCents = lines.reduce((s, l) => s + l.amountCents, 0);
const taxCents = lines.reduce((s, l) => s + l.taxCents, 0) + shipping.taxCents;

const invoice: InvoiceData = {
  version: 1,
  kind: 'invoice',
  number: 'INV-2026-000042',
  issuedAt: '2026-03-02T10:00:00.000Z',
  orderNumber: 'TT-000042',
  orderedAt: '2026-03-01T09:00:00.000Z',
  paidAt: '2026-03-02T10:00:00.000Z',
  transactionId: 'pi_unicode',
  currency: 'USD',
  seller: sellerNow(),
  buyer: {
    name: 'Antonín Dvořák',
    company: 'Łódź Moto Sp. z o.o.',
    addressLines: ['ul. Piotrkowska 1', '90-001 Łódź', 'Poland', 'c/o Жуков, 東京'],
    email: 'antonin@example.com',
    phone: '+48 42 555 0100',
    taxId: '',
    taxExempt: false,
  },
  lines,
  shipping,
  taxIncluded: false,
  taxByRate: taxByRate([...lines, shipping]),
  goodsCents,
  shippingCents: shipping.amountCents,
  taxCents,
  totalCents: goodsCents + shipping.amountCents + taxCents,
};

const creditNote = creditNoteSnapshot({
  number: 'CN-2026-000007',
  issuedAt: new Date('2026-03-09T12:00:00.000Z'),
  invoice,
  lines: [lines[0], lines[2]].map(({ taxRate: _rate, ...l }) => l),
  shipping: null,
  extraCents: 0,
  totalCents: 2499 + 575 + 1500 + 345,
  reason: 'Vráceno: Dvořák, Łódź, Ж, 東京',
  refundId: 're_unicode',
});

const WANTED = ['Dvořák', 'Łódź', 'Ж', '東京'];

describe('invoice PDFs in any script', () => {
  it.each([
    ['an invoice', invoice, ['Antonín Dvořák', 'Łódź Moto Sp. z o.o.', '90-001 Łódź', 'Dvořák brake lever', 'Свеча зажигания Ж', 'Kurier do Łodzi']],
    ['a credit note', creditNote, ['Antonín Dvořák', 'Dvořák brake lever', 'CREDIT NOTE', 'Vráceno']],
  ] as const)('%s prints Dvořák, Łódź, Ж and 東京 as written', async (_kind, data, more) => {
    const pdf = await renderInvoicePdf(data);
    const text = await pdfText(pdf);
    for (const s of [...WANTED, ...more, data.number]) expect(text).toContain(s);
    // No C0 control characters: what the built-in fonts made of these letters.
    expect([...text].filter((c) => c < ' ' && !'\t\n\r'.includes(c))).toEqual([]);
    // Only the glyphs used are embedded, the CJK fallback's too.
    expect(pdf.length).toBeLessThan(120_000);
    // Still the same bytes from the same snapshot (decision 156).
    expect((await renderInvoicePdf(data)).equals(pdf)).toBe(true);
  });
});
