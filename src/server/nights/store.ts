/**
 * Who holds a property's nights (CONFLICT-1, BOOK-6, AVL-7, AVL-8): all the SQL that reads the
 * holders, and the SQL of the `night_conflicts` table (migration 009). Three kinds of holder:
 * accepted or confirmed direct bookings (`bookings`, migration 007), the bookings imported from
 * each feed (`calendar_bookings`, migration 005) and the owner's blocks (`calendar_blocks`). The
 * tables stay their features' to write; this module is the one place that reads them as nights.
 * Dates are night names (Asia/Kolkata), `end` the check-out day (exclusive).
 */
import type { Db } from '../store/db.js';
import type { DateRange } from '../../shared/calendar-dates.js';
import { NIGHT_HOLDING_STATUSES, type BookingStatus } from '../../shared/bookings.js';
import type { ConflictSide } from '../../shared/conflicts.js';

/** A direct booking holding nights (accepted or confirmed, BOOK-6), without guest data. */
export interface HeldStay extends DateRange {
  id: string;
  reference: string;
  status: BookingStatus;
}

/** A booking imported from one of the property's feeds. */
export interface FeedHolding extends DateRange {
  feedId: number;
  /** The feed's label ("Airbnb"), as the owner named it. */
  label: string;
}

const HOLDING = `(${NIGHT_HOLDING_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/** The property's accepted and confirmed bookings ending after `from`, by check-in; `except` left out. */
export function heldStays(db: Db, propertyId: string, from = '', except = ''): HeldStay[] {
  return db
    .prepare(
      `SELECT id, reference, status, check_in AS start, check_out AS "end" FROM bookings
         WHERE property_id = ? AND status IN ${HOLDING} AND check_out > ? AND id != ?
         ORDER BY check_in, id`,
    )
    .all(propertyId, from, except) as HeldStay[];
}

/** Every booking of the property's feeds, in the owner's order of feeds. */
export function feedHoldings(db: Db, propertyId: string): FeedHolding[] {
  return db
    .prepare(
      `SELECT f.id AS feedId, f.label, b.start_date AS start, b.end_date AS "end"
         FROM calendar_bookings b JOIN calendar_feeds f ON f.id = b.feed_id
         WHERE f.property_id = ? ORDER BY f.position, f.id, b.start_date`,
    )
    .all(propertyId) as FeedHolding[];
}

/** The property's owner blocks, as ranges. */
export function blockHoldings(db: Db, propertyId: string): DateRange[] {
  return db
    .prepare(
      'SELECT start_date AS start, end_date AS "end" FROM calendar_blocks WHERE property_id = ? ORDER BY start_date, id',
    )
    .all(propertyId) as DateRange[];
}

/** A conflict as stored: `key` names its sides ("direct:{id}|feed:{id}|block"). */
export interface StoredConflict extends DateRange {
  id: number;
  propertyId: string;
  key: string;
  sides: ConflictSide[];
  foundAt: string;
  /** The outbox row of the owner's mail about it (BOOK-13); undefined when mail was off. */
  mailId?: number;
}

interface RawConflict {
  id: number;
  property_id: string;
  start_date: string;
  end_date: string;
  sides_key: string;
  sides_json: string;
  found_at: string;
  mail_id: number | null;
}

function toConflict(r: RawConflict): StoredConflict {
  return {
    id: r.id,
    propertyId: r.property_id,
    start: r.start_date,
    end: r.end_date,
    key: r.sides_key,
    sides: JSON.parse(r.sides_json) as ConflictSide[],
    foundAt: r.found_at,
    ...(r.mail_id === null ? {} : { mailId: r.mail_id }),
  };
}

const CONFLICT_COLUMNS =
  'id, property_id, start_date, end_date, sides_key, sides_json, found_at, mail_id';

/**
 * The open conflicts (not ended) of one property, or of every property when `propertyId` is
 * undefined, whose nights end after `from` ('' for all); by property, then first night.
 */
export function openConflicts(db: Db, propertyId?: string, from = ''): StoredConflict[] {
  return (
    db
      .prepare(
        `SELECT ${CONFLICT_COLUMNS} FROM night_conflicts
           WHERE ended_at IS NULL AND (@property IS NULL OR property_id = @property) AND end_date > @from
           ORDER BY property_id, start_date, id`,
      )
      .all({ property: propertyId ?? null, from }) as RawConflict[]
  ).map(toConflict);
}

/** Opens a conflict found at `at` (ms; stored as ISO text, decision 062), with the outbox id of its mail when one was enqueued; returns its id. */
export function insertConflict(
  db: Db,
  c: { propertyId: string; start: string; end: string; key: string; sides: ConflictSide[] },
  at: number,
  mailId?: number,
): number {
  return Number(
    db
      .prepare(
        `INSERT INTO night_conflicts (property_id, start_date, end_date, sides_key, sides_json, found_at, mail_id)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        c.propertyId,
        c.start,
        c.end,
        c.key,
        JSON.stringify(c.sides),
        new Date(at).toISOString(),
        mailId ?? null,
      ).lastInsertRowid,
  );
}

/** Rewrites how an open conflict's sides read (a feed renamed keeps its conflict). */
export function updateConflictSides(db: Db, id: number, sides: ConflictSide[]): void {
  db.prepare('UPDATE night_conflicts SET sides_json = ? WHERE id = ?').run(
    JSON.stringify(sides),
    id,
  );
}

/** Ends a conflict at `at` (ms): its overlap is gone. */
export function endConflict(db: Db, id: number, at: number): void {
  db.prepare('UPDATE night_conflicts SET ended_at = ? WHERE id = ? AND ended_at IS NULL').run(
    new Date(at).toISOString(),
    id,
  );
}

/**
 * A stay as the people who clean see it (TEAM-6): its property, dates, whether direct or from a
 * channel, the number of guests and the expected arrival time when known. Never a name, contact,
 * ID, message or amount: this query reads no such column.
 */
export interface StaffStay extends DateRange {
  propertyId: string;
  channel: boolean;
  guests?: number;
  /** The arrival time the guest gave on the register form, as stored. */
  arrivalTime?: string;
}

/** Every held stay (direct and channel) arriving or leaving from `from` to `to` (dates, inclusive). */
export function staffStays(db: Db, from: string, to: string): StaffStay[] {
  const direct = db
    .prepare(
      `SELECT b.property_id AS propertyId, b.check_in AS start, b.check_out AS "end", b.guests,
              (SELECT MIN(r.arrival_time) FROM register_entries r WHERE r.booking_id = b.id) AS arrivalTime
         FROM bookings b
         WHERE b.status IN ${HOLDING} AND b.check_out >= ? AND b.check_in <= ?`,
    )
    .all(from, to) as (DateRange & {
    propertyId: string;
    guests: number;
    arrivalTime: string | null;
  })[];
  const channel = db
    .prepare(
      `SELECT f.property_id AS propertyId, b.start_date AS start, b.end_date AS "end"
         FROM calendar_bookings b JOIN calendar_feeds f ON f.id = b.feed_id
         WHERE b.end_date >= ? AND b.start_date <= ?`,
    )
    .all(from, to) as (DateRange & { propertyId: string })[];
  return [
    ...direct.map(({ arrivalTime, ...s }) => ({
      ...s,
      channel: false,
      ...(arrivalTime ? { arrivalTime } : {}),
    })),
    ...channel.map((s) => ({ ...s, channel: true })),
  ];
}

/** Every owner block with a night from `from` to `to` (dates, inclusive), with its property. */
export function staffBlocks(
  db: Db,
  from: string,
  to: string,
): (DateRange & { propertyId: string })[] {
  return db
    .prepare(
      `SELECT property_id AS propertyId, start_date AS start, end_date AS "end"
         FROM calendar_blocks WHERE end_date > ? AND start_date <= ?`,
    )
    .all(from, to) as (DateRange & { propertyId: string })[];
}
