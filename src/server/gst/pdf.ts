/**
 * A GST document as a PDF (GST-5), made with pdfkit on A4 with its built-in Helvetica: the same
 * particulars as the page (page.ts). Helvetica has no rupee sign (U+20B9), so amounts are written
 * "Rs. 1,234.50" in the PDF (the page uses ₹).
 */
import PDFDocument from 'pdfkit';
import { formatDate } from '../../shared/calendar-dates.js';
import { formatAmount } from './money.js';
import type { DocumentRow } from './store.js';

const rs = (paise: number) => `Rs. ${formatAmount(paise)}`;
/** Helvetica's WinAnsi text: the rupee sign written out. */
const ansi = (text: string) => text.replace(/₹/g, 'Rs. ').replace(/[–—]/g, '-');

/** The PDF bytes of a document. */
export function documentPdf(doc: DocumentRow): Promise<Buffer> {
  const b = doc.body;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `${b.title} ${b.number}`, Author: b.supplier.legalName },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const left = 40;
  const width = pdf.page.width - 80;
  const text = (s: string, opts: PDFKit.Mixins.TextOptions = {}) => pdf.text(ansi(s), opts);

  pdf.font('Helvetica-Bold').fontSize(18);
  text(b.title);
  pdf.font('Helvetica').fontSize(10);
  text(`${b.number}  ·  ${formatDate(b.date)}`.replace('·', '-'));
  if (doc.status === 'cancelled') {
    pdf.moveDown(0.5).font('Helvetica-Bold').fillColor('#a40000');
    text(`CANCELLED: ${doc.cancelReason ?? ''}`);
    pdf.fillColor('black').font('Helvetica');
  }
  pdf.moveDown();
  const top = pdf.y;
  pdf.font('Helvetica-Bold').text('Supplier', left, top, { width: width / 2 - 10 });
  pdf.font('Helvetica');
  text(
    [
      b.supplier.legalName,
      b.supplier.tradeName !== b.supplier.legalName ? `Trading as ${b.supplier.tradeName}` : '',
      b.supplier.address,
      `GSTIN: ${b.supplier.gstin}`,
      `State: ${b.placeOfSupply}`,
    ]
      .filter(Boolean)
      .join('\n'),
    { width: width / 2 - 10 },
  );
  const afterSupplier = pdf.y;
  pdf.font('Helvetica-Bold').text('Recipient', left + width / 2, top, { width: width / 2 });
  pdf.font('Helvetica');
  const recipient = b.recipient.legalName
    ? [
        b.recipient.legalName,
        b.recipient.address ?? '',
        `GSTIN: ${b.recipient.gstin}`,
        b.recipient.name ? `Guest: ${b.recipient.name}` : '',
      ]
    : [b.recipient.name ?? 'Guest (name not given)', 'Unregistered person'];
  text(recipient.filter(Boolean).join('\n'), { width: width / 2 });
  pdf.y = Math.max(pdf.y, afterSupplier);
  pdf.x = left;
  pdf.moveDown();
  const facts = [
    `Number: ${b.number}`,
    `Date: ${formatDate(b.date)}`,
    ...(b.refersTo ? [`Against: ${b.refersTo.number} of ${formatDate(b.refersTo.date)}`] : []),
    `Place of supply: ${b.placeOfSupply}`,
    `Reverse charge: ${b.reverseCharge}`,
    `Booking: ${b.stay.reference}, ${b.stay.propertyName}`,
    `Stay: ${formatDate(b.stay.checkIn)} to ${formatDate(b.stay.checkOut)}, ${b.stay.nights} nights, ${b.stay.guests} guests`,
  ];
  text(facts.join('\n'));
  pdf.moveDown();

  const taxed = b.type !== 'bill-of-supply';
  /** A row of cells at fixed x offsets (fractions of the width); numbers right-aligned. */
  const row = (cells: string[], cols: number[], bold = false) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    const y = pdf.y;
    let bottom = y;
    cells.forEach((cell, i) => {
      const x = left + cols[i]! * width;
      const w = ((cols[i + 1] ?? 1) - cols[i]!) * width - 6;
      pdf.text(ansi(cell), x, y, { width: w, align: i === 0 ? 'left' : 'right' });
      bottom = Math.max(bottom, pdf.y);
    });
    pdf.y = bottom + 3;
    pdf.x = left;
  };
  const itemCols = taxed ? [0, 0.52, 0.64, 0.78, 0.86] : [0, 0.6, 0.72, 0.86];
  row(
    taxed
      ? ['Description', 'SAC', 'Quantity', 'Rate', 'Taxable value']
      : ['Description', 'SAC', 'Quantity', 'Value'],
    itemCols,
    true,
  );
  for (const item of b.items) {
    const qty = `${item.quantity}${item.unit === 'nights' ? ' nights' : ''}`;
    row(
      taxed
        ? [item.description, item.sac, qty, `${item.percent}%`, rs(item.taxablePaise)]
        : [item.description, item.sac, qty, rs(item.taxablePaise)],
      itemCols,
    );
  }
  pdf.moveDown();
  if (taxed) {
    const cols = [0, 0.12, 0.3, 0.42, 0.58, 0.7, 0.84];
    row(['Rate', 'Taxable value', 'CGST rate', 'CGST', 'SGST rate', 'SGST', 'Total'], cols, true);
    for (const r of b.rates) {
      row(
        [
          `${r.percent}%`,
          rs(r.taxablePaise),
          `${r.percent / 2}%`,
          rs(r.cgstPaise),
          `${r.percent / 2}%`,
          rs(r.sgstPaise),
          rs(r.amountPaise),
        ],
        cols,
      );
    }
    pdf.moveDown();
  }
  const sumCols = [0, 0.7];
  if (taxed) {
    row(['Taxable value', rs(b.totals.taxablePaise)], sumCols);
    row(['CGST', rs(b.totals.cgstPaise)], sumCols);
    row(['SGST', rs(b.totals.sgstPaise)], sumCols);
  }
  row(['Total', rs(b.totals.totalPaise)], sumCols, true);
  if (b.advance) {
    const vouchers =
      b.advance.vouchers.length > 0 ? ` (receipt voucher ${b.advance.vouchers.join(', ')})` : '';
    row([`Less: advance received${vouchers}`, rs(b.advance.paise)], sumCols);
    row(['Balance due', rs(b.balancePaise ?? 0)], sumCols, true);
  }
  pdf.moveDown();
  pdf.font('Helvetica-Oblique');
  text(`Amount in words: ${b.amountInWords}`, { width });
  pdf.font('Helvetica');
  if (b.exemption) text(b.exemption, { width });
  if (b.note) text(b.note, { width });
  pdf.moveDown(2);
  text(
    `For ${b.supplier.legalName}\n${b.signatory ? `${b.signatory}\n` : ''}Authorised signatory`,
    { width, align: 'right' },
  );
  pdf.end();
  return done;
}
