/**
 * The SQL of the access log (TEAM-7; table `access_log`, migration 026).
 * Instants are ISO 8601 strings in UTC, so they sort as text.
 */
import type { Db } from '../store/db.js';

/** One entry as stored: never the data that was read, only who did what and when. */
export interface AccessEntry {
  id: number;
  /** ISO 8601, UTC. */
  at: string;
  username: string;
  action: string;
  bookingReference?: string;
}

interface Row {
  id: number;
  at: string;
  username: string;
  action: string;
  booking_reference: string | null;
}

/** Stores one entry made at `at` (ms; the table keeps ISO text: this module is an edge, decision 062). */
export function insertEntry(db: Db, entry: Omit<AccessEntry, 'id' | 'at'>, at: number): void {
  db.prepare(
    'INSERT INTO access_log (at, username, action, booking_reference) VALUES (?, ?, ?, ?)',
  ).run(new Date(at).toISOString(), entry.username, entry.action, entry.bookingReference ?? null);
}

/** The entries with `from <= at < to` (ISO instants), newest first, at most `limit`. */
export function entriesBetween(db: Db, from: string, to: string, limit: number): AccessEntry[] {
  const rows = db
    .prepare(
      'SELECT id, at, username, action, booking_reference FROM access_log WHERE at >= ? AND at < ? ORDER BY at DESC, id DESC LIMIT ?',
    )
    .all(from, to, limit) as Row[];
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    username: r.username,
    action: r.action,
    ...(r.booking_reference === null ? {} : { bookingReference: r.booking_reference }),
  }));
}

/** Deletes the entries older than `before` (ms); returns how many. */
export function deleteBefore(db: Db, before: number): number {
  return db.prepare('DELETE FROM access_log WHERE at < ?').run(new Date(before).toISOString())
    .changes;
}
