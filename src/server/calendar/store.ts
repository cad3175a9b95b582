/**
 * The calendar tables (migration 005_calendar.sql): feeds, their last good bookings, the owner's
 * blocks and the export secret of each property. Feed URLs and secrets are read here and leave the
 * server only in the owner's calendar answer (AVL-3).
 */
import crypto from 'node:crypto';
import type { Db } from '../store/db.js';
import type { DateRange } from '../../shared/calendar-dates.js';
import type { FeedBooking } from './parse.js';

/** A feed as stored. Times are ISO 8601 (UTC). */
export interface FeedRow {
  id: number;
  propertyId: string;
  label: string;
  url: string;
  createdAt: string;
  lastSyncAt: string | null;
  lastError: string | null;
  bookings: number;
}

/** An owner block: nights closed by the owner, with an optional note. */
export interface Block extends DateRange {
  note: string;
}

interface RawFeed {
  id: number;
  property_id: string;
  label: string;
  url: string;
  created_at: string;
  last_sync_at: string | null;
  last_error: string | null;
  bookings: number;
}

const FEED_COLUMNS = 'id, property_id, label, url, created_at, last_sync_at, last_error, bookings';

function toFeed(r: RawFeed): FeedRow {
  return {
    id: r.id,
    propertyId: r.property_id,
    label: r.label,
    url: r.url,
    createdAt: r.created_at,
    lastSyncAt: r.last_sync_at,
    lastError: r.last_error,
    bookings: r.bookings,
  };
}

/** A property's feeds in the owner's order. */
export function listFeeds(db: Db, propertyId: string): FeedRow[] {
  return (
    db
      .prepare(
        `SELECT ${FEED_COLUMNS} FROM calendar_feeds WHERE property_id = ? ORDER BY position, id`,
      )
      .all(propertyId) as RawFeed[]
  ).map(toFeed);
}

/** Every feed of every property. */
export function listAllFeeds(db: Db): FeedRow[] {
  return (
    db.prepare(`SELECT ${FEED_COLUMNS} FROM calendar_feeds ORDER BY id`).all() as RawFeed[]
  ).map(toFeed);
}

/** One feed, or undefined when it was removed. */
function getFeed(db: Db, id: number): FeedRow | undefined {
  const row = db.prepare(`SELECT ${FEED_COLUMNS} FROM calendar_feeds WHERE id = ?`).get(id) as
    RawFeed | undefined;
  return row && toFeed(row);
}

/** A property's blocks, sorted by first night. */
export function listBlocks(db: Db, propertyId: string): Block[] {
  return db
    .prepare(
      'SELECT start_date AS start, end_date AS "end", note FROM calendar_blocks WHERE property_id = ? ORDER BY start_date, id',
    )
    .all(propertyId) as Block[];
}

function newSecret(): string {
  // 192 bits, far above the 64 bits OWASP ASVS 4.0.3 3.2.2 asks of a session token: not guessable.
  return crypto.randomBytes(24).toString('base64url');
}

/** The property's export secret, created on first use (at `now`, ms: the app's clock, TIME-5). */
export function exportSecret(db: Db, propertyId: string, now: number): string {
  const row = db
    .prepare('SELECT export_secret FROM calendar_properties WHERE property_id = ?')
    .get(propertyId) as { export_secret: string } | undefined;
  if (row) return row.export_secret;
  const secret = newSecret();
  db.prepare(
    'INSERT INTO calendar_properties (property_id, export_secret, updated_at) VALUES (?, ?, ?) ON CONFLICT (property_id) DO NOTHING',
  ).run(propertyId, secret, new Date(now).toISOString());
  return exportSecret(db, propertyId, now);
}

/** Replaces the property's export secret at `now` (ms); the old export URL stops working at once. */
export function replaceExportSecret(db: Db, propertyId: string, now: number): string {
  const secret = newSecret();
  db.prepare(
    `INSERT INTO calendar_properties (property_id, export_secret, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (property_id) DO UPDATE SET export_secret = excluded.export_secret`,
  ).run(propertyId, secret, new Date(now).toISOString());
  return secret;
}

/**
 * True when `candidate` is the property's export secret. Compares SHA-256 digests with
 * crypto.timingSafeEqual, so the answer time tells nothing about how much of a guess was right.
 */
export function isExportSecret(db: Db, propertyId: string, candidate: string): boolean {
  const row = db
    .prepare('SELECT export_secret FROM calendar_properties WHERE property_id = ?')
    .get(propertyId) as { export_secret: string } | undefined;
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  const ok = crypto.timingSafeEqual(digest(row?.export_secret ?? ''), digest(candidate));
  return row !== undefined && ok;
}

/** When the property's calendar last changed (owner edit or a successful sync), ISO, or undefined. */
export function calendarUpdatedAt(db: Db, propertyId: string): string | undefined {
  const row = db
    .prepare(
      `SELECT MAX(t) AS t FROM (
         SELECT updated_at AS t FROM calendar_properties WHERE property_id = ?
         UNION ALL SELECT last_sync_at FROM calendar_feeds WHERE property_id = ?)`,
    )
    .get(propertyId, propertyId) as { t: string | null };
  return row.t ?? undefined;
}

/**
 * Replaces a property's feeds and blocks in one transaction at `at` (ms, the app's clock: a new
 * feed's creation, from which it turns stale). A feed whose URL is unchanged keeps its id, sync
 * state and bookings (matched in order); the others are new, and removed feeds take their bookings
 * with them. Returns the ids of the new feeds.
 */
export function replaceCalendar(
  db: Db,
  propertyId: string,
  feeds: { label: string; url: string }[],
  blocks: Block[],
  at: number,
): number[] {
  const save = db.transaction((): number[] => {
    const old = listFeeds(db, propertyId);
    const kept = new Set<number>();
    const added: number[] = [];
    const now = new Date(at).toISOString();
    feeds.forEach((feed, position) => {
      const same = old.find((f) => f.url === feed.url && !kept.has(f.id));
      if (same) {
        kept.add(same.id);
        db.prepare('UPDATE calendar_feeds SET label = ?, position = ? WHERE id = ?').run(
          feed.label,
          position,
          same.id,
        );
      } else {
        const result = db
          .prepare(
            'INSERT INTO calendar_feeds (property_id, position, label, url, created_at) VALUES (?, ?, ?, ?, ?)',
          )
          .run(propertyId, position, feed.label, feed.url, now);
        added.push(Number(result.lastInsertRowid));
      }
    });
    for (const f of old) {
      if (!kept.has(f.id)) db.prepare('DELETE FROM calendar_feeds WHERE id = ?').run(f.id);
    }
    db.prepare('DELETE FROM calendar_blocks WHERE property_id = ?').run(propertyId);
    const insertBlock = db.prepare(
      'INSERT INTO calendar_blocks (property_id, start_date, end_date, note) VALUES (?, ?, ?, ?)',
    );
    for (const b of blocks) insertBlock.run(propertyId, b.start, b.end, b.note);
    exportSecret(db, propertyId, at);
    db.prepare('UPDATE calendar_properties SET updated_at = ? WHERE property_id = ?').run(
      now,
      propertyId,
    );
    return added;
  });
  return save.immediate();
}

/**
 * True when a good fetch of feed `feedId` (at `url`) listing `bookings` is no news to store
 * (DLG-3): the feed still has that URL, no error to clear, the same bookings (UID and nights, each
 * as often) and a last recorded sync at or after `recordedSince` (ISO). The caller then writes
 * nothing, so an unchanged feed commits nothing to the database (nor a generation of its copy,
 * BACKUP-1).
 */
export function syncIsNoNews(
  db: Db,
  feedId: number,
  url: string,
  bookings: readonly FeedBooking[],
  recordedSince: string,
): boolean {
  const feed = getFeed(db, feedId);
  if (!feed || feed.url !== url || feed.lastError !== null) return false;
  if (feed.lastSyncAt === null || feed.lastSyncAt < recordedSince) return false;
  const stored = db
    .prepare(
      'SELECT uid, start_date AS start, end_date AS end FROM calendar_bookings WHERE feed_id = ?',
    )
    .all(feedId) as { uid: string; start: string; end: string }[];
  const keys = (list: readonly { uid: string; start: string; end: string }[]) =>
    list.map((b) => `${b.uid}\u0000${b.start}\u0000${b.end}`).sort();
  const [was, now] = [keys(stored), keys(bookings)];
  return was.length === now.length && was.every((k, i) => k === now[i]);
}

/**
 * Stores a successful sync: the feed's bookings are replaced by `bookings` (an event missing from
 * a good feed is a cancellation, AVL-5). Does nothing when the feed was removed or its URL changed
 * while it was being fetched. Returns false then.
 */
export function saveSyncSuccess(
  db: Db,
  feedId: number,
  url: string,
  bookings: FeedBooking[],
  at: Date,
): boolean {
  const save = db.transaction((): boolean => {
    const feed = getFeed(db, feedId);
    if (!feed || feed.url !== url) return false;
    db.prepare('DELETE FROM calendar_bookings WHERE feed_id = ?').run(feedId);
    const insert = db.prepare(
      'INSERT INTO calendar_bookings (feed_id, uid, start_date, end_date) VALUES (?, ?, ?, ?)',
    );
    for (const b of bookings) insert.run(feedId, b.uid, b.start, b.end);
    db.prepare(
      'UPDATE calendar_feeds SET last_sync_at = ?, last_error = NULL, bookings = ? WHERE id = ?',
    ).run(at.toISOString(), bookings.length, feedId);
    return true;
  });
  return save.immediate();
}

/** Records a failed sync; the feed's bookings stay as they were (AVL-5). */
export function saveSyncFailure(db: Db, feedId: number, url: string, error: string): void {
  db.prepare('UPDATE calendar_feeds SET last_error = ? WHERE id = ? AND url = ?').run(
    error,
    feedId,
    url,
  );
}
