/**
 * GSTR-1 (GST-8): a month's documents as CSV in the columns of the GST offline tool's sheets, one
 * section per call (CGST Rule 59). Amounts in rupees with two decimals, dates dd-Mon-yyyy.
 * The property supplies within its state (IGST Act section 12(3)), so every row is intra-state:
 * CGST + SGST, no IGST; B2C invoices go to b2cs (never b2cl, which is inter-state only), and
 * credit notes to unregistered guests reduce b2cs (cdnur, inter-state only, stays empty).
 * - at: advances received in the month (receipt vouchers less refund vouchers, per rate, the
 *   value without tax) not invoiced in the same month; atadj: advances of earlier months
 *   adjusted by the month's invoices.
 * - hsn: SAC 996311, quantity in nights, the B2B and B2C supplies apart (`supply=b2b|b2c`, as
 *   the tool's hsn(b2b) and hsn(b2c) sheets).
 * - doc (Table 13): each series' first and last number, how many, how many cancelled; numbers
 *   lost to a restore (GST-13) count as cancelled in the month the copy says they were issued.
 * Written by the one CSV writer (../csv.ts): RFC 4180 and the formula guard (CSV-1), so a legal
 * name typed as `=HYPERLINK(...)` reaches b2b and cdnr as text; the company form refuses such a
 * name in the first place (CSV-2), so what is filed is what was typed.
 * A chartered accountant should review the files before they are filed (README).
 */
import type { Db } from '../store/db.js';
import { csvText, decimal, type CsvCell } from '../csv.js';
import type { Gstr1Section } from '../../shared/gst-documents.js';
import { SAC } from './document.js';
import {
  documentsOfBooking,
  documentsOfPeriod,
  lostNumbersOfPeriod,
  type DocumentRow,
} from './store.js';

const HEADERS: Record<Gstr1Section, string> = {
  b2b: 'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
  b2cs: 'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
  cdnr: 'GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type,Place Of Supply,Reverse Charge,Note Supply Type,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
  cdnur:
    'UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
  at: 'Place Of Supply,Applicable % of Tax Rate,Rate,Gross Advance Received,Cess Amount',
  atadj: 'Place Of Supply,Applicable % of Tax Rate,Rate,Gross Advance Adjusted,Cess Amount',
  hsn: 'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
  doc: 'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-04-05" → "05-Apr-2026". */
const toolDate = (date: string) =>
  `${date.slice(8, 10)}-${MONTHS[Number(date.slice(5, 7)) - 1]}-${date.slice(0, 4)}`;
const money = (paise: number) => decimal((paise / 100).toFixed(2));
/** No cess is levied on accommodation. */
const ZERO = decimal('0.00');
const csv = (header: string, rows: CsvCell[][]) => csvText([header.split(','), ...rows]);

/** Sums per key, in first-seen order. */
function sumBy<T>(
  items: T[],
  key: (t: T) => string,
  add: (sum: number[], t: T) => void,
  width: number,
) {
  const sums = new Map<string, number[]>();
  for (const item of items) {
    const k = key(item);
    const sum = sums.get(k) ?? new Array<number>(width).fill(0);
    add(sum, item);
    sums.set(k, sum);
  }
  return sums;
}

/**
 * The taxable values of documents (each with its sign: 1 adds, -1 takes away) summed per place of
 * supply and rate, taxed rates only, sums of 0 left out: `[placeOfSupply, percent, paise]`.
 */
function taxableByRate(docs: { d: DocumentRow; sign: number }[]): [string, number, number][] {
  const sums = new Map<string, [string, number, number]>();
  for (const { d, sign } of docs) {
    for (const r of d.body.rates) {
      if (r.percent === 0) continue;
      const key = `${d.body.placeOfSupply}|${r.percent}`;
      const sum = sums.get(key) ?? [d.body.placeOfSupply, r.percent, 0];
      sum[2] += sign * r.taxablePaise;
      sums.set(key, sum);
    }
  }
  return [...sums.values()].filter(([, , paise]) => paise !== 0);
}

/** One series' numbers in a month, for Table 13. */
interface Table13Series {
  type: DocumentRow['type'];
  seqs: number[];
  numbers: Map<number, string>;
  cancelled: number;
}

/** The serial of a document number: "STY/26-27/0012" → 12. */
const seqOf = (number: string) => Number(number.slice(number.lastIndexOf('/') + 1));

const issued = (docs: DocumentRow[], ...types: DocumentRow['type'][]) =>
  docs.filter((d) => d.status === 'issued' && types.includes(d.type));

/** The CSV of one GSTR-1 section for a month (YYYY-MM, Asia/Kolkata); `supply` picks hsn's B2B or B2C rows. */
export function gstr1Csv(
  db: Db,
  period: string,
  section: Gstr1Section,
  supply: 'b2b' | 'b2c' = 'b2c',
): string {
  const docs = documentsOfPeriod(db, period);
  const invoices = issued(docs, 'tax-invoice');
  const b2b = invoices.filter((d) => d.recipientGstin);
  const b2c = invoices.filter((d) => !d.recipientGstin);
  const notes = issued(docs, 'credit-note');
  const header = HEADERS[section];
  switch (section) {
    case 'b2b':
      return csv(
        header,
        b2b.flatMap((d) =>
          d.body.rates.map((r) => [
            d.recipientGstin!,
            d.body.recipient.legalName ?? '',
            d.number,
            toolDate(d.body.date),
            money(d.totalPaise),
            d.body.placeOfSupply,
            'N',
            '',
            'Regular B2B',
            '',
            r.percent,
            money(r.taxablePaise),
            ZERO,
          ]),
        ),
      );
    case 'b2cs':
      return csv(
        header,
        taxableByRate([
          ...b2c.map((d) => ({ d, sign: 1 })),
          ...notes.filter((d) => !d.recipientGstin).map((d) => ({ d, sign: -1 })),
        ]).map(([pos, percent, paise]) => ['OE', pos, '', percent, money(paise), ZERO, '']),
      );
    case 'cdnr':
      return csv(
        header,
        notes
          .filter((d) => d.recipientGstin)
          .flatMap((d) =>
            d.body.rates.map((r) => [
              d.recipientGstin!,
              d.body.recipient.legalName ?? '',
              d.number,
              toolDate(d.body.date),
              'C',
              d.body.placeOfSupply,
              'N',
              'Regular B2B',
              money(d.totalPaise),
              '',
              r.percent,
              money(r.taxablePaise),
              ZERO,
            ]),
          ),
      );
    case 'cdnur':
      return csv(header, []);
    case 'at': {
      const invoicedNow = new Set(
        issued(docs, 'tax-invoice', 'bill-of-supply').map((d) => d.bookingId),
      );
      const rows = taxableByRate([
        ...issued(docs, 'receipt-voucher')
          .filter((d) => !invoicedNow.has(d.bookingId))
          .map((d) => ({ d, sign: 1 })),
        ...issued(docs, 'refund-voucher')
          .filter((d) => !invoicedNow.has(d.bookingId))
          .map((d) => ({ d, sign: -1 })),
      ]);
      return csv(
        header,
        rows.map(([pos, percent, paise]) => [pos, '', percent, money(paise), ZERO]),
      );
    }
    case 'atadj': {
      // Receipt vouchers of earlier months adjusted by this month's invoices.
      const earlier = invoices.flatMap((inv) =>
        documentsOfBooking(db, inv.bookingId).filter(
          (v) => v.type === 'receipt-voucher' && v.status === 'issued' && v.period < period,
        ),
      );
      const rows = taxableByRate(earlier.map((d) => ({ d, sign: 1 })));
      return csv(
        header,
        rows.map(([pos, percent, paise]) => [pos, '', percent, money(paise), ZERO]),
      );
    }
    case 'hsn': {
      const registered = supply === 'b2b';
      const chosen = [
        ...(registered ? b2b : b2c).map((d) => ({ d, sign: 1 })),
        ...notes
          .filter((d) => Boolean(d.recipientGstin) === registered)
          .map((d) => ({ d, sign: -1 })),
      ];
      const rows = chosen.flatMap(({ d, sign }) =>
        d.body.rates.map((r) => ({
          percent: r.percent,
          nights:
            sign > 0
              ? d.body.items
                  .filter((i) => i.percent === r.percent && i.unit === 'nights')
                  .reduce((s, i) => s + i.quantity, 0)
              : 0,
          value: sign * r.amountPaise,
          taxable: sign * r.taxablePaise,
          cgst: sign * r.cgstPaise,
          sgst: sign * r.sgstPaise,
        })),
      );
      const sums = sumBy(
        rows,
        (r) => String(r.percent),
        (s, r) => {
          s[0]! += r.nights;
          s[1]! += r.value;
          s[2]! += r.taxable;
          s[3]! += r.cgst;
          s[4]! += r.sgst;
        },
        5,
      );
      return csv(
        header,
        [...sums].map(([percent, [nights, value, taxable, cgst, sgst]]) => [
          SAC,
          'Accommodation services',
          'OTH-OTHERS',
          nights!,
          money(value!),
          percent,
          money(taxable!),
          ZERO,
          money(cgst!),
          money(sgst!),
          ZERO,
        ]),
      );
    }
    case 'doc': {
      const nature: Record<DocumentRow['type'], string> = {
        'tax-invoice': 'Invoices for outward supply',
        'bill-of-supply': 'Invoices for outward supply',
        'receipt-voucher': 'Receipt voucher',
        'refund-voucher': 'Refund voucher',
        'credit-note': 'Credit Note',
      };
      // Numbers lost to a restore (GST-13) are counted as cancelled, in their series' range.
      const series = new Map<string, Table13Series>();
      const add = (
        key: string,
        type: DocumentRow['type'],
        seq: number,
        number: string,
        cancelled: boolean,
      ) => {
        const s: Table13Series = series.get(key) ?? {
          type,
          seqs: [],
          numbers: new Map(),
          cancelled: 0,
        };
        s.seqs.push(seq);
        s.numbers.set(seq, number);
        if (cancelled) s.cancelled += 1;
        series.set(key, s);
      };
      for (const d of docs) {
        add(
          d.number.slice(0, d.number.lastIndexOf('/')),
          d.type,
          seqOf(d.number),
          d.number,
          d.status === 'cancelled',
        );
      }
      for (const n of lostNumbersOfPeriod(db, period)) add(n.series, n.type, n.seq, n.number, true);
      return csv(
        header,
        [...series.values()].map((s) => [
          nature[s.type],
          s.numbers.get(Math.min(...s.seqs))!,
          s.numbers.get(Math.max(...s.seqs))!,
          s.seqs.length,
          s.cancelled,
        ]),
      );
    }
  }
}
