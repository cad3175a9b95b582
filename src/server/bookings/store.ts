/**
 * The bookings tables (migration 007_bookings.sql): all their SQL. A booking row holds the stay,
 * the quote's figures as they were when the request arrived, its status and the guest's personal
 * data (name, phone, e-mail, messages) until that is erased (BOOK-9). The page tokens are kept as
 * SHA-256 hashes only (BOOK-5). A row becomes the one `Booking` shape (src/shared/bookings.ts,
 * SHAPE-1) here and nowhere else. Callers run the changes inside their own transactions
 * (bookings/service.ts), with the mail they enqueue.
 */
import type { Db } from '../store/db.js';
import {
  NIGHT_HOLDING_STATUSES,
  type Booking,
  type BookingFilter,
  type BookingStatus,
  type StoredQuote,
} from '../../shared/bookings.js';

/** An instant (ms) as the tables store it: ISO 8601 text (this module is an edge, decision 062). */
const iso = (ms: number) => new Date(ms).toISOString();

interface RawBooking {
  id: string;
  reference: string;
  property_id: string;
  property_name: string;
  check_in: string;
  check_out: string;
  guests: number;
  name: string | null;
  phone: string | null;
  email: string | null;
  message: string | null;
  status: BookingStatus;
  owner_message: string | null;
  quote_json: string | null;
  created_at: string;
  updated_at: string;
  erased_at: string | null;
}

const COLUMNS =
  'id, reference, property_id, property_name, check_in, check_out, guests, name, phone, email, ' +
  'message, status, owner_message, quote_json, created_at, updated_at, erased_at';

const HOLDING = `(${NIGHT_HOLDING_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/**
 * The one place a booking is built from its row (SHAPE-1); a personal field erased is absent. The
 * table's ISO 8601 times become Unix ms here, the booking's edge (decision 062, SHAPE-7).
 */
function toBooking(r: RawBooking): Booking {
  const optional = (key: string, value: string | null) => (value === null ? {} : { [key]: value });
  return {
    id: r.id,
    reference: r.reference,
    propertyId: r.property_id,
    propertyName: r.property_name,
    checkIn: r.check_in,
    checkOut: r.check_out,
    guests: r.guests,
    ...optional('name', r.name),
    ...optional('phone', r.phone),
    ...optional('email', r.email),
    ...optional('message', r.message),
    status: r.status,
    ...optional('ownerMessage', r.owner_message),
    ...(r.quote_json === null ? {} : { quote: JSON.parse(r.quote_json) as StoredQuote }),
    createdAt: Date.parse(r.created_at),
    updatedAt: Date.parse(r.updated_at),
    ...(r.erased_at === null ? {} : { erasedAt: Date.parse(r.erased_at) }),
  };
}

/**
 * Stores a new booking requested at `at` (ms) and its first page token's hash; the booking as
 * stored, its `createdAt` and `updatedAt` that instant.
 */
export function insertBooking(
  db: Db,
  fields: Omit<Booking, 'createdAt' | 'updatedAt'>,
  at: number,
  tokenHash: string,
): Booking {
  const b: Booking = { ...fields, createdAt: at, updatedAt: at };
  db.prepare(
    `INSERT INTO bookings (id, reference, property_id, property_name, check_in, check_out, guests,
       name, phone, email, message, status, quote_json, total_paise, advance_paise, created_at,
       updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    b.id,
    b.reference,
    b.propertyId,
    b.propertyName,
    b.checkIn,
    b.checkOut,
    b.guests,
    b.name ?? null,
    b.phone ?? null,
    b.email ?? null,
    b.message ?? null,
    b.status,
    b.quote ? JSON.stringify(b.quote) : null,
    b.quote?.totalPaise ?? null,
    b.quote?.advancePaise ?? null,
    iso(at),
    iso(at),
  );
  addToken(db, b.id, tokenHash, at);
  return b;
}

/** The guest links the owner hands out (DAY-1), by booking id, of those among `ids` that have one. */
export function shareTokensOf(db: Db, ids: readonly string[]): Map<string, string> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare(
      'SELECT booking_id, token FROM booking_share_links WHERE booking_id IN (SELECT value FROM json_each(?))',
    )
    .all(JSON.stringify(ids)) as { booking_id: string; token: string }[];
  return new Map(rows.map((r) => [r.booking_id, r.token]));
}

/**
 * Deletes the shared links of bookings whose check-out is on or before `lastCheckOut` (PRIV-9),
 * with their page tokens' hashes (`hashOf`), so the link stops working. Returns how many.
 */
export function deleteShareLinksBefore(
  db: Db,
  lastCheckOut: string,
  hashOf: (token: string) => string,
): number {
  const rows = db
    .prepare(
      `SELECT s.booking_id, s.token FROM booking_share_links s JOIN bookings b ON b.id = s.booking_id
         WHERE b.check_out <= ?`,
    )
    .all(lastCheckOut) as { booking_id: string; token: string }[];
  const token = db.prepare('DELETE FROM booking_tokens WHERE token_hash = ? AND booking_id = ?');
  const link = db.prepare('DELETE FROM booking_share_links WHERE booking_id = ?');
  for (const r of rows) {
    token.run(hashOf(r.token), r.booking_id);
    link.run(r.booking_id);
  }
  return rows.length;
}

/** Keeps a booking's shared link token (DAY-1); its hash is added with addToken in the same transaction. */
export function addShareTokens(
  db: Db,
  links: readonly { bookingId: string; token: string; tokenHash: string }[],
  at: number,
): void {
  const share = db.prepare(
    'INSERT INTO booking_share_links (booking_id, token, created_at) VALUES (?, ?, ?)',
  );
  const page = db.prepare(
    'INSERT INTO booking_tokens (token_hash, booking_id, created_at) VALUES (?, ?, ?)',
  );
  for (const l of links) {
    share.run(l.bookingId, l.token, iso(at));
    page.run(l.tokenHash, l.bookingId, iso(at));
  }
}

/** Adds a page token (its hash) to a booking: each mail linking the page carries its own. */
export function addToken(db: Db, bookingId: string, tokenHash: string, at: number): void {
  db.prepare(
    'INSERT INTO booking_tokens (token_hash, booking_id, created_at) VALUES (?, ?, ?)',
  ).run(tokenHash, bookingId, iso(at));
}

/** True when a reference is taken. */
export function referenceTaken(db: Db, reference: string): boolean {
  return db.prepare('SELECT 1 FROM bookings WHERE reference = ?').get(reference) !== undefined;
}

/** One booking, or undefined. */
export function getBooking(db: Db, id: string): Booking | undefined {
  const row = db.prepare(`SELECT ${COLUMNS} FROM bookings WHERE id = ?`).get(id) as
    RawBooking | undefined;
  return row && toBooking(row);
}

/** The bookings of these ids that exist, in no particular order. */
export function getBookings(db: Db, ids: readonly string[]): Booking[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare(`SELECT ${COLUMNS} FROM bookings WHERE id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(ids)) as RawBooking[];
  return rows.map(toBooking);
}

/** The booking whose id is `id` and which has a token hashing to `tokenHash`, or undefined. */
export function bookingByToken(db: Db, id: string, tokenHash: string): Booking | undefined {
  const row = db
    .prepare(
      `SELECT ${COLUMNS} FROM bookings WHERE id = ? AND EXISTS
         (SELECT 1 FROM booking_tokens t WHERE t.booking_id = bookings.id AND t.token_hash = ?)`,
    )
    .get(id, tokenHash) as RawBooking | undefined;
  return row && toBooking(row);
}

/**
 * Moves a booking from one of `from` to `to` at `at` (ms); `ownerMessage` replaces the owner's
 * message when given. Returns false (and changes nothing) when the booking is in no state of `from`.
 */
export function setStatus(
  db: Db,
  id: string,
  from: readonly BookingStatus[],
  to: BookingStatus,
  at: number,
  ownerMessage?: string,
): boolean {
  return (
    db
      .prepare(
        `UPDATE bookings SET status = ?, updated_at = ?, owner_message = COALESCE(?, owner_message)
           WHERE id = ? AND status IN (SELECT value FROM json_each(?))`,
      )
      .run(to, iso(at), ownerMessage ?? null, id, JSON.stringify(from)).changes === 1
  );
}

/** Where a page of the owner's list starts: after the booking with this request time and id. */
export interface ListPosition {
  createdAt: string;
  id: string;
}

/** A filter's condition (BOOK-4): open = requested; upcoming = accepted or confirmed with check-out from `today` on; past = check-out before `today`; all. */
function filterWhere(filter: BookingFilter): string {
  return {
    open: "status = 'requested'",
    upcoming: `status IN ${HOLDING} AND check_out >= @today`,
    past: 'check_out < @today',
    all: '1 = 1',
  }[filter];
}

/**
 * The owner's list (BOOK-4), newest request first (ties by id), under `filter`. With `page`, at
 * most `page.limit` bookings, those after `page.after` in that order (PERF-12: a keyset, so a
 * request that arrives between two pages comes before the first and moves no booking between them).
 */
export function listBookings(
  db: Db,
  filter: BookingFilter,
  today: string,
  page?: { limit: number; after?: ListPosition | undefined },
): Booking[] {
  const after = page?.after
    ? ' AND (created_at < @afterAt OR (created_at = @afterAt AND id > @afterId))'
    : '';
  const limit = page ? ' LIMIT @limit' : '';
  return (
    db
      .prepare(
        `SELECT ${COLUMNS} FROM bookings WHERE ${filterWhere(filter)}${after}
           ORDER BY created_at DESC, id${limit}`,
      )
      .all({
        ...(filter === 'upcoming' || filter === 'past' ? { today } : {}),
        ...(page?.after ? { afterAt: page.after.createdAt, afterId: page.after.id } : {}),
        ...(page ? { limit: page.limit } : {}),
      }) as RawBooking[]
  ).map(toBooking);
}

/** How many bookings `filter` holds, every page (PERF-12: the inbox's "not shown" count). */
export function countBookings(db: Db, filter: BookingFilter, today: string): number {
  return (
    db
      .prepare(`SELECT COUNT(*) AS n FROM bookings WHERE ${filterWhere(filter)}`)
      .get(filter === 'upcoming' || filter === 'past' ? { today } : {}) as { n: number }
  ).n;
}

/** Requests waiting for the owner's answer. */
export function openCount(db: Db): number {
  return (
    db.prepare("SELECT COUNT(*) AS n FROM bookings WHERE status = 'requested'").get() as {
      n: number;
    }
  ).n;
}

/** Requests that arrived at or before `before` (ms) and are still unanswered (BOOK-9). */
export function staleRequests(db: Db, before: number): Booking[] {
  return (
    db
      .prepare(
        `SELECT ${COLUMNS} FROM bookings WHERE status = 'requested' AND created_at <= ? ORDER BY created_at`,
      )
      .all(iso(before)) as RawBooking[]
  ).map(toBooking);
}

/** Ids of bookings with guest data left whose check-out is on or before `lastCheckOut` (BOOK-9). */
export function bookingsToErase(db: Db, lastCheckOut: string): string[] {
  return (
    db
      .prepare('SELECT id FROM bookings WHERE erased_at IS NULL AND check_out <= ?')
      .all(lastCheckOut) as { id: string }[]
  ).map((r) => r.id);
}

/** Replaces a booking's stored quote (GST-6: a stay marked exempt loses its GST line). */
export function replaceQuote(db: Db, id: string, quote: StoredQuote, at: number): void {
  db.prepare(
    'UPDATE bookings SET quote_json = ?, total_paise = ?, advance_paise = ?, updated_at = ? WHERE id = ?',
  ).run(JSON.stringify(quote), quote.totalPaise, quote.advancePaise, iso(at), id);
}

/** Erases a booking's personal data (name, phone, e-mail, both messages), keeping dates and amounts. */
export function eraseGuestData(db: Db, id: string, at: number): void {
  db.prepare(
    `UPDATE bookings SET name = NULL, phone = NULL, email = NULL, message = NULL,
       owner_message = NULL, erased_at = ? WHERE id = ?`,
  ).run(iso(at), id);
}

/**
 * Deletes every page token of booking `id` (PRIV-14: the links mailed to the guest stop working
 * with the guest-data erasure, as the shared link does).
 */
export function deleteTokensOf(db: Db, id: string): void {
  db.prepare('DELETE FROM booking_tokens WHERE booking_id = ?').run(id);
}

/** The bookings whose guest gave `email` (case ignored, erased ones have none), oldest first (PRIV-4). */
export function bookingsOfEmail(db: Db, email: string): Booking[] {
  const rows = db
    .prepare(`SELECT ${COLUMNS} FROM bookings WHERE lower(email) = lower(?) ORDER BY created_at`)
    .all(email) as RawBooking[];
  return rows.map(toBooking);
}

/** Replaces a booking's contact fields given (PRIV-4, a correction the guest asked for). */
export function correctContact(
  db: Db,
  id: string,
  fields: { name?: string; phone?: string; email?: string },
  at: number,
): void {
  db.prepare(
    `UPDATE bookings SET name = coalesce(?, name), phone = coalesce(?, phone),
       email = coalesce(?, email), updated_at = ? WHERE id = ? AND erased_at IS NULL`,
  ).run(fields.name ?? null, fields.phone ?? null, fields.email ?? null, iso(at), id);
}

/**
 * The bookings the owner's day may name (DAY-10): every request and accepted booking, and the
 * confirmed ones staying between `from` and `checkInTo` (check-out on or after `from`, check-in on
 * or before `checkInTo`), check-in first.
 */
export function bookingsOfDay(db: Db, from: string, checkInTo: string): Booking[] {
  return (
    db
      .prepare(
        `SELECT ${COLUMNS} FROM bookings
           WHERE status IN ('requested', 'accepted')
              OR (status = 'confirmed' AND check_out >= ? AND check_in <= ?)
           ORDER BY check_in, id`,
      )
      .all(from, checkInTo) as RawBooking[]
  ).map(toBooking);
}
