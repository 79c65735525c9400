import PDFDocument from 'pdfkit';
import { formatUsd, fromCents } from '@shop/shared';
import { formatTaxRate, type InvoiceData } from './invoice-data';
import { drawText, faceName, measureText } from './pdf-fonts';

/**
 * Issue #25 item 2 (decision 156): an issued invoice as a PDF (pdfkit, US
 * Letter). Everything printed comes from the snapshot, and the document's
 * dates are the invoice's, so the same snapshot always gives the same bytes.
 * Issue #34 item 7 (decision 176): the text is set in embedded Noto Sans, with
 * Noto Sans SC for what it lacks (CJK), since Helvetica prints only Latin-1.
 */

const money = (cents: number) => formatUsd(fromCents(cents));
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const MARGIN = 50;
const PAGE_WIDTH = 612;
const RIGHT = PAGE_WIDTH - MARGIN;
const INK = '#1f2328';
const MUTED = '#57606a';
/** A rate's tax is shown as the addition of its lines' taxes up to this many lines (else said in words). */
const MAX_TERMS = 8;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

export function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const issued = new Date(data.issuedAt);
  // Issue #25 (decision 162): a credit note is drawn like its invoice, titled and totalled as a credit.
  const credit = data.kind === 'credit_note';
  const name = credit ? 'Credit note' : 'Invoice';
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${name} ${data.number}`,
      Author: data.seller.name,
      Subject: `${name} ${data.number} for order ${data.orderNumber}`,
      Creator: data.seller.name,
      Producer: data.seller.name,
      CreationDate: issued,
      ModDate: issued,
    },
  });
  // The face and size in use: every string goes through write(), which may switch to the fallback face for a run of it.
  let bold = false;
  let size = 12;
  const type = (b: boolean, s = size) => {
    bold = b;
    size = s;
    return doc.font(faceName(b ? 'bold' : 'regular', doc)).fontSize(s);
  };
  const write = (text: string, x: number | undefined, y: number | undefined, options: PDFKit.Mixins.TextOptions) => {
    drawText(doc, text, x, y, options, bold, size);
    type(bold);
  };
  const heightOf = (text: string, options: PDFKit.Mixins.TextOptions) => {
    const h = measureText(doc, text, options, bold);
    type(bold);
    return h;
  };

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Seller (left) and the invoice's facts (right).
  type(true, 16).fillColor(INK);
  write(data.seller.name, MARGIN, MARGIN, { width: 300 });
  type(false, 9).fillColor(MUTED);
  // Issue #39: the shop's EU VAT number on an invoice to the EU.
  const sellerVat = data.seller.vatNumber ? [`VAT number: ${data.seller.vatNumber}`] : [];
  for (const line of [data.seller.address, data.seller.email, data.seller.phone, `Tax number: ${data.seller.taxNumber}`, ...sellerVat])
    write(line, undefined, undefined, { width: 300 });
  const sellerBottom = doc.y;

  type(true, 20).fillColor(INK);
  write(credit ? 'CREDIT NOTE' : 'INVOICE', 300, MARGIN, { width: RIGHT - 300, align: 'right' });
  type(true, 9);
  const facts: [string, string][] = credit
    ? [
        ['Credit note number', data.number],
        ['Credit note date', day(data.issuedAt)],
        ['Credits invoice', data.credits ?? ''],
        ['Order', data.orderNumber],
        ['Paid on', day(data.paidAt)],
      ]
    : [
        ['Invoice number', data.number],
        ['Invoice date', day(data.issuedAt)],
        ['Order', data.orderNumber],
        ['Order date', day(data.orderedAt)],
        ['Paid on', day(data.paidAt)],
      ];
  let y = doc.y + 4;
  for (const [k, v] of facts) {
    type(false).fillColor(MUTED);
    write(k, 340, y, { width: 100 });
    type(true).fillColor(INK);
    write(v, 440, y, { width: RIGHT - 440, align: 'right' });
    y += 13;
  }

  // The buyer.
  y = Math.max(sellerBottom, y) + 20;
  type(true, 10).fillColor(INK);
  write('Bill to', MARGIN, y, {});
  type(false, 9);
  const buyer = [
    data.buyer.name,
    data.buyer.company,
    ...data.buyer.addressLines,
    data.buyer.email,
    data.buyer.phone,
    data.buyer.taxId ? `Tax number: ${data.buyer.taxId}${data.buyer.taxExempt ? ' (tax exempt)' : ''}` : '',
    data.buyer.vatId ? `VAT ID: ${data.buyer.vatId}` : '',
    data.buyer.poNumber ? `Your PO number: ${data.buyer.poNumber}` : '',
  ].filter(Boolean);
  for (const line of buyer) write(line, MARGIN, doc.y, { width: 300 });
  y = doc.y + 20;

  // The lines.
  const columns: Column[] = [
    { title: 'Part no.', width: 80, align: 'left' },
    { title: 'Part', width: 160, align: 'left' },
    { title: 'Quantity', width: 50, align: 'right' },
    { title: 'Lot price', width: 72, align: 'right' },
    { title: 'Amount', width: 70, align: 'right' },
    { title: 'Tax', width: 80, align: 'right' },
  ];
  const row = (cells: string[], opts: { bold?: boolean; color?: string } = {}) => {
    type(opts.bold ?? false, 9).fillColor(opts.color ?? INK);
    const height = Math.max(...cells.map((c, i) => heightOf(c, { width: columns[i].width - 6 })));
    if (y + height > 720) {
      doc.addPage();
      y = MARGIN;
    }
    let x = MARGIN;
    let bottom = y;
    cells.forEach((c, i) => {
      write(c, x, y, { width: columns[i].width - 6, align: columns[i].align });
      // What was drawn, not the estimate: a cell mixing two faces is only estimated (measureText).
      bottom = Math.max(bottom, doc.y);
      x += columns[i].width;
    });
    y = bottom + 6;
    doc
      .moveTo(MARGIN, y - 3)
      .lineTo(RIGHT, y - 3)
      .lineWidth(0.5)
      .strokeColor('#d0d7de')
      .stroke();
  };
  const rateText = (rate: number | null) => (rate === null ? '' : rate === 0 ? '' : ` (${formatTaxRate(rate)})`);
  row(
    columns.map((c) => c.title),
    { bold: true },
  );
  for (const l of data.lines) {
    row([
      l.sku,
      // Decision 220: a kit names what it holds, a kit's pieces each.
      l.kitParts?.length ? `${l.name}\nIncludes ${l.kitParts.map((c) => `${c.quantity} × ${c.name} (${c.sku})`).join(', ')}` : l.name,
      String(l.quantity),
      l.lotSize > 1 ? `${money(l.lotPriceCents)} / ${l.lotSize}` : money(l.lotPriceCents),
      money(l.amountCents),
      `${money(l.taxCents)}${rateText(l.taxRate)}`,
    ]);
  }
  if (data.shipping) {
    row([
      '',
      `Shipping${data.shipping.method ? `: ${data.shipping.method}` : ''}`,
      '',
      '',
      money(data.shipping.amountCents),
      `${money(data.shipping.taxCents)}${rateText(data.shipping.taxRate)}`,
    ]);
  }

  // The summary: goods, shipping, tax by rate, total.
  y += 10;
  const summary = (label: string, value: string, total = false) => {
    if (y > 730) {
      doc.addPage();
      y = MARGIN;
    }
    type(total, total ? 11 : 9).fillColor(INK);
    write(label, 300, y, { width: 180, align: 'right' });
    write(value, 480, y, { width: RIGHT - 480, align: 'right' });
    y += total ? 16 : 13;
  };
  summary('Goods', money(data.goodsCents));
  if (data.shipping) summary('Shipping', money(data.shippingCents));
  const included = data.taxIncluded ? ' included' : '';
  // Issue #39 (decision 183): each rate's tax is the sum of its lines' taxes, each rounded to the cent (decision 153),
  // so a rate with several lines says which cents it adds up: the summary adds up on its own face.
  const note = (text: string) => {
    type(false, 8).fillColor(MUTED);
    const h = heightOf(text, { width: RIGHT - 300, align: 'right' });
    if (y + h > 740) {
      doc.addPage();
      y = MARGIN;
    }
    write(text, 300, y, { width: RIGHT - 300, align: 'right' });
    y = doc.y + 3;
  };
  const taxed = [...data.lines, ...(data.shipping ? [data.shipping] : [])];
  if (data.buyer.reverseCharge) summary('VAT 0 % (reverse charge)', money(0));
  else if (data.buyer.taxExempt) summary('Tax (exempt)', money(0));
  else {
    for (const t of data.taxByRate) {
      if (t.taxCents === 0 && t.taxRate === 0) continue;
      summary(
        t.taxRate === null ? `Tax${included} on ${money(t.baseCents)}` : `Tax${included} ${formatTaxRate(t.taxRate)} on ${money(t.baseCents)}`,
        money(t.taxCents),
      );
      const terms = taxed.filter((l) => l.taxRate === t.taxRate).map((l) => money(l.taxCents));
      if (terms.length > 1) {
        note(
          terms.length <= MAX_TERMS
            ? `= ${terms.join(' + ')}: each line's tax, rounded to the cent`
            : `= the sum of the ${terms.length} lines' taxes at this rate above, each rounded to the cent`,
        );
      }
    }
    summary(`Tax${included}, total`, money(data.taxCents));
  }
  summary(credit ? 'Total credited (USD)' : 'Total paid (USD)', money(data.totalCents), true);

  y += 16;
  type(false, 8).fillColor(MUTED);
  write(
    credit
      ? `Refunded to the card that paid the order${data.transactionId ? `, refund ${data.transactionId}` : ''}. Reason: ${data.reason ?? ''}`
      : `Paid in full${data.transactionId ? `, transaction ${data.transactionId}` : ''}. Thank you for your order.`,
    MARGIN,
    y,
    { width: RIGHT - MARGIN },
  );
  if (data.buyer.reverseCharge) {
    write(
      `Reverse charge: intra-Community supply of goods, exempt from VAT under Article 138 of Directive 2006/112/EC. The customer (VAT ID ${data.buyer.vatId ?? ''}) accounts for the VAT (Article 196).`,
      MARGIN,
      doc.y + 4,
      { width: RIGHT - MARGIN },
    );
  }
  write(
    `${data.seller.name} · ${data.seller.address} · Tax number ${data.seller.taxNumber}${data.seller.vatNumber ? ` · VAT number ${data.seller.vatNumber}` : ''}`,
    undefined,
    undefined,
    { width: RIGHT - MARGIN },
  );

  doc.end();
  return done;
}
