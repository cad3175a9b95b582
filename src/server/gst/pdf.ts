/**
 * A GST document as a PDF (GST-5, GST-14), made with pdfkit on A4: the same particulars as the
 * page (page.ts). Every name prints: the fonts embedded are Noto Sans (Latin and the rupee sign),
 * Noto Sans Kannada and Noto Sans Devanagari (SIL Open Font License 1.1, from the
 * @expo-google-fonts packages, which ship TrueType), subset by pdfkit to the glyphs used. Text is
 * cut into runs by script and each run set in its font; pdfkit lays runs out with fontkit, which
 * shapes Kannada and Devanagari (conjuncts, reordered vowel signs) with the fonts' OpenType tables.
 * A character none of the fonts draws (an emoji, another script) is printed as U+FFFD "�" (which
 * Noto Sans draws), one mark for one character, so the text after it stays where it is and reads the same.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import type PDFKitDocument from 'pdfkit';
import { formatDate } from '../../shared/calendar-dates.js';
import type { DocumentRow } from './store.js';
import { inRupees as rs } from '../../shared/money.js';

type Weight = 'regular' | 'bold' | 'italic';
type Script = 'latin' | 'kannada' | 'devanagari';

const fontFile = createRequire(import.meta.url);
const NOTO = '@expo-google-fonts/noto-sans';
/** The TrueType files, by script and weight (italic is Latin only: the Indic fonts have none). */
const FONT_FILES: Record<Script, Record<Weight, string>> = {
  latin: {
    regular: fontFile.resolve(`${NOTO}/400Regular/NotoSans_400Regular.ttf`),
    bold: fontFile.resolve(`${NOTO}/700Bold/NotoSans_700Bold.ttf`),
    italic: fontFile.resolve(`${NOTO}/400Regular_Italic/NotoSans_400Regular_Italic.ttf`),
  },
  kannada: {
    regular: fontFile.resolve(`${NOTO}-kannada/400Regular/NotoSansKannada_400Regular.ttf`),
    bold: fontFile.resolve(`${NOTO}-kannada/700Bold/NotoSansKannada_700Bold.ttf`),
    italic: fontFile.resolve(`${NOTO}-kannada/400Regular/NotoSansKannada_400Regular.ttf`),
  },
  devanagari: {
    regular: fontFile.resolve(`${NOTO}-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf`),
    bold: fontFile.resolve(`${NOTO}-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf`),
    italic: fontFile.resolve(`${NOTO}-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf`),
  },
};

const bytesOf = new Map<string, Buffer>();
/** A font file's bytes, read once per process. */
const fontBytes = (file: string) => {
  let bytes = bytesOf.get(file);
  if (!bytes) bytesOf.set(file, (bytes = fs.readFileSync(file)));
  return bytes;
};

/** What a document needs: pdfkit, and whether the `script` fonts draw a character. */
interface PdfTools {
  PDFDocument: typeof PDFKitDocument;
  covers: (script: Script, ch: string) => boolean;
}

let tools: Promise<PdfTools> | undefined;
/**
 * pdfkit, fontkit and each script's regular font (every weight draws the same characters), loaded
 * with the first document and kept: a server that makes no GST document never holds them (~12 MB
 * of heap and ~30 MB resident with the fonts, decision 047). A failed load is tried again next time.
 */
function pdfTools(): Promise<PdfTools> {
  tools ??= (async () => {
    const [{ default: PDFDocument }, fontkit] = await Promise.all([
      import('pdfkit'),
      import('fontkit'),
    ]);
    const coverage = Object.fromEntries(
      Object.entries(FONT_FILES).map(([script, files]) => [
        script,
        fontkit.openSync(files.regular),
      ]),
    ) as Record<Script, Font>;
    return {
      PDFDocument,
      covers: (script: Script, ch: string) =>
        coverage[script].hasGlyphForCodePoint(ch.codePointAt(0)!),
    };
  })().catch((error: unknown) => {
    tools = undefined;
    throw error;
  });
  return tools;
}

/** What is printed for a character no embedded font draws. */
const MISSING = '\uFFFD';

/** The script a character is set in; undefined for one that joins the run before it (marks, ZWJ, ZWNJ). */
function scriptOf(ch: string): Script | undefined {
  const cp = ch.codePointAt(0)!;
  if (cp >= 0x0c80 && cp <= 0x0cff) return 'kannada';
  if ((cp >= 0x0900 && cp <= 0x097f) || (cp >= 0xa8e0 && cp <= 0xa8ff) || cp === 0x1cd0) {
    return 'devanagari';
  }
  if (cp === 0x200c || cp === 0x200d || /\p{M}/u.test(ch)) return undefined;
  return 'latin';
}

/**
 * `text` cut into runs of one script each, every character no font of its run draws replaced by
 * MISSING (set in Noto Sans); `covers(script, ch)` says whether a font draws a character.
 * Danda (U+0964, U+0965) stays in a Devanagari or Kannada run; spaces and punctuation join the run
 * they are in, so "ರವಿ ಕುಮಾರ್" is one run.
 */
export function scriptRuns(
  text: string,
  covers: (script: Script, ch: string) => boolean,
): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = [];
  for (const ch of text) {
    let script = scriptOf(ch) ?? runs.at(-1)?.script ?? 'latin';
    const last = runs.at(-1);
    const neutral = /[\s\u0964\u0965]/u.test(ch);
    if (neutral && last) script = last.script;
    let out = ch;
    if (ch !== '\n' && !covers(script, ch)) {
      script = 'latin';
      out = MISSING;
    }
    if (last && last.script === script) last.text += out;
    else runs.push({ script, text: out });
  }
  return runs;
}

/** The PDF bytes of a document. */
export async function documentPdf(doc: DocumentRow): Promise<Buffer> {
  const { PDFDocument, covers } = await pdfTools();
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
  for (const [script, weights] of Object.entries(FONT_FILES)) {
    for (const [weight, file] of Object.entries(weights))
      pdf.registerFont(`${script}-${weight}`, fontBytes(file));
  }
  const left = 40;
  const width = pdf.page.width - 80;
  let weight: Weight = 'regular';
  /**
   * Writes `s` in its scripts' fonts, at (x, y) when given, each line of it from the same x (pdfkit
   * would indent a line that follows a run of another font).
   */
  const text = (s: string, opts: PDFKit.Mixins.TextOptions = {}, at?: { x: number; y: number }) => {
    const x = at?.x ?? pdf.x;
    s.split('\n').forEach((line, n) => {
      const runs = scriptRuns(line, covers);
      if (runs.length === 0) runs.push({ script: 'latin', text: '' });
      runs.forEach((run, i) => {
        pdf.font(`${run.script}-${weight}`);
        const last = i === runs.length - 1;
        // Shaping draws some glyphs out of reading order (the Devanagari reph after its syllable):
        // the run's ActualText gives readers that honour it (Acrobat, poppler) the text as typed.
        const indic = run.script !== 'latin';
        if (indic) pdf.markContent('Span', { actual: run.text });
        if (i === 0)
          pdf.text(run.text, x, n === 0 && at ? at.y : pdf.y, { ...opts, continued: !last });
        else pdf.text(run.text, { ...opts, continued: !last });
        if (indic) pdf.endMarkedContent();
      });
    });
  };
  const setWeight = (w: Weight) => {
    weight = w;
    pdf.font(`latin-${w}`);
  };

  setWeight('bold');
  pdf.fontSize(18);
  text(b.title);
  setWeight('regular');
  pdf.fontSize(10);
  text(`${b.number}  ·  ${formatDate(b.date)}`);
  if (doc.status === 'cancelled') {
    pdf.moveDown(0.5).fillColor('#a40000');
    setWeight('bold');
    text(`CANCELLED: ${doc.cancelReason ?? ''}`);
    pdf.fillColor('black');
    setWeight('regular');
  }
  pdf.moveDown();
  const top = pdf.y;
  setWeight('bold');
  text('Supplier', { width: width / 2 - 10 }, { x: left, y: top });
  setWeight('regular');
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
  setWeight('bold');
  text('Recipient', { width: width / 2 }, { x: left + width / 2, y: top });
  setWeight('regular');
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
    setWeight(bold ? 'bold' : 'regular');
    const y = pdf.y;
    let bottom = y;
    cells.forEach((cell, i) => {
      const x = left + cols[i]! * width;
      const w = ((cols[i + 1] ?? 1) - cols[i]!) * width - 6;
      text(cell, { width: w, align: i === 0 ? 'left' : 'right' }, { x, y });
      bottom = Math.max(bottom, pdf.y);
    });
    pdf.y = bottom + 3;
    pdf.x = left;
    setWeight('regular');
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
  setWeight('italic');
  text(`Amount in words: ${b.amountInWords}`, { width });
  setWeight('regular');
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
