/**
 * The payments tables (migration 011_payments.sql; PAY-2..PAY-8): all their SQL. A booking whose
 * advance goes through Razorpay has one `booking_payments` row (its link, then its payment); each
 * webhook event applied is remembered in `payment_events`; refunds are `payment_refunds` rows.
 * Callers run changes inside their own transactions (payments/service.ts). No row holds a card, a
 * VPA or any other personal data.
 */
import type { Db } from '../store/db.js';

/**
 * An instant (ms) as the tables' ISO text columns store it: callers hand every instant in ms
 * (this module is an edge, decision 062); `next_try_at`-like columns hold ms as they are.
 */
const iso = (ms: number) => new Date(ms).toISOString();

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
export function askForLink(db: Db, bookingId: string, nowMs: number): void {
  db.prepare(
    `INSERT INTO booking_payments (booking_id, state, attempt, tries, next_try_at, updated_at)
       VALUES (?, 'link-pending', 1, 0, ?, ?)
     ON CONFLICT (booking_id) DO UPDATE SET state = 'link-pending', attempt = attempt + 1,
       tries = 0, next_try_at = excluded.next_try_at, last_error = NULL, link_id = NULL,
       link_reference = NULL, link_url = NULL, link_expire_by = NULL, updated_at = excluded.updated_at`,
  ).run(bookingId, nowMs, iso(nowMs));
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
  at: number,
): void {
  db.prepare(
    `UPDATE booking_payments SET tries = tries + 1, attempt = attempt + 1, last_error = ?,
       next_try_at = ?, updated_at = ? WHERE booking_id = ? AND state = 'link-pending'`,
  ).run(error, nextMs, iso(at), bookingId);
}

/** The link is made: its id, reference, URL and expiry (seconds since the epoch). */
export function linkMade(
  db: Db,
  bookingId: string,
  link: { id: string; reference: string; url: string; expireBy: number },
  at: number,
): void {
  db.prepare(
    `UPDATE booking_payments SET state = 'link-made', link_id = ?, link_reference = ?, link_url = ?,
       link_expire_by = ?, next_try_at = NULL, last_error = NULL, updated_at = ?
       WHERE booking_id = ? AND state = 'link-pending'`,
  ).run(link.id, link.reference, link.url, link.expireBy, iso(at), bookingId);
}

/**
 * PAY-10: the made link of a booking is to be cancelled with Razorpay, now (`nowMs`). Only a row
 * with a link and no payment recorded, whose cancel is not asked already; false otherwise (no
 * link: nothing to cancel).
 */
export function askLinkCancel(db: Db, bookingId: string, nowMs: number): boolean {
  return (
    db
      .prepare(
        `UPDATE booking_payments SET cancel_state = 'asked', cancel_tries = 0, cancel_next_at = ?,
           cancel_error = NULL, updated_at = ?
           WHERE booking_id = ? AND link_id IS NOT NULL AND payment_id IS NULL AND cancel_state IS NULL`,
      )
      .run(nowMs, iso(nowMs), bookingId).changes === 1
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
): void {
  db.prepare(
    `UPDATE booking_payments SET link_id = ?, link_reference = ?, link_url = ?, link_expire_by = ?,
       next_try_at = NULL, last_error = NULL, cancel_state = 'asked', cancel_tries = 0,
       cancel_next_at = ?, cancel_error = NULL, updated_at = ? WHERE booking_id = ?`,
  ).run(link.id, link.reference, link.url, link.expireBy, nowMs, iso(nowMs), bookingId);
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
  at: number,
): void {
  db.prepare(
    `UPDATE booking_payments SET cancel_tries = cancel_tries + 1, cancel_error = ?,
       cancel_next_at = ?, updated_at = ? WHERE booking_id = ? AND cancel_state = 'asked'`,
  ).run(error, nextMs, iso(at), bookingId);
}

/** The link can no longer be paid: cancelled, expired, or paid and recorded (PAY-10). */
export function linkCancelDone(db: Db, bookingId: string, at: number): void {
  db.prepare(
    `UPDATE booking_payments SET cancel_state = 'done', cancel_next_at = NULL, cancel_error = NULL,
       updated_at = ? WHERE booking_id = ? AND cancel_state = 'asked'`,
  ).run(iso(at), bookingId);
}

/** Moves a row from one of `from` to `to`; false when it is in none of them. */
export function setPaymentState(
  db: Db,
  bookingId: string,
  from: readonly StoredPaymentState[],
  to: StoredPaymentState,
  at: number,
): boolean {
  return (
    db
      .prepare(
        `UPDATE booking_payments SET state = ?, updated_at = ?
           WHERE booking_id = ? AND state IN (SELECT value FROM json_each(?))`,
      )
      .run(to, iso(at), bookingId, JSON.stringify(from)).changes === 1
  );
}

/** A payment received: its Razorpay id, amount, method and time (ms), in state paid or needs-refund. */
export function recordPayment(
  db: Db,
  bookingId: string,
  payment: { id: string; amountPaise: number; method: string; paidAt: number },
  state: 'paid' | 'needs-refund',
  at: number,
): void {
  db.prepare(
    `UPDATE booking_payments SET state = ?, payment_id = ?, amount_paise = ?, method = ?, paid_at = ?,
       updated_at = ? WHERE booking_id = ?`,
  ).run(
    state,
    payment.id,
    payment.amountPaise,
    payment.method,
    iso(payment.paidAt),
    iso(at),
    bookingId,
  );
}

/** Remembers a webhook event; false when it was applied before. */
export function rememberEvent(db: Db, key: string, event: string, at: number): boolean {
  return (
    db
      .prepare(
        'INSERT INTO payment_events (event_key, event, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
      )
      .run(key, event, iso(at)).changes === 1
  );
}

/** A refund's state (PAY-12): it only moves forward, from asked or unknown to made or failed. */
type RefundState = 'asked' | 'unknown' | 'made' | 'failed';

/** A refund of a booking's Razorpay payment (PAY-12). Times ISO unless `…Ms`. */
export interface RefundRow {
  id: number;
  bookingId: string;
  paymentId?: string;
  /** Sent as X-Refund-Idempotency, the receipt and notes.refund_key; 'legacy-…' was never sent. */
  key: string;
  refundId?: string;
  amountPaise: number;
  state: RefundState;
  gatewayStatus?: 'pending' | 'processed' | 'failed';
  /** Why it is unknown or failed, in words. */
  error?: string;
  tries: number;
  nextCheckAtMs?: number;
  /** The GST refund documents issued for it (refund voucher, credit note). */
  documentIds: string[];
  createdAt: string;
}

interface RawRefund {
  id: number;
  booking_id: string;
  payment_id: string | null;
  idempotency_key: string;
  refund_id: string | null;
  amount_paise: number;
  state: RefundState;
  gateway_status: 'pending' | 'processed' | 'failed' | null;
  error: string | null;
  tries: number;
  next_check_at: number | null;
  document_ids: string;
  created_at: string;
}

function toRefund(r: RawRefund): RefundRow {
  return {
    id: r.id,
    bookingId: r.booking_id,
    ...(r.payment_id === null ? {} : { paymentId: r.payment_id }),
    key: r.idempotency_key,
    ...(r.refund_id === null ? {} : { refundId: r.refund_id }),
    amountPaise: r.amount_paise,
    state: r.state,
    ...(r.gateway_status === null ? {} : { gatewayStatus: r.gateway_status }),
    ...(r.error === null ? {} : { error: r.error }),
    tries: r.tries,
    ...(r.next_check_at === null ? {} : { nextCheckAtMs: r.next_check_at }),
    documentIds: JSON.parse(r.document_ids) as string[],
    createdAt: r.created_at,
  };
}

/** One refund row by its id. */
export function refundOf(db: Db, id: number): RefundRow | undefined {
  const row = db.prepare('SELECT * FROM payment_refunds WHERE id = ?').get(id) as
    RawRefund | undefined;
  return row && toRefund(row);
}

/** Refunds of a booking not failed (asked, unknown or made), paise: what can no longer be refunded. */
export function refundedPaise(db: Db, bookingId: string): number {
  return (
    db
      .prepare(
        "SELECT COALESCE(SUM(amount_paise), 0) AS n FROM payment_refunds WHERE booking_id = ? AND state != 'failed'",
      )
      .get(bookingId) as { n: number }
  ).n;
}

/** How a booking's refunds stand (PAY-13): made, asked or unknown (paise), the last failure's words. */
export interface RefundSums {
  madePaise: number;
  openPaise: number;
  /** The newest refund failed: its amount and Razorpay's words. */
  lastFailed?: { amountPaise: number; error: string };
}

/** RefundSums by booking id, for a page of the owner's list (one query). */
export function refundSumsOf(db: Db, bookingIds: string[]): Map<string, RefundSums> {
  const rows = db
    .prepare(
      `SELECT booking_id, amount_paise, state, error FROM payment_refunds
         WHERE booking_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
    )
    .all(JSON.stringify(bookingIds)) as {
    booking_id: string;
    amount_paise: number;
    state: RefundState;
    error: string | null;
  }[];
  const sums = new Map<string, RefundSums>();
  for (const r of rows) {
    const s = sums.get(r.booking_id) ?? { madePaise: 0, openPaise: 0 };
    if (r.state === 'made') s.madePaise += r.amount_paise;
    if (r.state === 'asked' || r.state === 'unknown') s.openPaise += r.amount_paise;
    if (r.state === 'failed')
      s.lastFailed = { amountPaise: r.amount_paise, error: r.error ?? 'refused' };
    else delete s.lastFailed;
    sums.set(r.booking_id, s);
  }
  return sums;
}

/**
 * A refund stored before Razorpay is asked (PAY-12): state asked, its own idempotency key, due at
 * `nowMs`, with the GST documents issued for it. Its row.
 */
export function askRefund(
  db: Db,
  refund: {
    bookingId: string;
    paymentId: string;
    amountPaise: number;
    key: string;
    documentIds: string[];
  },
  nowMs: number,
): RefundRow {
  const id = Number(
    db
      .prepare(
        `INSERT INTO payment_refunds (booking_id, payment_id, idempotency_key, amount_paise, state,
           next_check_at, document_ids, created_at, updated_at)
           VALUES (?, ?, ?, ?, 'asked', ?, ?, ?, ?)`,
      )
      .run(
        refund.bookingId,
        refund.paymentId,
        refund.key,
        refund.amountPaise,
        nowMs,
        JSON.stringify(refund.documentIds),
        iso(nowMs),
        iso(nowMs),
      ).lastInsertRowid,
  );
  return refundOf(db, id)!;
}

/** Refunds asked or unknown whose next try or check is due at `nowMs`, oldest first. */
export function refundsDue(db: Db, nowMs: number): RefundRow[] {
  return (
    db
      .prepare(
        `SELECT * FROM payment_refunds WHERE state IN ('asked', 'unknown') AND next_check_at <= ?
           ORDER BY next_check_at, id`,
      )
      .all(nowMs) as RawRefund[]
  ).map(toRefund);
}

/**
 * Razorpay answered with the refund (or listed it): made, with its id and status. A row the
 * webhook made already keeps its state and takes the status. False when the row is failed.
 */
export function refundMade(
  db: Db,
  rowId: number,
  refundId: string,
  status: 'pending' | 'processed' | 'failed',
  at: number,
): boolean {
  return (
    db
      .prepare(
        `UPDATE payment_refunds SET state = 'made', refund_id = ?, gateway_status = ?, error = NULL,
           next_check_at = NULL, updated_at = ? WHERE id = ? AND state != 'failed'`,
      )
      .run(refundId, status, iso(at), rowId).changes === 1
  );
}

/** No answer, a 5xx or a lost connection: unknown, checked again at `nextMs`. */
export function refundUnknown(
  db: Db,
  rowId: number,
  error: string,
  nextMs: number,
  at: number,
): void {
  db.prepare(
    `UPDATE payment_refunds SET state = 'unknown', tries = tries + 1, error = ?, next_check_at = ?,
       updated_at = ? WHERE id = ? AND state IN ('asked', 'unknown')`,
  ).run(error, nextMs, iso(at), rowId);
}

/** A definite refusal (or Razorpay's refund.failed): failed, with its words. */
export function refundFailed(db: Db, rowId: number, error: string, at: number): void {
  db.prepare(
    `UPDATE payment_refunds SET state = 'failed', error = ?, next_check_at = NULL, updated_at = ?
       WHERE id = ?`,
  ).run(error, iso(at), rowId);
}

/** What a refund webhook did (PAY-14). */
export type FollowedRefund =
  | { kind: 'updated' | 'adopted' | 'failed'; row: RefundRow }
  | { kind: 'added'; row: RefundRow; paymentState: StoredPaymentState }
  | { kind: 'unknown' };

/**
 * A refund webhook (PAY-14): sets the status of the refund `id` when known; else adopts the
 * refund asked or unknown of the same payment with the same key (notes.refund_key) or, failing
 * that, the same amount (oldest first), so the later answer confirms it and no second row is
 * written; else adds it for the booking whose payment it is (a refund made in Razorpay's
 * Dashboard). Razorpay's `failed` fails the row. Call inside the webhook's transaction.
 */
export function followRefund(
  db: Db,
  refund: {
    id: string;
    paymentId: string;
    amountPaise: number;
    status: 'pending' | 'processed' | 'failed';
    key?: string | undefined;
  },
  now: number,
): FollowedRefund {
  const at = iso(now);
  const failWords = 'Razorpay could not complete the refund';
  const settle = (row: RawRefund, kind: 'updated' | 'adopted'): FollowedRefund => {
    if (refund.status === 'failed') {
      if (row.state === 'failed') return { kind: 'updated', row: toRefund(row) };
      db.prepare(
        `UPDATE payment_refunds SET refund_id = ?, gateway_status = 'failed', state = 'failed',
           error = ?, next_check_at = NULL, updated_at = ? WHERE id = ?`,
      ).run(refund.id, failWords, at, row.id);
      return { kind: 'failed', row: refundOf(db, row.id)! };
    }
    db.prepare(
      `UPDATE payment_refunds SET refund_id = ?, gateway_status = ?, error = NULL,
         state = CASE state WHEN 'failed' THEN 'failed' ELSE 'made' END, next_check_at = NULL,
         updated_at = ? WHERE id = ?`,
    ).run(refund.id, refund.status, at, row.id);
    return { kind, row: refundOf(db, row.id)! };
  };
  const known = db.prepare('SELECT * FROM payment_refunds WHERE refund_id = ?').get(refund.id) as
    RawRefund | undefined;
  if (known) return settle(known, 'updated');
  const open = db
    .prepare(
      `SELECT * FROM payment_refunds WHERE payment_id = ? AND refund_id IS NULL
         AND state IN ('asked', 'unknown') AND (idempotency_key = ? OR amount_paise = ?)
         ORDER BY idempotency_key = ? DESC, id LIMIT 1`,
    )
    .get(refund.paymentId, refund.key ?? '', refund.amountPaise, refund.key ?? '') as
    RawRefund | undefined;
  if (open) return settle(open, 'adopted');
  const owner = db
    .prepare('SELECT booking_id, state FROM booking_payments WHERE payment_id = ?')
    .get(refund.paymentId) as { booking_id: string; state: StoredPaymentState } | undefined;
  if (!owner) return { kind: 'unknown' };
  const failed = refund.status === 'failed';
  const id = Number(
    db
      .prepare(
        `INSERT INTO payment_refunds (booking_id, payment_id, idempotency_key, refund_id, amount_paise,
           state, gateway_status, error, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        owner.booking_id,
        refund.paymentId,
        `dashboard-${refund.id}`,
        refund.id,
        refund.amountPaise,
        failed ? 'failed' : 'made',
        refund.status,
        failed ? failWords : null,
        at,
        at,
      ).lastInsertRowid,
  );
  return { kind: 'added', row: refundOf(db, id)!, paymentState: owner.state };
}

/** The GST documents issued for a refund (a refund made in Razorpay's Dashboard, once found). */
export function setRefundDocuments(db: Db, rowId: number, documentIds: string[]): void {
  db.prepare('UPDATE payment_refunds SET document_ids = ? WHERE id = ?').run(
    JSON.stringify(documentIds),
    rowId,
  );
}

/** The booking id whose Razorpay payment is `paymentId`. */
export function bookingOfPayment(db: Db, paymentId: string): string | undefined {
  return (
    db.prepare('SELECT booking_id FROM booking_payments WHERE payment_id = ?').get(paymentId) as
      { booking_id: string } | undefined
  )?.booking_id;
}

/**
 * Money that moved through Razorpay between two instants (ms, `from` inclusive, `to` exclusive):
 * payments by the time they were paid, refunds made by the time Razorpay made them (FIG-7).
 */
export function gatewayMoney(
  db: Db,
  from: number,
  to: number,
): { receivedPaise: number; refundedPaise: number } {
  const received = db
    .prepare(
      `SELECT COALESCE(SUM(amount_paise), 0) AS n FROM booking_payments
         WHERE payment_id IS NOT NULL AND paid_at >= ? AND paid_at < ?`,
    )
    .get(iso(from), iso(to)) as { n: number };
  const refunded = db
    .prepare(
      `SELECT COALESCE(SUM(amount_paise), 0) AS n FROM payment_refunds
         WHERE state = 'made' AND updated_at >= ? AND updated_at < ?`,
    )
    .get(iso(from), iso(to)) as { n: number };
  return { receivedPaise: received.n, refundedPaise: refunded.n };
}

/** What stands for an erased Razorpay id: never one of Razorpay's, unique per row, not null. */
const ERASED_ID = 'erased-';

/**
 * Erases the Razorpay references of payments and refunds whose GST keeping is over (PRIV-13):
 * every row whose payment (or, unpaid, its last change) or refund happened before `before` (ms). The payment and refund ids become `erased-` and the row's own id, so the amount, day,
 * method and state stay in the accounts and a paid row still reads as paid; the link's id,
 * reference and address are emptied; the webhook events remembered before `before` are deleted.
 * Returns how many rows changed.
 */
export function eraseGatewayReferencesBefore(db: Db, beforeMs: number): number {
  const erased = `'${ERASED_ID}'`;
  const before = iso(beforeMs);
  return (
    db
      .prepare(
        `UPDATE booking_payments SET
           payment_id = CASE WHEN payment_id IS NULL THEN NULL ELSE ${erased} || booking_id END,
           link_id = NULL, link_reference = NULL, link_url = NULL
         WHERE COALESCE(paid_at, updated_at) < ?
           AND (link_id IS NOT NULL OR link_reference IS NOT NULL OR link_url IS NOT NULL
             OR (payment_id IS NOT NULL AND payment_id NOT LIKE ${erased} || '%'))`,
      )
      .run(before).changes +
    db
      .prepare(
        `UPDATE payment_refunds SET
           payment_id = CASE WHEN payment_id IS NULL THEN NULL ELSE ${erased} || booking_id END,
           refund_id = CASE WHEN refund_id IS NULL THEN NULL ELSE ${erased} || id END
         WHERE updated_at < ?
           AND ((payment_id IS NOT NULL AND payment_id NOT LIKE ${erased} || '%')
             OR (refund_id IS NOT NULL AND refund_id NOT LIKE ${erased} || '%'))`,
      )
      .run(before).changes +
    db.prepare('DELETE FROM payment_events WHERE received_at < ?').run(before).changes
  );
}
