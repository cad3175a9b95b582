/**
 * GST documents of the direct bookings (GST-2..GST-7): each document is made and numbered in one
 * SQLite transaction (gst/store.ts), with the booking change that calls for it when there is one.
 * - Receipt voucher (CGST Rule 50; Section 31(3)(d)) when an advance is received: the bookings'
 *   "paid" transition, whoever makes it (the owner's "Advance received", a payment gateway), calls
 *   `onTransition` inside its own transaction.
 * - Tax invoice (Section 31, Rules 46 and 47) at check-out: issued by the owner's Issue invoice
 *   from the check-out day on, or by itself (`issueDue`) from the day after (24 hours after it is
 *   drafted on the check-out day), and never later than 30 days after check-out (Rule 47).
 *   A bill of supply (Rule 49) instead for a stay the owner marked exempt under entry 12A.
 * - On the cancellation of a paid booking: a tax invoice for the amount kept (Circular
 *   178/10/2022: taxed as the accommodation) and a refund voucher (Rule 51) for the part returned;
 *   after an invoice, a credit note (Section 34, Rule 53) referring to it.
 * Refusals are ApiErrors (409 for a state that does not allow it, 400 naming the field).
 */
import crypto from 'node:crypto';
import type { Config } from '../config.js';
import { truncateWal, type Db } from '../store/db.js';
import { gstKeptFrom, type DataClass } from '../privacy/retention.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { BookingService } from '../bookings/service.js';
import { stayOf, valueBeforeTax } from '../bookings/views.js';
import type { Booking, BookingAction, OwnerBooking } from '../../shared/bookings.js';
import { nights as nightCount, addDays } from '../../shared/calendar-dates.js';
import { propertyDate, type Clock } from '../../shared/instants.js';
import { GST } from '../../shared/quote.js';
import type { GstRate } from '../../shared/gst.js';
import { placeOfSupply } from './gstin.js';
import {
  amountInWords,
  apportionInclusive,
  invoiceRates,
  totalsOf,
  type DocumentRate,
} from './money.js';
import { seriesOf } from './numbers.js';
import { DOCUMENT_TITLE, type DocumentType } from '../../shared/gst-documents.js';
import {
  SAC,
  EXEMPTION_12A,
  accommodationLine,
  type DocumentBody,
  type DocumentItem,
} from './document.js';
import {
  cancelDocument,
  documentsOfBooking,
  documentsOfPeriod,
  getDocument,
  invoicesDue,
  issueDocument,
  REFUND_NOTES,
  documentLinksOf,
  eraseRecipientsBefore,
  markExempt,
  refundDocumentsAt,
  setCompany,
  stayFacts,
  type DocumentRow,
} from './store.js';
import { monthStart, startOfPropertyDay } from '../../shared/figures.js';

/** The class of the retention table the recipients' erasure erases (PRIV-1, PRIV-13). */
export const GST_ERASES: readonly DataClass[] = ['gst-recipient'];

/** "Accommodation (…), Fri 11 Dec 2026" → "accommodation (…), Fri 11 Dec 2026": dates keep their case. */
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Rule 47: a tax invoice is issued within 30 days of the supply. */
const INVOICE_DAYS = 30;

/** A change of a booking the documents follow (bookings/service.ts calls it in its transaction). */
export interface BookingTransition {
  booking: Booking;
  /** The owner's action, when the change was one. */
  action?: BookingAction | undefined;
  at: number;
  /** Cancel: the part of the amount paid that is returned, paise. */
  refundPaise?: number;
  /** Paid by a payment the owner recorded (DAY-4): its voucher is issued by `recordedReceipt`. */
  recordedPaise?: number;
}

/** What follows an issued invoice (GST-5), in its transaction: who issued it and its total, paise. */
type InvoiceHook = (b: Booking, at: number, issued: { actor: string; totalPaise: number }) => void;

const isIssued = (d: DocumentRow, ...types: DocumentType[]) =>
  d.status === 'issued' && types.includes(d.type);

/** The GST documents of one server; a no-op without GSTIN. */
export class GstService {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'gst' | 'site'>,
    /** The clock (TIME-3): buildApp's, which tests move. */
    readonly now: Clock,
    /** The bookings: read through their service, the exemption's new quote a change of theirs. */
    private readonly bookings: Pick<BookingService, 'get' | 'changeQuote'>,
  ) {}

  /**
   * Erases the recipient (name, company, GSTIN, address) of the documents whose keeping is over on
   * the clock's day in Asia/Kolkata (PRIV-13; the retention table's `gst-recipient`,
   * `gstKeptFrom`: CGST Act 2017 s.36, CGST Rules 2017 rule 80); the number, date, items and
   * amounts stay as issued. Returns how many rows changed; the WAL is truncated after (RUNTIME-3).
   */
  eraseOldRecipients(): number {
    const now = this.now();
    const before = startOfPropertyDay(gstKeptFrom(propertyDate(now)));
    const erased = this.db
      .transaction(() => eraseRecipientsBefore(this.db, before, now))
      .immediate();
    if (erased > 0) this.walToTruncate = true;
    if (this.walToTruncate) this.walToTruncate = !truncateWal(this.db);
    return erased;
  }

  /** An erasure whose WAL a reader kept from being truncated: tried again at the next run. */
  private walToTruncate = false;

  /** The owner's view's part (GST-5): each booking's documents, a page at once (PERF-12). */
  readonly ownerPart = (rows: Booking[]): Partial<OwnerBooking>[] => {
    const links = documentLinksOf(
      this.db,
      rows.map((b) => b.id),
    );
    return rows.map((b) => links.get(b.id) ?? {});
  };

  private invoiceHooks: InvoiceHook[] = [];

  /**
   * Runs `hook` inside the transaction that issues a stay's tax invoice or bill of supply, after it
   * (GST-5: app.ts mails the guest its link through the bookings' outbox).
   */
  onInvoice(hook: InvoiceHook): void {
    this.invoiceHooks.push(hook);
  }

  get enabled(): boolean {
    return this.config.gst !== undefined;
  }

  /** The stay's GST per rate as quoted; a quote stored without it is taken as one rate, tax included. */
  private stayRates(b: Booking): GstRate[] {
    const quote = b.quote;
    if (!quote) return [];
    if (quote.gst && quote.gst.length > 0) return quote.gst;
    const n = nightCount(b.checkIn, b.checkOut);
    const percent =
      quote.totalPaise <= n * GST.thresholdPaise * (1 + GST.lowPercent / 100)
        ? GST.lowPercent
        : GST.highPercent;
    const [rate] = apportionInclusive(quote.totalPaise, [
      {
        percent,
        nights: n,
        nightsPaise: 0,
        feesPaise: 0,
        taxablePaise: 1,
        cgstPaise: 0,
        sgstPaise: 0,
        taxPaise: 0,
      },
    ]);
    return [
      {
        percent,
        nights: n,
        nightsPaise: rate!.taxablePaise,
        feesPaise: 0,
        taxablePaise: rate!.taxablePaise,
        cgstPaise: rate!.cgstPaise,
        sgstPaise: rate!.sgstPaise,
        taxPaise: rate!.taxPaise,
      },
    ];
  }

  /** Builds and issues one document of booking `b` (inside the caller's IMMEDIATE transaction). */
  private issue(
    type: DocumentType,
    b: Booking,
    at: number,
    parts: {
      items: DocumentItem[];
      rates: DocumentRate[];
      refersTo?: DocumentRow;
      advance?: DocumentBody['advance'];
      note?: string;
      exemption?: string;
    },
  ): DocumentRow {
    const gst = this.config.gst!;
    const totals = totalsOf(parts.rates);
    const company =
      type === 'tax-invoice' || type === 'credit-note'
        ? stayFacts(this.db, b.id).company
        : undefined;
    const body: Omit<DocumentBody, 'number'> = {
      type,
      title: DOCUMENT_TITLE[type],
      date: propertyDate(at),
      supplier: {
        legalName: gst.legalName,
        tradeName: this.config.site.businessName,
        address: gst.address,
        gstin: gst.gstin,
      },
      recipient: {
        ...(b.name === undefined ? {} : { name: b.name }),
        ...(company
          ? { legalName: company.legalName, gstin: company.gstin, address: company.address }
          : {}),
      },
      placeOfSupply: placeOfSupply(gst.gstin),
      reverseCharge: 'No',
      stay: stayOf(b),
      items: parts.items,
      rates: parts.rates,
      totals,
      amountInWords: amountInWords(totals.totalPaise),
      ...(parts.advance
        ? { advance: parts.advance, balancePaise: totals.totalPaise - parts.advance.paise }
        : {}),
      ...(parts.refersTo
        ? {
            refersTo: {
              number: parts.refersTo.number,
              date: parts.refersTo.body.date,
              type: parts.refersTo.type,
            },
          }
        : {}),
      ...(parts.note ? { note: parts.note } : {}),
      ...(parts.exemption ? { exemption: parts.exemption } : {}),
      ...(gst.signatory ? { signatory: gst.signatory } : {}),
    };
    return issueDocument(this.db, {
      id: crypto.randomBytes(12).toString('base64url'),
      type,
      series: seriesOf(gst.invoicePrefix, type, at),
      bookingId: b.id,
      ...(parts.refersTo ? { refersTo: parts.refersTo.id } : {}),
      issuedAt: at,
      period: body.date.slice(0, 7),
      ...(company ? { recipientGstin: company.gstin } : {}),
      ...totals,
      body,
    });
  }

  /** Items of amounts shared over the rates (an advance, charges kept, a refund, a reduction). */
  private amountItems(description: string, rates: DocumentRate[]): DocumentItem[] {
    return rates.map((rate) => ({
      description,
      sac: SAC,
      quantity: 1,
      unit: 'item',
      percent: rate.percent,
      taxablePaise: rate.taxablePaise,
    }));
  }

  /** Receipt vouchers (issued) of a booking and their sum. */
  private advanceOf(bookingId: string) {
    const docs = documentsOfBooking(this.db, bookingId);
    const vouchers = docs.filter((d) => isIssued(d, 'receipt-voucher'));
    const refunds = docs.filter((d) => isIssued(d, 'refund-voucher'));
    const paise =
      vouchers.reduce((s, d) => s + d.totalPaise, 0) -
      refunds.reduce((s, d) => s + d.totalPaise, 0);
    return { docs, vouchers, paise };
  }

  /**
   * Follows a booking change inside its transaction: "paid" issues the receipt voucher of the
   * advance; "cancel" of a paid booking issues the invoice of the amount kept and the refund
   * voucher (or, after an invoice, a credit note). Throws 400 (field refundPaise) for a refund
   * above what was paid, which rolls the change back.
   */
  onTransition(change: BookingTransition): void {
    if (!this.enabled) return;
    const b = change.booking;
    if (change.action === 'paid') {
      if (change.recordedPaise !== undefined) return;
      const advance = b.quote?.advancePaise ?? 0;
      if (advance <= 0) return;
      this.receipt(b, advance, change.at);
    } else if (change.action === 'cancel') {
      this.cancellation(b, change.refundPaise ?? 0, change.at);
    }
  }

  private receipt(b: Booking, paise: number, at: number): DocumentRow {
    const rates = apportionInclusive(paise, this.stayRates(b));
    return this.issue('receipt-voucher', b, at, {
      items: this.amountItems(
        `Advance for ${lowerFirst(accommodationLine(nightCount(b.checkIn, b.checkOut), b.checkIn, b.checkOut))}`,
        rates,
      ),
      rates,
    });
  }

  /**
   * DAY-4: the receipt voucher (CGST Rule 50) of a payment the owner recorded, for exactly its
   * amount, inside the caller's transaction. None without GSTIN, nor once the stay's tax invoice
   * is issued: a payment against an issued invoice is not an advance (the accountant should
   * confirm how such a late payment is acknowledged).
   */
  recordedReceipt(b: Booking, paise: number, at: number): DocumentRow | undefined {
    if (!this.enabled) return undefined;
    if (documentsOfBooking(this.db, b.id).some((d) => isIssued(d, 'tax-invoice', 'bill-of-supply')))
      return undefined;
    return this.receipt(b, paise, at);
  }

  /**
   * DAY-4: reverses a recorded payment entered by mistake by a refund voucher (CGST Rule 51) for
   * its amount, referring to its receipt voucher, inside the caller's transaction; never a
   * deletion. None without GSTIN or without a receipt voucher to reverse.
   */
  reverseReceipt(
    b: Booking,
    voucherId: string,
    paise: number,
    at: number,
  ): DocumentRow | undefined {
    if (!this.enabled) return undefined;
    const voucher = getDocument(this.db, voucherId);
    if (!voucher || voucher.status !== 'issued') return undefined;
    const rates = apportionInclusive(paise, this.stayRates(b));
    return this.issue('refund-voucher', b, at, {
      items: this.amountItems(
        `Reversal of receipt voucher ${voucher.number}: recorded by mistake`,
        rates,
      ),
      rates,
      refersTo: voucher,
      note: 'Payment recorded by mistake: reversed.',
    });
  }

  private cancellation(b: Booking, refundPaise: number, at: number): void {
    const { docs, vouchers, paise } = this.advanceOf(b.id);
    if (refundPaise > paise) {
      throw badRequest(
        'refundPaise',
        `The refund can be at most the advance received, ${paise} paise.`,
      );
    }
    if (paise === 0) return;
    const stay = this.stayRates(b);
    const invoice = docs.find((d) => isIssued(d, 'tax-invoice'));
    if (invoice) {
      if (refundPaise > 0) this.creditNoteOf(invoice, b, refundPaise, REFUND_NOTES[0]!, at);
      return;
    }
    const kept = paise - refundPaise;
    if (kept > 0) {
      const rates = apportionInclusive(kept, stay);
      this.issue('tax-invoice', b, at, {
        items: this.amountItems(
          'Cancellation charges retained on accommodation (Circular 178/10/2022-GST)',
          rates,
        ),
        rates,
        advance: { paise: kept, vouchers: vouchers.map((v) => v.number) },
        note: 'Booking cancelled: the amount kept is taxed as the accommodation it was for.',
      });
    }
    if (refundPaise > 0) {
      const rates = apportionInclusive(refundPaise, stay);
      this.issue('refund-voucher', b, at, {
        items: this.amountItems('Refund of advance on cancelled accommodation', rates),
        rates,
        refersTo: vouchers[vouchers.length - 1]!,
      });
    }
  }

  /**
   * PAY-13: the GST documents of a refund of the advance made after the cancel (the inbox card's
   * Refund, or one made in Razorpay's Dashboard), inside the caller's transaction: a refund voucher
   * (Rule 51) for the part of the advance not yet invoiced or refunded, and a credit note (Section
   * 34, Rule 53) on the cancellation's invoice for the rest (the charges kept, now returned). Their
   * ids; none without GSTIN or a receipt voucher. Throws 400 (amountPaise) above what is left.
   */
  refundDocuments(b: Booking, amountPaise: number, at: number): string[] {
    if (!this.enabled) return [];
    const { docs, vouchers, paise } = this.advanceOf(b.id);
    if (vouchers.length === 0) return [];
    const invoice = docs.find((d) => isIssued(d, 'tax-invoice', 'bill-of-supply'));
    const free = Math.max(0, paise - (invoice?.body.advance?.paise ?? 0));
    const voucherPart = Math.min(free, amountPaise);
    const ids: string[] = [];
    if (voucherPart > 0) {
      const rates = apportionInclusive(voucherPart, this.stayRates(b));
      ids.push(
        this.issue('refund-voucher', b, at, {
          items: this.amountItems('Refund of advance on cancelled accommodation', rates),
          rates,
          refersTo: vouchers[vouchers.length - 1]!,
        }).id,
      );
    }
    const rest = amountPaise - voucherPart;
    if (rest > 0) {
      if (!invoice || invoice.type !== 'tax-invoice')
        throw badRequest('amountPaise', `The refund can be at most ${voucherPart} paise.`);
      ids.push(this.creditNoteOf(invoice, b, rest, REFUND_NOTES[1]!, at).id);
    }
    return ids;
  }

  /** PAY-13: the refund documents of a booking issued at `at` (the cancel's own), their ids. */
  refundDocumentsAt(bookingId: string, at: number): string[] {
    return refundDocumentsAt(this.db, bookingId, at);
  }

  /**
   * PAY-13: cancels the refund documents of a refund Razorpay refused (their numbers are not
   * reused; the reason says why), inside the caller's transaction.
   */
  withdrawRefundDocuments(ids: readonly string[], reason: string, at: number): void {
    for (const id of ids) cancelDocument(this.db, id, reason, at);
  }

  private creditNoteOf(
    invoice: DocumentRow,
    b: Booking,
    amountPaise: number,
    reason: string,
    at: number,
  ) {
    const credited = documentsOfBooking(this.db, b.id)
      .filter((d) => isIssued(d, 'credit-note') && d.refersTo === invoice.id)
      .reduce((s, d) => s + d.totalPaise, 0);
    if (amountPaise < 1 || amountPaise > invoice.totalPaise - credited) {
      throw badRequest(
        'amountPaise',
        `The reduction must be from 1 to ${invoice.totalPaise - credited} paise (the invoice less its credit notes).`,
      );
    }
    const invoiceAsStay: GstRate[] = invoice.body.rates.map((r) => ({
      percent: r.percent,
      nights: 0,
      nightsPaise: r.taxablePaise,
      feesPaise: 0,
      taxablePaise: r.taxablePaise,
      cgstPaise: r.cgstPaise,
      sgstPaise: r.sgstPaise,
      taxPaise: r.taxPaise,
    }));
    const rates = apportionInclusive(amountPaise, invoiceAsStay);
    return this.issue('credit-note', b, at, {
      items: this.amountItems(`Reduction of invoice ${invoice.number}: ${reason}`, rates),
      rates,
      refersTo: invoice,
      note: reason,
    });
  }

  private transaction<T>(fn: () => T): T {
    if (!this.enabled) {
      throw new ApiError(409, 'GST documents need GSTIN: the business is not registered here.', {
        field: 'gstin',
      });
    }
    return this.db.transaction(fn).immediate();
  }

  private booking(id: string): Booking {
    const b = this.bookings.get(id);
    if (!b) throw notFound('id', 'There is no booking with this id.');
    return b;
  }

  /**
   * Issues the tax invoice (or, for a stay marked exempt, the bill of supply) of a confirmed stay
   * whose check-out day has come. 409 before it, for a booking not confirmed, or when issued.
   */
  issueInvoice(bookingId: string, actor = 'owner'): DocumentRow {
    return this.transaction(() => {
      const at = this.now();
      const b = this.booking(bookingId);
      if (b.status !== 'confirmed' || !b.quote) {
        throw new ApiError(409, 'Only a confirmed booking with a price gets an invoice.', {
          field: 'status',
        });
      }
      if (propertyDate(this.now()) < b.checkOut) {
        throw new ApiError(
          409,
          `The invoice can be issued from the check-out day, ${b.checkOut}.`,
          {
            field: 'checkOut',
          },
        );
      }
      const { docs, vouchers, paise } = this.advanceOf(b.id);
      if (docs.some((d) => isIssued(d, 'tax-invoice', 'bill-of-supply'))) {
        throw new ApiError(409, 'This stay is invoiced already.', { field: 'status' });
      }
      const exempt = stayFacts(this.db, b.id).exemptAt !== undefined;
      const stay = this.stayRates(b);
      // An exempt stay is billed its value before tax (entry 12A: no GST is charged on it).
      const exemptValue = valueBeforeTax(b)!;
      const rates: DocumentRate[] = exempt
        ? apportionInclusive(exemptValue, [])
        : invoiceRates(stay);
      const items: DocumentItem[] = exempt
        ? [
            {
              description: accommodationLine(
                nightCount(b.checkIn, b.checkOut),
                b.checkIn,
                b.checkOut,
              ),
              sac: SAC,
              quantity: nightCount(b.checkIn, b.checkOut),
              unit: 'nights',
              percent: 0,
              taxablePaise: exemptValue,
            },
          ]
        : stay.flatMap((rate) => [
            {
              description: `${accommodationLine(rate.nights, b.checkIn, b.checkOut)}${stay.length > 1 ? ` (the nights at ${rate.percent}%)` : ''}`,
              sac: SAC,
              quantity: rate.nights,
              unit: 'nights' as const,
              percent: rate.percent,
              taxablePaise: rate.nightsPaise,
            },
            ...(rate.feesPaise > 0
              ? [
                  {
                    description: 'Cleaning fee',
                    sac: SAC,
                    quantity: 1,
                    unit: 'item' as const,
                    percent: rate.percent,
                    taxablePaise: rate.feesPaise,
                  },
                ]
              : []),
          ]);
      const invoice = this.issue(exempt ? 'bill-of-supply' : 'tax-invoice', b, at, {
        items,
        rates,
        advance: { paise, vouchers: vouchers.map((v) => v.number) },
        ...(exempt ? { exemption: EXEMPTION_12A } : {}),
      });
      for (const hook of this.invoiceHooks) hook(b, at, { actor, totalPaise: invoice.totalPaise });
      return invoice;
    });
  }

  /** Issues the invoices due by themselves (GST-2): check-out before today, at most 30 days ago. Returns how many. */
  issueDue(): number {
    if (!this.enabled) return 0;
    const today = propertyDate(this.now());
    let issued = 0;
    for (const id of invoicesDue(this.db, addDays(today, -INVOICE_DAYS), today)) {
      this.issueInvoice(id, 'system');
      issued += 1;
    }
    return issued;
  }

  /** A credit note reducing an issued tax invoice by `amountPaise` (tax included). */
  creditNote(invoiceId: string, amountPaise: number, reason: string): DocumentRow {
    return this.transaction(() => {
      const invoice = getDocument(this.db, invoiceId);
      if (!invoice) throw notFound('id', 'There is no document with this id.');
      if (!isIssued(invoice, 'tax-invoice')) {
        throw new ApiError(409, 'Only an issued tax invoice can be reduced by a credit note.', {
          field: 'type',
        });
      }
      return this.creditNoteOf(
        invoice,
        this.booking(invoice.bookingId),
        amountPaise,
        reason,
        this.now(),
      );
    });
  }

  /** Cancels a document with a reason (its number is never used again). 409 when cancelled already. */
  cancel(id: string, reason: string): DocumentRow {
    return this.transaction(() => {
      if (!getDocument(this.db, id)) throw notFound('id', 'There is no document with this id.');
      if (!cancelDocument(this.db, id, reason, this.now())) {
        throw new ApiError(409, 'This document is cancelled already.', { field: 'status' });
      }
      return getDocument(this.db, id)!;
    });
  }

  /**
   * FIG-7: the GST of the tax invoices dated in [from, to) less their credit notes, as GSTR-1
   * files the same months (GST-8): taxable value, CGST and SGST, paise. Cancelled documents count
   * nothing.
   */
  figures(
    from: string,
    to: string,
  ): { taxablePaise: number; cgstPaise: number; sgstPaise: number } {
    const sums = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 };
    for (
      let month = from.slice(0, 7);
      month < to;
      month = monthStart(`${month}-01`, 1).slice(0, 7)
    ) {
      for (const d of documentsOfPeriod(this.db, month)) {
        const sign = isIssued(d, 'tax-invoice') ? 1 : isIssued(d, 'credit-note') ? -1 : 0;
        if (sign === 0 || d.body.date < from || d.body.date >= to) continue;
        sums.taxablePaise += sign * d.body.totals.taxablePaise;
        sums.cgstPaise += sign * d.body.totals.cgstPaise;
        sums.sgstPaise += sign * d.body.totals.sgstPaise;
      }
    }
    return sums;
  }

  /** Whether the stay's invoice (or bill of supply) is issued. */
  invoiced(bookingId: string): boolean {
    return documentsOfBooking(this.db, bookingId).some((d) =>
      isIssued(d, 'tax-invoice', 'bill-of-supply'),
    );
  }

  /**
   * Marks a stay exempt under entry 12A (the owner's decision), before its invoice; 409 after.
   * The stored quote loses its GST lines and its total becomes the value before tax; the advance
   * asked is not recomputed, only capped at the new total (a link or mail already carries it, and a
   * payment other than the stored advance is flagged for refund, PAY-3). An advance received
   * before this, with GST on its receipt voucher, is for a chartered accountant to settle
   * (payments README, "A stay marked GST-exempt after its quote").
   */
  markExempt(bookingId: string, actor = 'owner'): void {
    this.transaction(() => {
      this.booking(bookingId);
      if (this.invoiced(bookingId)) {
        throw new ApiError(409, 'This stay is invoiced already.', { field: 'status' });
      }
      const at = this.now();
      markExempt(this.db, bookingId, at);
      // The booking's price follows (the quote with `exempt`: no GST line), so the guest's page,
      // the inbox and the bill of supply agree.
      const b = this.booking(bookingId);
      if (b.quote && b.quote.gst && b.quote.gst.length > 0) {
        const totalPaise = valueBeforeTax(b)!;
        this.bookings.changeQuote(
          bookingId,
          {
            lines: b.quote.lines.filter((line) => !line.label.startsWith('GST (')),
            totalPaise,
            advancePaise: Math.min(b.quote.advancePaise, totalPaise),
            gst: [],
          },
          actor,
        );
      }
    });
  }

  /** Records the company the guest wants the invoice for; 409 once the invoice is issued. */
  setCompany(bookingId: string, company: { legalName: string; gstin: string; address: string }) {
    this.transaction(() => {
      if (this.invoiced(bookingId)) {
        throw new ApiError(409, 'The invoice is issued already.', { field: 'status' });
      }
      setCompany(this.db, bookingId, company, this.now());
    });
  }
}
