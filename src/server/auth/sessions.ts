/**
 * Owner sessions (AUTH-2, AUTH-4; OWASP Session Management Cheat Sheet): a random 32-byte id sent to the
 * browser, stored only as its SHA-256 hash, with an absolute expiry.
 */
import crypto from 'node:crypto';
import type { Db } from '../store/db.js';

/** Session lifetime: 7 days, in milliseconds. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Name of the HttpOnly session cookie. The spec's `admin-key` cookie only switches the UI on. */
export const SESSION_COOKIE = 'stays-session';
export const ADMIN_KEY_COOKIE = 'admin-key';

function hashId(id: string): string {
  return crypto.createHash('sha256').update(id).digest('hex');
}

/** Creates a session for `username` (which must exist in admins) and returns its id (base64url). */
export function createSession(db: Db, username: string, now = Date.now()): string {
  const id = crypto.randomBytes(32).toString('base64url');
  db.prepare('INSERT INTO sessions (id_hash, username, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
    hashId(id),
    username,
    new Date(now).toISOString(),
    new Date(now + SESSION_TTL_MS).toISOString(),
  );
  return id;
}

/** The username of a live session, or undefined when the id is unknown or expired. */
export function findSession(db: Db, id: string | undefined, now = Date.now()): string | undefined {
  if (!id || id.length > 200) return undefined;
  const row = db
    .prepare('SELECT username, expires_at FROM sessions WHERE id_hash = ?')
    .get(hashId(id)) as { username: string; expires_at: string } | undefined;
  if (!row || Date.parse(row.expires_at) <= now) return undefined;
  return row.username;
}

/** Ends a session on the server. Unknown ids are ignored. */
export function deleteSession(db: Db, id: string | undefined): void {
  if (id) db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(hashId(id));
}

/** Removes expired sessions; returns how many. */
export function purgeExpiredSessions(db: Db, now = Date.now()): number {
  return db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(new Date(now).toISOString()).changes;
}
