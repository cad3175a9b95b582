/**
 * GST-14: every document prints every name. A tax invoice for "ರವಿ ಕುಮಾರ್ (Ravi Kumar)" and a
 * company whose contact is "राहुल शर्मा" is made by pdfkit with the embedded Noto fonts and read
 * back with pdf-parse: both names, the text after them, the rupee sign and the dates are there; a
 * character no font draws is one visible box and the text after it is intact.
 * `PDF_PNG=dir` also writes the first page as PNG there (pdftoppm) to look at it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { accommodationLine, type DocumentBody } from './document.js';
import { documentPdf, scriptRuns } from './pdf.js';
import type { DocumentRow } from './store.js';

/** poppler-utils (pdftotext, pdftoppm): apt-get install poppler-utils. */
const hasPdftotext = spawnSync('pdftotext', ['-v']).status === 0;

const rate = {
  percent: 5,
  taxablePaise: 667_524,
  cgstPaise: 16_688,
  sgstPaise: 16_688,
  taxPaise: 33_376,
  amountPaise: 700_900,
};

function invoiceFor(name: string, extra: Partial<DocumentBody> = {}): DocumentRow {
  const body: DocumentBody = {
    type: 'tax-invoice',
    title: 'Tax Invoice',
    number: 'STY/26-27/0042',
    date: '2026-12-14',
    supplier: {
      legalName: 'Malnad Stays LLP',
      tradeName: 'Malnad Stays',
      address: 'IG Road, Chikmagalur, Karnataka 577101',
      gstin: '29ABCDE1234F1ZW',
    },
    recipient: { name },
    placeOfSupply: '29-Karnataka',
    reverseCharge: 'No',
    stay: {
      reference: 'K7QX2M',
      propertyName: 'Coffee View Suite',
      checkIn: '2026-12-11',
      checkOut: '2026-12-14',
      guests: 2,
      nights: 3,
    },
    items: [
      {
        description: accommodationLine(3, '2026-12-11', '2026-12-14'),
        sac: '996311',
        quantity: 3,
        unit: 'nights',
        percent: 5,
        taxablePaise: 667_524,
      },
    ],
    rates: [rate],
    totals: { taxablePaise: 667_524, cgstPaise: 16_688, sgstPaise: 16_688, totalPaise: 700_900 },
    amountInWords: 'Rupees Seven Thousand Nine Only',
    signatory: 'R. Gowda',
    ...extra,
  };
  return {
    id: 'abcdefghijklmnop',
    type: 'tax-invoice',
    number: body.number,
    bookingId: 'booking',
    issuedAt: '2026-12-14T05:00:00.000Z',
    period: '2026-12',
    taxablePaise: 667_524,
    cgstPaise: 16_688,
    sgstPaise: 16_688,
    totalPaise: 700_900,
    body,
    status: 'issued',
  };
}

async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('GST-14: every document prints every name', () => {
  it('prints Kannada and Devanagari names with the text after them, ₹ amounts and dates', async () => {
    const started = performance.now();
    const pdf = await documentPdf(
      invoiceFor('ರವಿ ಕುಮಾರ್ (Ravi Kumar)', {
        recipient: {
          name: 'ರವಿ ಕುಮಾರ್ (Ravi Kumar)',
          legalName: 'राहुल शर्मा Traders',
          gstin: '27AAPFU0939F1ZV',
          address: 'Fort, Mumbai 400001',
        },
      }),
    );
    if (process.env.PDF_PNG) {
      const file = path.join(process.env.PDF_PNG, 'tax-invoice.pdf');
      fs.writeFileSync(file, pdf);
      execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', file, file.slice(0, -4)]);
    }
    const text = await textOf(pdf);
    expect(text).toContain('ರವಿ ಕುಮಾರ್ (Ravi Kumar)');
    // pdf.js reads glyphs in drawing order, and shaping draws the reph of "र्मा" after its
    // syllable ("शमार्"): the name's run carries ActualText, which poppler reads (below).
    expect(text).toMatch(/^राहुल श\S+ Traders$/m);
    if (hasPdftotext) {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stays-pdf-')), 'invoice.pdf');
      fs.writeFileSync(file, pdf);
      const raw = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
      fs.rmSync(path.dirname(file), { recursive: true });
      expect(raw).toContain('राहुल शर्मा');
      expect(raw).toContain('ರವಿ ಕುಮಾರ್');
    }
    expect(text).toContain('₹7,009.00');
    expect(text).not.toContain('Rs.');
    expect(text).toContain('Fri 11 Dec 2026 to Mon 14 Dec 2026');
    // Subset fonts: the three families together stay small.
    expect(pdf.length).toBeLessThan(150_000);
    console.log(
      `tax invoice PDF: ${pdf.length} bytes, ${Math.round(performance.now() - started)} ms`,
    );
  });

  it('prints a character no font draws as one box, the text after it intact', async () => {
    const text = await textOf(await documentPdf(invoiceFor('Asha 🌄 Rao ತ (Room 4)')));
    expect(text).toContain('Asha \uFFFD Rao ತ (Room 4)');
  });

  it('cuts text into runs by script, marks and spaces joining their run', () => {
    const all = () => true;
    expect(scriptRuns('ರವಿ ಕುಮಾರ್ (Ravi) राहुल।', all)).toEqual([
      { script: 'kannada', text: 'ರವಿ ಕುಮಾರ್ ' },
      { script: 'latin', text: '(Ravi) ' },
      { script: 'devanagari', text: 'राहुल।' },
    ]);
    expect(scriptRuns('a😀b', (_s, ch) => ch !== '😀')).toEqual([
      { script: 'latin', text: 'a\uFFFDb' },
    ]);
  });
});
