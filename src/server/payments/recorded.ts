/**
 * Payments the owner records as they happen (DAY-4, DAY-5; decision 045): an advance, a part of
 * it or the balance, paid by UPI, bank transfer, cash, card or otherwise, each with its GST receipt
 * voucher for exactly its amount (CGST Rule 50, through `../gst/`). The first payment of an
 * accepted booking confirms it through the bookings' own `paid` transition, so what follows a
 * confirmation (the guest's mail, a Razorpay link cancelled: PAY-10) follows it too. A payment
 * entered by mistake is reversed by a refund voucher (Rule 51), never deleted. Each change is one
 * SQLite transaction. The owner's list reads paid, balance and when it is due from `moneyOf`.
 */
import type { Config } from '../config.js';
import type { Db } from '../store/db.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { BookingService } from '../bookings/service.js';
import type { GstService } from '../gst/service.js';
import { gatewayMoney, paymentsOf, refundSumsOf } from './store.js';
import { startOfPropertyDay, type MoneyFigures } from '../../shared/figures.js';
import { gstKeptFrom, type DataClass } from '../privacy/retention.js';
import { truncateWal } from '../store/db.js';
import {
  eraseReferencesBefore,
  getRecorded,
  insertRecorded,
  recordedByWay,
  recordedOf,
  reverseRecorded,
  type StoredRecorded,
} from './recorded-store.js';
import {
  BOOKING_STATUS_WORDS,
  type Booking,
  type BookingMoney,
  type OwnerBooking,
  type RecordPaymentBody,
} from '../../shared/bookings.js';
import { addDays, formatDate, today } from '../../shared/calendar-dates.js';
import type { Clock } from '../../shared/instants.js';
import { formatPaise } from '../../shared/money.js';

/** The states whose money the owner follows: waiting for the advance, or confirmed. */
const FOLLOWED = new Set(['accepted', 'confirmed']);

/** The classes of the retention table the references' erasure job erases (PRIV-1, PRIV-9). */
export const RECORDED_ERASES: readonly DataClass[] = ['payment-references'];

/** The recorded payments of one server. */
export class RecordedPayments {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'bookings'>,
    private readonly bookings: BookingService,
    private readonly gst: Pick<GstService, 'recordedReceipt' | 'reverseReceipt'>,
    private readonly now: Clock,
  ) {}

  /**
   * Erases the references of the payments whose GST keeping is over (PRIV-9; the retention table's
   * `payment-references`, `gstKeptFrom`: CGST Act 2017 s.36, CGST Rules 2017 rule 80) on the
   * clock's day in Asia/Kolkata; the amounts and days stay in the accounts. Returns how many. The
   * WAL is truncated after, so no older version of an erased reference stays in it (RUNTIME-3).
   */
  eraseOldReferences(): number {
    const erased = eraseReferencesBefore(this.db, gstKeptFrom(today(this.now())));
    if (erased > 0) this.walToTruncate = true;
    if (this.walToTruncate) this.walToTruncate = !truncateWal(this.db);
    return erased;
  }

  /** An erasure whose WAL a reader kept from being truncated: tried again at the next run. */
  private walToTruncate = false;

  /**
   * Paid, balance and when it is due of each booking (DAY-4), in their order; undefined for a
   * booking without a price or not accepted or confirmed. Paid is the recorded payments not
   * reversed, a Razorpay payment less its refunds, and the advance of a booking confirmed by
   * "Advance received" before payments were recorded. The balance is due BALANCE_DUE_DAYS
   * before check-in. A fixed number of queries for the page (PERF-12).
   */
  moneyOf(rows: readonly Booking[]): (BookingMoney | undefined)[] {
    const ids = rows.map((b) => b.id);
    const recorded = recordedOf(this.db, ids);
    const gateway = paymentsOf(this.db, ids);
    const refunded = refundSumsOf(this.db, ids);
    return rows.map((b) => {
      if (!b.quote || !FOLLOWED.has(b.status)) return undefined;
      const mine = recorded.get(b.id) ?? [];
      const online = gateway.get(b.id);
      const viaLink = online?.paymentId
        ? (online.amountPaise ?? 0) - (refunded.get(b.id)?.madePaise ?? 0)
        : 0;
      const byHand =
        b.status === 'confirmed' && !online?.paymentId && !mine.some((p) => p.confirmedBooking)
          ? b.quote.advancePaise
          : 0;
      const paidPaise =
        mine.filter((p) => !p.reversedAt).reduce((s, p) => s + p.amountPaise, 0) + viaLink + byHand;
      return {
        totalPaise: b.quote.totalPaise,
        paidPaise,
        balancePaise: Math.max(0, b.quote.totalPaise - paidPaise),
        balanceDue: addDays(b.checkIn, -this.config.bookings.balanceDueDays),
        payments: mine.map(({ bookingId: _b, voucherId: _v, confirmedBooking: _c, ...p }) => p),
      };
    });
  }

  /**
   * FIG-7: the money that moved on days [from, to) (Asia/Kolkata): Razorpay's payments and the
   * refunds it made, by their instants, and the payments the owner recorded, by the day paid.
   */
  moneyFigures(from: string, to: string): MoneyFigures {
    const gateway = gatewayMoney(this.db, startOfPropertyDay(from), startOfPropertyDay(to));
    const byWay: MoneyFigures['byWay'] = {};
    if (gateway.receivedPaise || gateway.refundedPaise) byWay.razorpay = gateway;
    let received = gateway.receivedPaise;
    for (const [way, paise] of recordedByWay(this.db, from, to)) {
      byWay[way] = { receivedPaise: paise, refundedPaise: 0 };
      received += paise;
    }
    return { receivedPaise: received, refundedPaise: gateway.refundedPaise, byWay };
  }

  private booking(id: string): Booking {
    const b = this.bookings.get(id);
    if (!b) throw notFound('id', 'There is no booking with this id.');
    return b;
  }

  /**
   * Records a payment (DAY-4) of an accepted or confirmed booking: at most the balance (a booking
   * with a price), paid on a day not after today (Asia/Kolkata). Issues its receipt voucher; the
   * first payment of an accepted booking confirms it. 409 for another state; 400 naming the field.
   */
  record(id: string, body: RecordPaymentBody): OwnerBooking {
    const now = this.now();
    const at = now;
    if (body.paidOn > today(now)) {
      throw badRequest('paidOn', `The day paid cannot be after today, ${formatDate(today(now))}.`);
    }
    this.db
      .transaction(() => {
        const b = this.booking(id);
        if (!FOLLOWED.has(b.status)) {
          throw new ApiError(
            409,
            `This booking is ${BOOKING_STATUS_WORDS[b.status]}: payments are recorded for an accepted or confirmed booking.`,
            { field: 'status', extra: { status: b.status } },
          );
        }
        const balance = this.moneyOf([b])[0]?.balancePaise;
        if (balance !== undefined && body.amountPaise > balance) {
          throw badRequest(
            'amountPaise',
            balance === 0
              ? 'Nothing is left to pay on this booking.'
              : `The amount can be at most the balance, ${formatPaise(balance)}.`,
          );
        }
        const confirms = b.status === 'accepted';
        const after = confirms
          ? this.bookings.act(id, 'paid', undefined, { recordedPaise: body.amountPaise })
          : b;
        const voucher = this.gst.recordedReceipt(after, body.amountPaise, at);
        insertRecorded(this.db, {
          bookingId: id,
          amountPaise: body.amountPaise,
          paidOn: body.paidOn,
          way: body.way,
          ...(body.reference ? { reference: body.reference } : {}),
          recordedAt: at,
          voucherId: voucher?.id,
          confirmedBooking: confirms,
        });
      })
      .immediate();
    return this.bookings.ownerView([this.booking(id)])[0]!;
  }

  /**
   * Reverses a payment recorded by mistake (DAY-5): a refund voucher for its amount referring to
   * its receipt voucher; the row stays, marked reversed. 404 for a payment not of this booking,
   * 409 for one reversed already. The booking's state is left as it is (the owner cancels it if
   * the stay is off).
   */
  reverse(id: string, paymentId: number): OwnerBooking {
    const at = this.now();
    this.db
      .transaction(() => {
        const b = this.booking(id);
        const p: StoredRecorded | undefined = getRecorded(this.db, paymentId);
        if (!p || p.bookingId !== id) {
          throw notFound('paymentId', 'There is no such payment recorded on this booking.');
        }
        if (p.reversedAt) {
          throw new ApiError(409, 'This payment was reversed already.', { field: 'paymentId' });
        }
        const voucher = p.voucherId
          ? this.gst.reverseReceipt(b, p.voucherId, p.amountPaise, at)
          : undefined;
        reverseRecorded(this.db, paymentId, at, voucher?.id);
      })
      .immediate();
    return this.bookings.ownerView([this.booking(id)])[0]!;
  }
}
