import fs from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { checkOutTo, OREGON } from '../support/checkout';
import { expect, test } from '../support/fixtures';
import { fillTestCard, newCustomerPage, type ProductDto } from '../support/orders-helpers';
import { readMails } from '../support/identity-outbox';

/**
 * Issue #25 item 2 (decision 156): a customer buys a part through the
 * checkout, pays, opens the order's page and downloads its invoice; the PDF
 * holds the invoice's number and the total paid.
 */

const PART = 'Iridium Spark Plug CR9EIX';

test('a paid order has its invoice: downloaded from the order page as a PDF with its number and total', async ({ browser }) => {
  const { context, page, customer } = await newCustomerPage(browser, 'invoice');
  try {
    const all: ProductDto[] = await (await page.request.get('/api/products')).json();
    const part = all.find((p) => p.name === PART)!;
    await page.goto(`/parts/${part._id}`);
    await page.getByLabel('Quantity').fill(String(part.minOrder));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText(`units of ${part.name} are in your cart.`)).toBeVisible();

    // Oregon: no sales tax, standard shipping free from $50.
    await checkOutTo(page, OREGON);
    await expect(page).toHaveURL(/\/checkout\?order=/);
    const pay = page.getByRole('button', { name: /^Pay/ });
    const total = /\$[\d,]+\.\d\d/.exec((await pay.textContent()) ?? '')![0];
    await fillTestCard(page, '4242 4242 4242 4242');
    await pay.click();
    await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();

    await page.getByRole('link', { name: /^View order TT-\d+$/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Order TT-\d+$/ })).toBeVisible();
    const link = page.getByRole('button', { name: /^Download invoice INV-\d{4}-\d{6} \(PDF\)$/ });
    await expect(link).toHaveText('Download invoice (PDF)');
    const invoice = /INV-\d{4}-\d{6}/.exec((await link.getAttribute('aria-label')) ?? '')![0];

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${invoice}.pdf`);
    const bytes = await fs.readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain(invoice);
    expect(text).toContain(part.name);
    expect(text).toContain(`Total paid (USD)`);
    expect(text).toContain(total);

    // My Orders offers it on the order's row too, and the receipt names it.
    await page.goto('/dashboard/myorders');
    await expect(page.getByRole('button', { name: `Download invoice ${invoice} (PDF)` }).first()).toBeVisible();
    await expect
      .poll(() => readMails(customer.email).some((m) => m.subject.startsWith('Your receipt') && m.text.includes(`Invoice: ${invoice} (PDF attached)`)))
      .toBe(true);
  } finally {
    await context.close();
  }
});
