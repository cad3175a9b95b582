/**
 * Owner sessions (AUTH-2, AUTH-4, SESS-1..SESS-4; OWASP Session Management Cheat Sheet): a random
 * 32-byte id sent to the browser, stored only as its SHA-256 hash, with an absolute expiry set at
 * login (`expires_at`) and an idle expiry that slides with use (`seen_at` + SESSION_IDLE_MS).
 *
 * The lifetimes follow OWASP ASVS 4.0.3 3.3.2, which asks for re-authentication at least every 30
 * days (level 1) or every 12 hours or after 30 minutes idle (level 2), and ASVS 5.0 7.3.1/7.3.2,
 * which ask for both an inactivity and an absolute limit chosen and documented from the risk. The
 * owner edits from a phone between other work: 30 minutes idle would log them out many times a day.
 * We take 12 hours idle (a working day of occasional edits needs one login) and 7 days absolute
 * (within level 1's 30 days): a stolen cookie is worthless 12 hours after its owner stopped using
 * it, and a week after the login in any case.
 *
 * Every instant is the caller's `now` (Unix ms), read from the app's one clock (TIME-3, TIME-5):
 * a test that moves the clock past a lifetime sees the session end, as the owner would.
 */
import crypto from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Db } from '../store/db.js';
import { HOUR_MS, MINUTE_MS } from '../../shared/instants.js';
import { isRole, type Role } from '../../shared/permissions.js';

/** Absolute lifetime (SESS-3): a session ends 7 days after its login, however much it is used. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * HOUR_MS;
/** Idle lifetime (SESS-3): a session ends after 12 hours without a request that uses it. */
export const SESSION_IDLE_MS = 12 * HOUR_MS;
/**
 * The idle expiry is written at most once this often per session (SESS-3), so that a burst of
 * requests (an upload of twenty photos) costs one database write, not twenty, and an owner's tab
 * left open (its bar asks for the copy's state every 30 s) commits, and so makes a new generation of
 * the copy off the machine (BACKUP-1), every 10 minutes rather than every minute. An idle lifetime
 * of 12 hours is then exact to 10 minutes.
 */
export const SESSION_TOUCH_MS = 10 * MINUTE_MS;
/** Name of the HttpOnly session cookie. The spec's `admin-key` cookie only switches the UI on. */
export const SESSION_COOKIE = 'stays-session';
export const ADMIN_KEY_COOKIE = 'admin-key';

/**
 * The two cookies' attributes (SESS-1, ADMIN-1): the session's HttpOnly, SameSite=Strict, the
 * whole site, Secure when the site is https (`secure`), kept as long as the absolute lifetime;
 * the admin-key's the same but readable by the page, for it only switches the admin UI on
 * (AUTH-5: the server never trusts it). Clearing a cookie needs the attributes it was set with.
 */
export function sessionCookies(secure: boolean): {
  session: CookieSerializeOptions;
  adminKey: CookieSerializeOptions;
} {
  const session: CookieSerializeOptions = {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  };
  return { session, adminKey: { ...session, httpOnly: false } };
}

/** Longer than any id createSession makes: such a cookie is refused without hashing it. */
const MAX_ID_LENGTH = 200;

/** The SHA-256 of a session id, hex: what the table keeps (and what TEAM-4 calls a session's id). */
export function hashId(id: string): string {
  return crypto.createHash('sha256').update(id).digest('hex');
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** What a session shows its account (TEAM-4): the browser and the address's network. */
export interface SessionOrigin {
  /** The User-Agent header, cut to 300 characters. */
  userAgent: string;
  /** The address group (throttle.ts `addressGroup`: an IPv4 address or an IPv6 /64). */
  network: string;
}

/**
 * Creates a session for `username` (which must exist in admins) at `now` (ms since the epoch) and
 * returns its id (base64url). Always a new id (SESS-1): a login never adopts one the browser sent.
 * Records the login as the account's last (TEAM-2).
 */
export function createSession(
  db: Db,
  username: string,
  now: number,
  origin: SessionOrigin = { userAgent: '', network: '' },
): string {
  const id = crypto.randomBytes(32).toString('base64url');
  db.prepare(
    `INSERT INTO sessions (id_hash, username, created_at, expires_at, seen_at, user_agent, network)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    hashId(id),
    username,
    iso(now),
    iso(now + SESSION_ABSOLUTE_MS),
    iso(now),
    origin.userAgent.slice(0, 300),
    origin.network,
  );
  db.prepare('UPDATE admins SET last_login_at = ? WHERE username = ?').run(iso(now), username);
  return id;
}

/** A live session's account (TEAM-1): who, in which role, and the session's hashed id. */
export interface SessionAccount {
  username: string;
  role: Role;
  idHash: string;
}

/**
 * The account of a live session at `now`, or undefined when the id is unknown or the session has
 * passed its absolute or idle expiry (SESS-3; such a session is deleted). Using a live session
 * slides its idle expiry: `seen_at` is rewritten when it is at least SESSION_TOUCH_MS old.
 */
export function findSessionAccount(
  db: Db,
  id: string | undefined,
  now: number,
): SessionAccount | undefined {
  if (!id || id.length > MAX_ID_LENGTH) return undefined;
  const idHash = hashId(id);
  const row = db
    .prepare(
      `SELECT s.username, s.expires_at, s.seen_at, a.role FROM sessions s
         JOIN admins a ON a.username = s.username WHERE s.id_hash = ?`,
    )
    .get(idHash) as
    { username: string; expires_at: string; seen_at: string; role: string } | undefined;
  if (!row || !isRole(row.role)) return undefined;
  const seen = Date.parse(row.seen_at);
  if (Date.parse(row.expires_at) <= now || seen + SESSION_IDLE_MS <= now) {
    deleteSession(db, id);
    return undefined;
  }
  if (now - seen >= SESSION_TOUCH_MS) {
    db.prepare('UPDATE sessions SET seen_at = ? WHERE id_hash = ?').run(iso(now), idHash);
  }
  return { username: row.username, role: row.role, idHash };
}

/** The username of a live session at `now` (findSessionAccount), or undefined. */
export function findSession(db: Db, id: string | undefined, now: number): string | undefined {
  return findSessionAccount(db, id, now)?.username;
}

/** Ends a session on the server (AUTH-4, SESS-2). Unknown ids are ignored. */
export function deleteSession(db: Db, id: string | undefined): void {
  if (id) db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(hashId(id));
}

/**
 * Ends every session of `username` (SESS-4: a password change; TEAM-2: a role change or removal;
 * ASVS 4.0.3 3.3.3).
 */
export function endSessionsOf(db: Db, username: string): void {
  db.prepare('DELETE FROM sessions WHERE username = ?').run(username);
}

/** Removes the sessions that have passed their absolute or idle expiry at `now`; returns how many. */
export function purgeExpiredSessions(db: Db, now: number): number {
  return db
    .prepare('DELETE FROM sessions WHERE expires_at <= ? OR seen_at <= ?')
    .run(iso(now), iso(now - SESSION_IDLE_MS)).changes;
}
