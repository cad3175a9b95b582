/**
 * The mail outbox (migration 008_mail_outbox.sql; BOOK-8, decision 013): all its SQL. A message is
 * enqueued inside the transaction of the change it tells of, so a change is never stored without
 * its mail nor a mail without its change; the sender (sender.ts) claims a due row (migration 010,
 * MAIL-1) before it sends it, and marks it sent once the SMTP server accepted it, or due again
 * later, or failed on a permanent refusal or once retrying stops.
 * Recipients and bodies may hold a guest's personal data: a sent row keeps neither body, and a
 * booking's rows go when its guest data is erased (BOOK-9).
 */
import type { Db } from '../store/db.js';
import { formatClock } from '../../shared/instants.js';

/** What a message is about; the owner's inbox names a message by it. */
type MailKind =
  | 'owner-request'
  | 'owner-withdrawn'
  | 'guest-received'
  | 'guest-accepted'
  | 'guest-declined'
  | 'guest-cancelled'
  | 'guest-invoice'
  | 'guest-expired'
  | 'guest-confirmed'
  | 'owner-paid'
  | 'owner-needs-refund'
  | 'owner-backup-lag'
  | 'owner-conflict'
  | 'owner-register-reminder'
  | 'guest-message'
  | 'owner-message-test'
  | 'guest-review-hidden'
  | PrivacyMailKind;

/**
 * The privacy desk's mail (PRIV-4, PRIV-5): the one-time link, the answers, a breach intimation.
 * Deleted once sent (deleteSentPrivacyMail): the recipient is a guest's address.
 */
const PRIVACY_MAIL_KINDS = [
  'guest-privacy-link',
  'guest-privacy-answer',
  'guest-breach',
  'owner-privacy-request',
] as const;
type PrivacyMailKind = (typeof PRIVACY_MAIL_KINDS)[number];

/** The kinds that tell of a booking (templates.ts writes them). */
export type BookingMailKind = Exclude<
  MailKind,
  | 'owner-backup-lag'
  | 'owner-conflict'
  | 'owner-register-reminder'
  | 'guest-message'
  | 'owner-message-test'
  | 'guest-review-hidden'
  | PrivacyMailKind
>;

/** A message to send: plain text and HTML bodies of the same words. */
export interface OutgoingMail {
  kind: MailKind;
  /** The booking it is about (its rows go with the booking's guest data). */
  bookingId?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A row due to be sent. `firstAt` is when it was enqueued, in ms since the epoch. */
export interface QueuedMail extends OutgoingMail {
  id: number;
  attempts: number;
  firstAt: number;
}

interface RawMail {
  id: number;
  booking_id: string | null;
  kind: MailKind;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
  first_at: number;
}

/** Adds a message to the outbox, due at `now` (ms). Call it inside the change's transaction. */
export function enqueueMail(db: Db, mail: OutgoingMail, now: number): number {
  const result = db
    .prepare(
      `INSERT INTO mail_outbox (booking_id, kind, recipient, subject, text_body, html_body,
         created_at, first_at, next_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      mail.bookingId ?? null,
      mail.kind,
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
      new Date(now).toISOString(),
      now,
      now,
    );
  return Number(result.lastInsertRowid);
}

/**
 * Claims the oldest unsent, unfailed message due at `now` (ms) and not claimed by a live lease
 * (MAIL-1): one UPDATE writes `claim` and a lease until `now + leaseMs`, so of two senders (two
 * callers, or two processes over one database file) only one gets a row. Undefined when none is due.
 */
export function claimDueMail(
  db: Db,
  claim: string,
  now: number,
  leaseMs: number,
): QueuedMail | undefined {
  const r = db
    .prepare(
      `UPDATE mail_outbox SET claim = ?, claimed_until = ?
         WHERE id = (SELECT id FROM mail_outbox
           WHERE sent_at IS NULL AND failed_at IS NULL AND next_at <= ?
             AND (claimed_until IS NULL OR claimed_until <= ?)
           ORDER BY next_at, id LIMIT 1)
         RETURNING id, booking_id, kind, recipient, subject, text_body, html_body, attempts, first_at`,
    )
    .get(claim, now + leaseMs, now, now) as RawMail | undefined;
  if (!r) return undefined;
  return {
    id: r.id,
    ...(r.booking_id === null ? {} : { bookingId: r.booking_id }),
    kind: r.kind,
    to: r.recipient,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    attempts: r.attempts,
    firstAt: r.first_at,
  };
}

/** When the next unsent message is due (ms): its wait or its lease, whichever ends later; undefined when none waits. */
export function nextDueAt(db: Db): number | undefined {
  const row = db
    .prepare(
      `SELECT MIN(MAX(next_at, COALESCE(claimed_until, 0))) AS at FROM mail_outbox
         WHERE sent_at IS NULL AND failed_at IS NULL`,
    )
    .get() as { at: number | null };
  return row.at ?? undefined;
}

/**
 * The SMTP server accepted the message: it is never sent again, and its bodies are dropped. Marks
 * only while `claim` holds the row; false when it no longer does (its lease ran out).
 */
export function markSent(db: Db, id: number, claim: string, now: number): boolean {
  const result = db
    .prepare(
      `UPDATE mail_outbox SET sent_at = ?, attempts = attempts + 1, last_error = NULL,
         text_body = '', html_body = '', claim = NULL, claimed_until = NULL
         WHERE id = ? AND claim = ?`,
    )
    .run(new Date(now).toISOString(), id, claim);
  return result.changes === 1;
}

/** A failed attempt: due again at `nextAt` (ms); `error` in the owner's words. Releases the claim. */
export function markRetry(db: Db, id: number, claim: string, error: string, nextAt: number): void {
  db.prepare(
    `UPDATE mail_outbox SET attempts = attempts + 1, last_error = ?, next_at = ?, claim = NULL,
       claimed_until = NULL WHERE id = ? AND claim = ?`,
  ).run(error, nextAt, id, claim);
}

/** Sending stopped (a permanent refusal, or retrying ran out): the message stays unsent and the owner's inbox says so. */
export function markFailed(db: Db, id: number, claim: string, error: string, now: number): void {
  db.prepare(
    `UPDATE mail_outbox SET attempts = attempts + 1, last_error = ?, failed_at = ?, claim = NULL,
       claimed_until = NULL WHERE id = ? AND claim = ?`,
  ).run(error, new Date(now).toISOString(), id, claim);
}

/** What each kind of message is, as the owner's inbox names it. */
const KIND_WORDS: Record<MailKind, string> = {
  'owner-request': 'New request mail to you',
  'owner-withdrawn': 'Withdrawal mail to you',
  'guest-received': 'Received mail to the guest',
  'guest-accepted': 'Accepted mail to the guest',
  'guest-declined': 'Declined mail to the guest',
  'guest-cancelled': 'Cancelled mail to the guest',
  'guest-invoice': 'Invoice mail to the guest',
  'guest-expired': 'Expired mail to the guest',
  'guest-confirmed': 'Confirmed mail to the guest',
  'owner-paid': 'Advance received mail to you',
  'owner-needs-refund': 'Refund needed mail to you',
  'owner-backup-lag': 'Off-machine copy warning to you',
  'owner-conflict': 'Double booking warning to you',
  'owner-register-reminder': 'Form III reminder to you',
  'guest-message': 'Message to the guest',
  'owner-message-test': 'Test message to you',
  'guest-review-hidden': 'Review not published mail to the guest',
  'guest-privacy-link': 'Privacy request link to the guest',
  'guest-privacy-answer': 'Privacy answer to the guest',
  'guest-breach': 'Breach notice to the guest',
  'owner-privacy-request': 'Privacy request notice to you',
};

/**
 * The messages about each booking that could not be sent yet (BOOK-8), in the owner's words, by
 * booking id: "Accepted mail to the guest (guest@x): not sent yet (the mail server could not be
 * reached), next try 10:42" or "... could not be sent (...); send it yourself". A message not yet
 * tried is not a problem.
 */
export function mailProblems(db: Db, bookingIds: string[]): Map<string, string[]> {
  const problems = new Map<string, string[]>();
  if (bookingIds.length === 0) return problems;
  const rows = db
    .prepare(
      `SELECT booking_id, kind, recipient, last_error, next_at, failed_at FROM mail_outbox
         WHERE sent_at IS NULL AND attempts > 0 AND booking_id IN (SELECT value FROM json_each(?))
         ORDER BY id`,
    )
    .all(JSON.stringify(bookingIds)) as {
    booking_id: string;
    kind: MailKind;
    recipient: string;
    last_error: string | null;
    next_at: number;
    failed_at: string | null;
  }[];
  for (const r of rows) {
    const what = `${KIND_WORDS[r.kind]} (${r.recipient})`;
    const why = r.last_error ?? 'it failed';
    const sentence = r.failed_at
      ? `${what} could not be sent (${why}); send it yourself.`
      : `${what}: not sent yet (${why}), next try ${formatClock(r.next_at)}.`;
    problems.set(r.booking_id, [...(problems.get(r.booking_id) ?? []), sentence]);
  }
  return problems;
}

/** A message tried and not delivered (BOOK-13): to whom, why, and when it is tried next (ms) or that it failed. */
export interface UndeliveredMail {
  recipient: string;
  error: string;
  nextAt: number;
  failed: boolean;
}

/**
 * The messages among `ids` tried and not delivered (BOOK-13), by id: retried (`failed` false,
 * next try at `nextAt`) or failed for good (a permanent refusal, or retrying ran out). A message
 * sent, or not tried yet, is not in the map.
 */
export function undeliveredMail(db: Db, ids: number[]): Map<number, UndeliveredMail> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare(
      `SELECT id, recipient, last_error, next_at, failed_at FROM mail_outbox
         WHERE sent_at IS NULL AND attempts > 0 AND id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids)) as {
    id: number;
    recipient: string;
    last_error: string | null;
    next_at: number;
    failed_at: string | null;
  }[];
  return new Map(
    rows.map((r) => [
      r.id,
      {
        recipient: r.recipient,
        error: r.last_error ?? 'it failed',
        nextAt: r.next_at,
        failed: r.failed_at !== null,
      },
    ]),
  );
}

/** Deletes every message about a booking (its guest data is being erased, BOOK-9). */
export function deleteMailOf(db: Db, bookingId: string): void {
  db.prepare('DELETE FROM mail_outbox WHERE booking_id = ?').run(bookingId);
}

/**
 * Deletes the privacy desk's mail the SMTP server accepted (PRIV-6): its recipient is a guest's
 * address, kept no longer than needed to deliver it. Returns how many.
 */
export function deleteSentPrivacyMail(db: Db): number {
  return db
    .prepare(
      `DELETE FROM mail_outbox WHERE sent_at IS NOT NULL AND kind IN (${PRIVACY_MAIL_KINDS.map(() => '?').join(', ')})`,
    )
    .run(...PRIVACY_MAIL_KINDS).changes;
}

/**
 * Whether each booking's guest was mailed (DAY-2), by booking id: 'sent' when a guest mail was
 * accepted by the mail server, 'waiting' when one is in the outbox not sent yet; absent: never
 * (mail off, or no e-mail given).
 */
export function guestMailOf(
  db: Db,
  bookingIds: readonly string[],
): Map<string, 'sent' | 'waiting'> {
  const out = new Map<string, 'sent' | 'waiting'>();
  if (bookingIds.length === 0) return out;
  const rows = db
    .prepare(
      `SELECT booking_id, MAX(sent_at IS NOT NULL) AS sent FROM mail_outbox
         WHERE kind LIKE 'guest-%' AND booking_id IN (SELECT value FROM json_each(?))
         GROUP BY booking_id`,
    )
    .all(JSON.stringify(bookingIds)) as { booking_id: string; sent: number }[];
  for (const r of rows) out.set(r.booking_id, r.sent ? 'sent' : 'waiting');
  return out;
}
