/**
 * The reviews' table (migration 020_reviews.sql): all its SQL (REV-1..REV-8). Callers run changes
 * inside their own transactions (reviews/service.ts), with the mail they enqueue.
 */
import type { Db } from '../store/db.js';
import { propertyDate } from '../../shared/instants.js';
import type {
  HideReason,
  OwnerReview,
  PublicReview,
  PublishedReviews,
  ReviewStatus,
} from '../../shared/reviews.js';

/** An instant (ms) as the table's ISO text columns store it (this module is an edge, decision 062). */
const iso = (ms: number) => new Date(ms).toISOString();

interface RawReview {
  id: string;
  booking_id: string;
  property_id: string;
  check_out: string;
  rating: number;
  text: string;
  display_name: string;
  status: ReviewStatus;
  hide_reason: HideReason | null;
  reply: string | null;
  received_at: string;
  publish_at: string;
  published_at: string | null;
}

const COLUMNS =
  'id, booking_id, property_id, check_out, rating, text, display_name, status, hide_reason, ' +
  'reply, received_at, publish_at, published_at';

function toReview(r: RawReview): OwnerReview {
  return {
    id: r.id,
    bookingId: r.booking_id,
    propertyId: r.property_id,
    rating: r.rating,
    text: r.text,
    displayName: r.display_name,
    status: r.status,
    ...(r.hide_reason === null ? {} : { hideReason: r.hide_reason }),
    ...(r.reply === null ? {} : { reply: r.reply }),
    receivedAt: r.received_at,
    publishAt: r.publish_at,
    checkOut: r.check_out,
  };
}

/** A new review, pending until `publishAt`; both instants in ms. */
export interface NewReview {
  id: string;
  bookingId: string;
  propertyId: string;
  checkOut: string;
  rating: number;
  text: string;
  displayName: string;
  receivedAt: number;
  publishAt: number;
}

/** Stores a new review; false when the booking has one already (the UNIQUE booking_id). */
export function insertReview(db: Db, r: NewReview): boolean {
  const result = db
    .prepare(
      `INSERT INTO reviews (id, booking_id, property_id, check_out, rating, text, display_name,
         status, received_at, publish_at, changed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?) ON CONFLICT (booking_id) DO NOTHING`,
    )
    .run(
      r.id,
      r.bookingId,
      r.propertyId,
      r.checkOut,
      r.rating,
      r.text,
      r.displayName,
      iso(r.receivedAt),
      iso(r.publishAt),
      iso(r.receivedAt),
    );
  return result.changes === 1;
}

/** One review, or undefined. */
export function getReview(db: Db, id: string): OwnerReview | undefined {
  const row = db.prepare(`SELECT ${COLUMNS} FROM reviews WHERE id = ?`).get(id) as
    RawReview | undefined;
  return row && toReview(row);
}

/** The review of a booking, or undefined. */
export function reviewOfBooking(db: Db, bookingId: string): OwnerReview | undefined {
  const row = db.prepare(`SELECT ${COLUMNS} FROM reviews WHERE booking_id = ?`).get(bookingId) as
    RawReview | undefined;
  return row && toReview(row);
}

/** Every review, newest first (the owner's list). */
export function listReviews(db: Db): OwnerReview[] {
  return (
    db
      .prepare(`SELECT ${COLUMNS} FROM reviews ORDER BY received_at DESC, rowid DESC`)
      .all() as RawReview[]
  ).map(toReview);
}

/**
 * Publishes a review that is pending (`from` 'pending') or hidden, at `at` (ms). Returns false
 * when it is in no state of `from` (already published, withdrawn).
 */
export function setPublished(
  db: Db,
  id: string,
  from: readonly ReviewStatus[],
  at: number,
): boolean {
  const marks = from.map(() => '?').join(', ');
  return (
    db
      .prepare(
        `UPDATE reviews SET status = 'published', hide_reason = NULL, published_at = ?,
           changed_at = ? WHERE id = ? AND status IN (${marks})`,
      )
      .run(iso(at), iso(at), id, ...from).changes === 1
  );
}

/** Publishes every pending review whose time has come at `now` (ms, REV-3); returns how many. */
export function publishDue(db: Db, now: number): number {
  const at = iso(now);
  return db
    .prepare(
      `UPDATE reviews SET status = 'published', published_at = ?, changed_at = ?
         WHERE status = 'pending' AND publish_at <= ?`,
    )
    .run(at, at, at).changes;
}

/** Hides a pending or published review for `reason`; false when it is hidden or withdrawn. */
export function setHidden(db: Db, id: string, reason: HideReason, at: number): boolean {
  return (
    db
      .prepare(
        `UPDATE reviews SET status = 'hidden', hide_reason = ?, changed_at = ?
           WHERE id = ? AND status IN ('pending', 'published')`,
      )
      .run(reason, iso(at), id).changes === 1
  );
}

/** The guest withdraws their review (any status but withdrawn); false when there was none to withdraw. */
export function setWithdrawn(db: Db, bookingId: string, at: number): boolean {
  return (
    db
      .prepare(
        `UPDATE reviews SET status = 'withdrawn', hide_reason = NULL, changed_at = ?
           WHERE booking_id = ? AND status != 'withdrawn'`,
      )
      .run(iso(at), bookingId).changes === 1
  );
}

/** Sets (or with undefined removes) the owner's public reply; false for no such review. */
export function setReply(db: Db, id: string, reply: string | undefined, at: number): boolean {
  return (
    db
      .prepare('UPDATE reviews SET reply = ?, changed_at = ? WHERE id = ?')
      .run(reply ?? null, iso(at), id).changes === 1
  );
}

/** The latest time what the site shows of any review changed (ISO), or undefined with none. */
export function lastChange(db: Db): string | undefined {
  const row = db.prepare('SELECT MAX(changed_at) AS at FROM reviews').get() as {
    at: string | null;
  };
  return row.at ?? undefined;
}

/**
 * The published reviews by property, newest first, with their public fields only (REV-5): what
 * a publish puts in the global data object.
 */
export function publishedReviews(db: Db): PublishedReviews {
  const rows = db
    .prepare(
      `SELECT property_id, check_out, rating, text, display_name, reply, published_at
         FROM reviews WHERE status = 'published' ORDER BY published_at DESC, id`,
    )
    .all() as Pick<
    RawReview,
    'property_id' | 'check_out' | 'rating' | 'text' | 'display_name' | 'reply' | 'published_at'
  >[];
  const byProperty: PublishedReviews = {};
  for (const r of rows) {
    const review: PublicReview = {
      rating: r.rating,
      text: r.text,
      displayName: r.display_name,
      date: propertyDate(r.published_at!),
      stayMonth: r.check_out.slice(0, 7),
      ...(r.reply === null ? {} : { reply: r.reply }),
    };
    (byProperty[r.property_id] ??= []).push(review);
  }
  return byProperty;
}

/** Deletes a booking's review, words and name (PRIV-6: the guest's erasure); false when none. */
export function deleteReviewOf(db: Db, bookingId: string): boolean {
  return db.prepare('DELETE FROM reviews WHERE booking_id = ?').run(bookingId).changes === 1;
}
