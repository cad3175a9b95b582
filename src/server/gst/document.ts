/**
 * What a GST document says (GST-2), frozen as issued in its row's body: pure types and builders.
 * The particulars follow the CGST Rules: Rule 46 (tax invoice: supplier's name, address and
 * GSTIN; number and date; recipient's name, and address and GSTIN when registered; SAC;
 * description, quantity, taxable value after discount, rate and amount of CGST and SGST; place of
 * supply; reverse charge; signature), Rule 49 (bill of supply), Rule 50 (receipt voucher: the
 * advance, the rate and tax inside it), Rule 51 (refund voucher, naming the receipt voucher),
 * Rule 53 (credit note, naming the invoice; CGST Act section 34). Section 31 requires the invoice
 * and the vouchers; Rule 47 the invoice within 30 days of the supply.
 */
import { formatDate } from '../../shared/calendar-dates.js';
import type { DocumentRate } from './money.js';
import type { DocumentType } from '../../shared/gst-documents.js';
import type { BookingStay } from '../../shared/bookings.js';

/** SAC of room or unit accommodation services (Notification 11/2017-CT(Rate), heading 9963). */
export const SAC = '996311';

/** One line of a document: what was supplied, how many, and its taxable value at one rate. */
export interface DocumentItem {
  description: string;
  sac: string;
  /** Nights (or 1 for a fee or an amount). */
  quantity: number;
  unit: 'nights' | 'item';
  percent: number;
  taxablePaise: number;
}

/** Every particular a document prints. Money in paise. */
export interface DocumentBody {
  type: DocumentType;
  /** The document's nature, its heading: "Tax Invoice", "Receipt Voucher", … */
  title: string;
  number: string;
  /** Date of issue, YYYY-MM-DD in Asia/Kolkata. */
  date: string;
  supplier: { legalName: string; tradeName: string; address: string; gstin: string };
  recipient: {
    /** The guest's name as it was when the document was issued. */
    name?: string;
    /** A company that asked for the invoice (B2B): its legal name, GSTIN and address. */
    legalName?: string;
    gstin?: string;
    address?: string;
  };
  /** "29-Karnataka": the property's state (IGST Act section 12(3)). */
  placeOfSupply: string;
  reverseCharge: 'No';
  /** The booking's stay as it was at issue (SHAPE-2). */
  stay: BookingStay;
  items: DocumentItem[];
  rates: DocumentRate[];
  totals: { taxablePaise: number; cgstPaise: number; sgstPaise: number; totalPaise: number };
  amountInWords: string;
  /** Tax invoice: the advance received before it, with its receipt vouchers' numbers (Rule 50). */
  advance?: { paise: number; vouchers: string[] };
  /** Tax invoice: what is left to pay after the advance. */
  balancePaise?: number;
  /** Refund voucher, credit note: the document it refers to. */
  refersTo?: { number: string; date: string; type: DocumentType };
  /** Why: a credit note's reduction, a cancellation's charges. */
  note?: string;
  /** Bill of supply: why no tax is charged. */
  exemption?: string;
  signatory?: string;
}

/** The description of the accommodation lines. */
export function accommodationLine(nights: number, checkIn: string, checkOut: string): string {
  return `Accommodation (room or unit), ${nights} night${nights === 1 ? '' : 's'}, ${formatDate(checkIn)} to ${formatDate(checkOut)}`;
}

/** Entry 12A's wording on a bill of supply (Rule 49). */
export const EXEMPTION_12A =
  'Exempt: accommodation of at least 90 continuous days, at most ₹20,000 per person per month (Notification 12/2017-Central Tax (Rate), entry 12A, as inserted by Notification 04/2024-Central Tax (Rate)).';
