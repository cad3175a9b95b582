/**
 * Document numbers (GST-2): pure. CGST Rule 46(b) asks for "a consecutive serial number not
 * exceeding sixteen characters, in one or multiple series, containing alphabets or numerals or
 * special characters hyphen or dash and slash …, unique for a financial year"; Rules 49, 50, 51
 * and 53 ask the same of bills of supply, receipt and refund vouchers and credit notes. Each
 * document type is its own series, and a new series starts with each financial year (1 April to
 * 31 March, in Asia/Kolkata: the series changes at midnight IST on 1 April):
 * `{PREFIX}{series letter}/{YY-YY}/{0001}`, e.g. STY/26-27/0001 (tax invoice), STYR/26-27/0001
 * (receipt voucher).
 */
import { propertyDate } from '../../shared/instants.js';
import type { DocumentType } from '../../shared/gst-documents.js';

/** The letter after the prefix that names each type's series ('' for tax invoices). */
const SERIES_LETTER: Record<DocumentType, string> = {
  'tax-invoice': '',
  'receipt-voucher': 'R',
  'refund-voucher': 'V',
  'credit-note': 'C',
  'bill-of-supply': 'B',
};

/** Longest document number (Rule 46(b)). */
const MAX_NUMBER_LENGTH = 16;

/**
 * The financial year of the instant `ms`, in Asia/Kolkata: "26-27" for 1 April 2026 00:00 IST to
 * 31 March 2027 23:59:59 IST.
 */
export function financialYear(ms: number): string {
  const date = propertyDate(ms);
  const year = Number(date.slice(0, 4));
  const start = date.slice(5) >= '04-01' ? year : year - 1;
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return `${yy(start)}-${yy(start + 1)}`;
}

/** The series a document of `type` issued at `ms` belongs to: "STYR/26-27". */
export function seriesOf(prefix: string, type: DocumentType, ms: number): string {
  return `${prefix}${SERIES_LETTER[type]}/${financialYear(ms)}`;
}

/**
 * The number of the `seq`-th document (from 1) of a series: "STYR/26-27/0001". Throws when it
 * would be longer than 16 characters (beyond 9,999 documents of a type in a year with a 4-letter
 * prefix).
 */
export function documentNumber(series: string, seq: number): string {
  const number = `${series}/${String(seq).padStart(4, '0')}`;
  if (number.length > MAX_NUMBER_LENGTH) {
    throw new Error(`Document number ${number} is longer than ${MAX_NUMBER_LENGTH} characters.`);
  }
  return number;
}
