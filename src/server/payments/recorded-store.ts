/**
 * The payments the owner records (migration 028, `recorded_payments`; DAY-4): all their SQL. A row
 * is never deleted: a payment entered by mistake is reversed (`reversed_at`). Callers run the
 * changes inside their own transactions (recorded.ts), with the GST vouchers they issue.
 */
import type { Db } from '../store/db.js';
import type { PaymentWay, RecordedPayment } from '../../shared/bookings.js';

/** An instant (ms) as the table's ISO text columns store it (this module is an edge, decision 062). */
const iso = (ms: number) => new Date(ms).toISOString();

interface RawRecorded {
  id: number;
  booking_id: string;
  amount_paise: number;
  paid_on: string;
  way: PaymentWay;
  reference: string | null;
  voucher_id: string | null;
  voucher: string | null;
  reversed_at: string | null;
  reversal_voucher: string | null;
  confirmed_booking: number;
}

/** A recorded payment with its voucher's id, as the service needs it. */
export type StoredRecorded = RecordedPayment & {
  bookingId: string;
  voucherId?: string;
  /** Its recording confirmed the booking (an accepted booking's first payment). */
  confirmedBooking: boolean;
};

function toRecorded(r: RawRecorded): StoredRecorded {
  return {
    id: r.id,
    bookingId: r.booking_id,
    amountPaise: r.amount_paise,
    paidOn: r.paid_on,
    way: r.way,
    ...(r.reference === null ? {} : { reference: r.reference }),
    ...(r.voucher_id === null ? {} : { voucherId: r.voucher_id }),
    confirmedBooking: r.confirmed_booking === 1,
    ...(r.voucher === null ? {} : { voucher: r.voucher }),
    ...(r.reversed_at === null ? {} : { reversedAt: r.reversed_at }),
    ...(r.reversal_voucher === null ? {} : { reversalVoucher: r.reversal_voucher }),
  };
}

const SELECT = `SELECT p.id, p.booking_id, p.amount_paise, p.paid_on, p.way, p.reference, p.voucher_id,
    v.number AS voucher, p.reversed_at, r.number AS reversal_voucher, p.confirmed_booking
  FROM recorded_payments p
  LEFT JOIN gst_documents v ON v.id = p.voucher_id
  LEFT JOIN gst_documents r ON r.id = p.reversal_voucher_id`;

/** Stores a recorded payment (`recordedAt` in ms); its id. */
export function insertRecorded(
  db: Db,
  p: Omit<RecordedPayment, 'id' | 'voucher' | 'reversedAt' | 'reversalVoucher'> & {
    bookingId: string;
    recordedAt: number;
    voucherId?: string | undefined;
    confirmedBooking: boolean;
  },
): number {
  const info = db
    .prepare(
      `INSERT INTO recorded_payments (booking_id, amount_paise, paid_on, way, reference, recorded_at,
         voucher_id, confirmed_booking) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      p.bookingId,
      p.amountPaise,
      p.paidOn,
      p.way,
      p.reference ?? null,
      iso(p.recordedAt),
      p.voucherId ?? null,
      p.confirmedBooking ? 1 : 0,
    );
  return Number(info.lastInsertRowid);
}

/** One recorded payment, or undefined. */
export function getRecorded(db: Db, id: number): StoredRecorded | undefined {
  const row = db.prepare(`${SELECT} WHERE p.id = ?`).get(id) as RawRecorded | undefined;
  return row && toRecorded(row);
}

/** The recorded payments of each of `ids`, oldest first, by booking id (one query, PERF-12). */
export function recordedOf(db: Db, ids: readonly string[]): Map<string, StoredRecorded[]> {
  const out = new Map<string, StoredRecorded[]>();
  if (ids.length === 0) return out;
  const rows = db
    .prepare(`${SELECT} WHERE p.booking_id IN (SELECT value FROM json_each(?)) ORDER BY p.id`)
    .all(JSON.stringify(ids)) as RawRecorded[];
  for (const r of rows) out.set(r.booking_id, [...(out.get(r.booking_id) ?? []), toRecorded(r)]);
  return out;
}

/** Marks a recorded payment reversed at `at` (ms) with its refund voucher; false when it already was. */
export function reverseRecorded(
  db: Db,
  id: number,
  at: number,
  voucherId: string | undefined,
): boolean {
  return (
    db
      .prepare(
        'UPDATE recorded_payments SET reversed_at = ?, reversal_voucher_id = ? WHERE id = ? AND reversed_at IS NULL',
      )
      .run(iso(at), voucherId ?? null, id).changes === 1
  );
}

/**
 * The payments the owner recorded as paid on days [from, to) (Asia/Kolkata), by way, paise; one
 * reversed as entered by mistake never moved money and is left out (FIG-7).
 */
export function recordedByWay(db: Db, from: string, to: string): Map<string, number> {
  const rows = db
    .prepare(
      `SELECT way, SUM(amount_paise) AS n FROM recorded_payments
         WHERE paid_on >= ? AND paid_on < ? AND reversed_at IS NULL GROUP BY way`,
    )
    .all(from, to) as { way: string; n: number }[];
  return new Map(rows.map((r) => [r.way, r.n]));
}

/**
 * Erases the reference of every recorded payment paid before `before` (YYYY-MM-DD; PRIV-9: the
 * GST keeping is over); the amount, day and way stay. Returns how many references went.
 */
export function eraseReferencesBefore(db: Db, before: string): number {
  return db
    .prepare(
      'UPDATE recorded_payments SET reference = NULL WHERE paid_on < ? AND reference IS NOT NULL',
    )
    .run(before).changes;
}
