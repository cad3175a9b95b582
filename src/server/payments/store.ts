/**
 * The payments tables (migration 011_payments.sql; PAY-2..PAY-8): all their SQL. A booking whose
 * advance goes through Razorpay has one `booking_payments` row (its link, then its payment); each
 * webhook event applied is remembered in `payment_events`; refunds are `payment_refunds` rows.
 * Callers run changes inside their own transactions (payments/service.ts). No row holds a card, a
 * VPA or any other personal data.
 */
import type { Db } from '../store/db.js';

/** The stored states of a booking's advance (PAY-5); `none` and `refunded` are derived. */
export type StoredPaymentState =
  'link-pending' | 'link-made' | 'paid' | 'overdue' | 'needs-refund' | 'paid-by-hand';

/** A booking's payment row. Times ISO unless `…Ms`. */
export interface PaymentRow {
  bookingId: string;
  state: StoredPaymentState;
  /** The link's attempt number (reference_id = the booking's reference, "-", attempt). */
  attempt: number;
  /** Failed tries at making the current link. */
  tries: number;
  nextTryAtMs?: number;
  lastError?: string;
  linkId?: string;
  linkReference?: string;
  linkUrl?: string;
  /** When Razorpay expires the link, seconds since the epoch (Razorpay's unit). */
  linkExpireBy?: number;
  paymentId?: string;
  amountPaise?: number;
  method?: string;
  paidAt?: string;
  /** PAY-10: the link's cancel with Razorpay: asked (not done yet) or done. */
  cancelState?: 'asked' | 'done';
  /** Failed tries at cancelling the link. */
  cancelTries: number;
  cancelNextAtMs?: number;
  /** The last failed try at cancelling, in words. */
  cancelError?: string;
  updatedAt: string;
}

interface RawPayment {
  booking_id: string;
  state: StoredPaymentState;
  attempt: number;
  tries: number;
  next_try_at: number | null;
  last_error: string | null;
  link_id: string | null;
  link_reference: string | null;
  link_url: string | null;
  link_expire_by: number | null;
  payment_id: string | null;
  amount_paise: number | null;
  method: string | null;
  paid_at: string | null;
  cancel_state: 'asked' | 'done' | null;
  cancel_tries: number;
  cancel_next_at: number | null;
  cancel_error: string | null;
  updated_at: string;
}

function toPayment(r: RawPayment): PaymentRow {
  const optional = <T>(key: string, value: T | null) => (value === null ? {} : { [key]: value });
  return {
    bookingId: r.booking_id,
    state: r.state,
    attempt: r.attempt,
    tries: r.tries,
    ...optional('nextTryAtMs', r.next_try_at),
    ...optional('lastError', r.last_error),
    ...optional('linkId', r.link_id),
    ...optional('linkReference', r.link_reference),
    ...optional('linkUrl', r.link_url),
    ...optional('linkExpireBy', r.link_expire_by),
    ...optional('paymentId', r.payment_id),
    ...optional('amountPaise', r.amount_paise),
    ...optional('method', r.method),
    ...optional('paidAt', r.paid_at),
    ...optional('cancelState', r.cancel_state),
    cancelTries: r.cancel_tries,
    ...optional('cancelNextAtMs', r.cancel_next_at),
    ...optional('cancelError', r.cancel_error),
    updatedAt: r.updated_at,
  } as PaymentRow;
}

/** The payment row of a booking, or undefined. */
export function paymentOf(db: Db, bookingId: string): PaymentRow | undefined {
  const row = db.prepare('SELECT * FROM booking_payments WHERE booking_id = ?').get(bookingId) as
    RawPayment | undefined;
  return row && toPayment(row);
}

/** The payment row whose current or an earlier link is `linkId` or whose reference is `reference`. */
export function paymentOfLink(
  db: Db,
  linkId: string,
  reference: string | undefined,
): PaymentRow | undefined {
  const row = db.prepare('SELECT * FROM booking_payments WHERE link_id = ?').get(linkId) as
    RawPayment | undefined;
  if (row) return toPayment(row);
  // A link made by an earlier attempt (its answer lost, or replaced by "Send a new link"):
  // its reference_id is still the booking's reference and an attempt number.
  const booking = /^(STY-[A-Z0-9]{4})-\d+$/.exec(reference ?? '')?.[1];
  if (!booking) return undefined;
  const byRef = db
    .prepare(
      'SELECT p.* FROM booking_payments p JOIN bookings b ON b.id = p.booking_id WHERE b.reference = ?',
    )
    .get(booking) as RawPayment | undefined;
  return byRef && toPayment(byRef);
}

/** Payment rows by booking id, for the owner's list. */
export function paymentsOf(db: Db, bookingIds: string[]): Map<string, PaymentRow> {
  const rows = db
    .prepare('SELECT * FROM booking_payments WHERE booking_id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(bookingIds)) as RawPayment[];
  return new Map(rows.map((r) => [r.booking_id, toPayment(r)]));
}

/** A link to make for a booking now (its first, or a new one after "Send a new link"). */
export function askForLink(db: Db, bookingId: string, at: string, nowMs: number): void {
  db.prepare(
    `INSERT INTO booking_payments (booking_id, state, attempt, tries, next_try_at, updated_at)
       VALUES (?, 'link-pending', 1, 0, ?, ?)
     ON CONFLICT (booking_id) DO UPDATE SET state = 'link-pending', attempt = attempt + 1,
       tries = 0, next_try_at = excluded.next_try_at, last_error = NULL, link_id = NULL,
       link_reference = NULL, link_url = NULL, link_expire_by = NULL, updated_at = excluded.updated_at`,
  ).run(bookingId, nowMs, at);
}

/** Links waiting to be made whose next try is due at `nowMs`, oldest first. */
export function linksDue(db: Db, nowMs: number): PaymentRow[] {
  return (
    db
      .prepare(
        `SELECT p.* FROM booking_payments p JOIN bookings b ON b.id = p.booking_id
           WHERE p.state = 'link-pending' AND p.next_try_at <= ? AND b.status = 'accepted'
           ORDER BY p.next_try_at, p.booking_id`,
      )
      .all(nowMs) as RawPayment[]
  ).map(toPayment);
}

/** Made links still unpaid for accepted bookings (PAY-6's check every 15 minutes). */
export function openLinks(db: Db): PaymentRow[] {
  return (
    db
      .prepare(
        `SELECT p.* FROM booking_payments p JOIN bookings b ON b.id = p.booking_id
           WHERE p.state = 'link-made' AND b.status = 'accepted' ORDER BY p.booking_id`,
      )
      .all() as RawPayment[]
  ).map(toPayment);
}

/** A failed try at making the link: the next one at `nextMs`; the next try takes a new attempt number. */
export function linkTryFailed(
  db: Db,
  bookingId: string,
  error: string,
  nextMs: number,
  at: string,
): void {
  db.prepare(
    `UPDATE booking_payments SET tries = tries + 1, attempt = attempt + 1, last_error = ?,
       next_try_at = ?, updated_at = ? WHERE booking_id = ? AND state = 'link-pending'`,
  ).run(error, nextMs, at, bookingId);
}

/** The link is made: its id, reference, URL and expiry (seconds since the epoch). */
export function linkMade(
  db: Db,
  bookingId: string,
  link: { id: string; reference: string; url: string; expireBy: number },
  at: string,
): void {
  db.prepare(
    `UPDATE booking_payments SET state = 'link-made', link_id = ?, link_reference = ?, link_url = ?,
       link_expire_by = ?, next_try_at = NULL, last_error = NULL, updated_at = ?
       WHERE booking_id = ? AND state = 'link-pending'`,
  ).run(link.id, link.reference, link.url, link.expireBy, at, bookingId);
}

/**
 * PAY-10: the made link of a booking is to be cancelled with Razorpay, now (`nowMs`). Only a row
 * with a link and no payment recorded, whose cancel is not asked already; false otherwise (no
 * link: nothing to cancel).
 */
export function askLinkCancel(db: Db, bookingId: string, nowMs: number, at: string): boolean {
  return (
    db
      .prepare(
        `UPDATE booking_payments SET cancel_state = 'asked', cancel_tries = 0, cancel_next_at = ?,
           cancel_error = NULL, updated_at = ?
           WHERE booking_id = ? AND link_id IS NOT NULL AND payment_id IS NULL AND cancel_state IS NULL`,
      )
      .run(nowMs, at, bookingId).changes === 1
  );
}

/**
 * PAY-10: a link Razorpay made after the booking stopped waiting for it (the owner acted while the
 * link was being made): stored, and its cancel asked at once. The row's state stays as the
 * owner's change left it.
 */
export function linkMadeLate(
  db: Db,
  bookingId: string,
  link: { id: string; reference: string; url: string; expireBy: number },
  nowMs: number,
  at: string,
): void {
  db.prepare(
    `UPDATE booking_payments SET link_id = ?, link_reference = ?, link_url = ?, link_expire_by = ?,
       next_try_at = NULL, last_error = NULL, cancel_state = 'asked', cancel_tries = 0,
       cancel_next_at = ?, cancel_error = NULL, updated_at = ? WHERE booking_id = ?`,
  ).run(link.id, link.reference, link.url, link.expireBy, nowMs, at, bookingId);
}

/** Links whose cancel is asked and due at `nowMs`, oldest first (PAY-10). */
export function cancelsDue(db: Db, nowMs: number): PaymentRow[] {
  return (
    db
      .prepare(
        `SELECT * FROM booking_payments WHERE cancel_state = 'asked' AND cancel_next_at <= ?
           ORDER BY cancel_next_at, booking_id`,
      )
      .all(nowMs) as RawPayment[]
  ).map(toPayment);
}

/** A failed try at cancelling the link: the next at `nextMs`, `error` in words (PAY-10). */
export function linkCancelFailed(
  db: Db,
  bookingId: string,
  error: string,
  nextMs: number,
  at: string,
): void {
  db.prepare(
    `UPDATE booking_payments SET cancel_tries = cancel_tries + 1, cancel_error = ?,
       cancel_next_at = ?, updated_at = ? WHERE booking_id = ? AND cancel_state = 'asked'`,
  ).run(error, nextMs, at, bookingId);
}

/** The link can no longer be paid: cancelled, expired, or paid and recorded (PAY-10). */
export function linkCancelDone(db: Db, bookingId: string, at: string): void {
  db.prepare(
    `UPDATE booking_payments SET cancel_state = 'done', cancel_next_at = NULL, cancel_error = NULL,
       updated_at = ? WHERE booking_id = ? AND cancel_state = 'asked'`,
  ).run(at, bookingId);
}

/** Moves a row from one of `from` to `to`; false when it is in none of them. */
export function setPaymentState(
  db: Db,
  bookingId: string,
  from: readonly StoredPaymentState[],
  to: StoredPaymentState,
  at: string,
): boolean {
  return (
    db
      .prepare(
        `UPDATE booking_payments SET state = ?, updated_at = ?
           WHERE booking_id = ? AND state IN (SELECT value FROM json_each(?))`,
      )
      .run(to, at, bookingId, JSON.stringify(from)).changes === 1
  );
}

/** A payment received: its Razorpay id, amount, method and time, in state paid or needs-refund. */
export function recordPayment(
  db: Db,
  bookingId: string,
  payment: { id: string; amountPaise: number; method: string; paidAt: string },
  state: 'paid' | 'needs-refund',
  at: string,
): void {
  db.prepare(
    `UPDATE booking_payments SET state = ?, payment_id = ?, amount_paise = ?, method = ?, paid_at = ?,
       updated_at = ? WHERE booking_id = ?`,
  ).run(state, payment.id, payment.amountPaise, payment.method, payment.paidAt, at, bookingId);
}

/** Remembers a webhook event; false when it was applied before. */
export function rememberEvent(db: Db, key: string, event: string, at: string): boolean {
  return (
    db
      .prepare(
        'INSERT INTO payment_events (event_key, event, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
      )
      .run(key, event, at).changes === 1
  );
}

/** Refunds of a booking not failed (asked, pending or processed), paise. */
export function refundedPaise(db: Db, bookingId: string): number {
  return (
    db
      .prepare(
        "SELECT COALESCE(SUM(amount_paise), 0) AS n FROM payment_refunds WHERE booking_id = ? AND status != 'failed'",
      )
      .get(bookingId) as { n: number }
  ).n;
}

/** Refunds not failed by booking id, paise. */
export function refundedPaiseOf(db: Db, bookingIds: string[]): Map<string, number> {
  const rows = db
    .prepare(
      `SELECT booking_id, SUM(amount_paise) AS n FROM payment_refunds
         WHERE status != 'failed' AND booking_id IN (SELECT value FROM json_each(?)) GROUP BY booking_id`,
    )
    .all(JSON.stringify(bookingIds)) as { booking_id: string; n: number }[];
  return new Map(rows.map((r) => [r.booking_id, r.n]));
}

/** A refund about to be asked of Razorpay (status asking); its row id. */
export function startRefund(db: Db, bookingId: string, amountPaise: number, at: string): number {
  return Number(
    db
      .prepare(
        `INSERT INTO payment_refunds (booking_id, amount_paise, status, created_at, updated_at)
           VALUES (?, ?, 'asking', ?, ?)`,
      )
      .run(bookingId, amountPaise, at, at).lastInsertRowid,
  );
}

/** Razorpay took the refund: its id and status. */
export function refundAsked(
  db: Db,
  rowId: number,
  refundId: string,
  status: 'pending' | 'processed' | 'failed',
  at: string,
): void {
  db.prepare(
    'UPDATE payment_refunds SET refund_id = ?, status = ?, updated_at = ? WHERE id = ?',
  ).run(refundId, status, at, rowId);
}

/** Razorpay refused the refund or did not answer: the row goes. */
export function dropRefund(db: Db, rowId: number): void {
  db.prepare("DELETE FROM payment_refunds WHERE id = ? AND status = 'asking'").run(rowId);
}

/**
 * A refund webhook (PAY-7): sets the status of refund `refundId`, or adds it for the booking
 * whose payment is `paymentId` when it was made elsewhere (Razorpay's Dashboard). False when
 * neither is known.
 */
export function followRefund(
  db: Db,
  refund: {
    id: string;
    paymentId: string;
    amountPaise: number;
    status: 'pending' | 'processed' | 'failed';
  },
  at: string,
): boolean {
  if (
    db
      .prepare('UPDATE payment_refunds SET status = ?, updated_at = ? WHERE refund_id = ?')
      .run(refund.status, at, refund.id).changes === 1
  )
    return true;
  const owner = db
    .prepare('SELECT booking_id FROM booking_payments WHERE payment_id = ?')
    .get(refund.paymentId) as { booking_id: string } | undefined;
  if (!owner) return false;
  db.prepare(
    `INSERT INTO payment_refunds (booking_id, refund_id, amount_paise, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(owner.booking_id, refund.id, refund.amountPaise, refund.status, at, at);
  return true;
}
