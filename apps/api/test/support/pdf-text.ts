import { PDFParse } from 'pdf-parse';

/** The text of a PDF the shop issued (an invoice, a credit note), to assert on what it says. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
