/**
 * Login throttling (AUTH-3; OWASP Authentication Cheat Sheet, "Login Throttling"; ASVS 2.2.1):
 * after MAX_LOGIN_FAILURES failed attempts for one username, or from one IP address, within
 * LOGIN_WINDOW_MS, further attempts are refused until the oldest counted failure leaves the window.
 *
 * State lives in SQLite (migration 003_login_attempts.sql), so restarting the server does not reset
 * an attacker's count. An attempt is counted as a failure *before* its password is checked and
 * un-counted on success: parallel guesses cannot all slip past the check while the hash runs.
 */
import type { Db } from '../store/db.js';

/** The window failures are counted in: 15 minutes, in milliseconds. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per username and per IP within the window; the next attempt gets 429. */
export const MAX_LOGIN_FAILURES = 5;

export interface LoginSource {
  username: string;
  /** The client's address as Fastify sees it (`req.ip`). */
  ip: string;
}

/** A counted attempt, to be passed to loginSucceeded when the password is right. */
export interface LoginAttempt {
  username: string;
  ipRowId: number;
}

export type AttemptVerdict =
  { allowed: true; attempt: LoginAttempt } | { allowed: false; retryAfterSeconds: number };

type Kind = 'username' | 'ip';

/** The tables counting requests: login attempts (AUTH-3) and other limited requests (BOOK-3). */
type AttemptTable = 'login_attempts' | 'request_attempts';

/** Seconds until fewer than `limit` requests of `kind`/`value` remain in the window (0: already). */
function secondsUntilBelowLimit(
  db: Db,
  table: AttemptTable,
  key: { kind: string; value: string },
  limit: number,
  windowMs: number,
  now: number,
): number {
  const rows = db
    .prepare(`SELECT at FROM ${table} WHERE kind = ? AND value = ? AND at > ? ORDER BY at`)
    .all(key.kind, key.value, now - windowMs) as { at: number }[];
  const freeing = rows[rows.length - limit];
  if (!freeing) return 0;
  return Math.max(1, Math.ceil((freeing.at + windowMs - now) / 1000));
}

/**
 * A limit of `limit` requests per key within `windowMs` (BOOK-3: booking requests per client
 * address), counted in SQLite as login attempts are, so a restart does not reset it. Returns 0
 * and records the request when it may go ahead; else records nothing and returns the seconds
 * (at least 1) until it may, so a refused client does not extend its own wait.
 */
export function takeRequestSlot(
  db: Db,
  key: { kind: string; value: string },
  limit: number,
  windowMs: number,
  now = Date.now(),
): number {
  return db.transaction((): number => {
    db.prepare('DELETE FROM request_attempts WHERE kind = ? AND at <= ?').run(
      key.kind,
      now - windowMs,
    );
    const wait = secondsUntilBelowLimit(db, 'request_attempts', key, limit, windowMs, now);
    if (wait === 0) {
      db.prepare('INSERT INTO request_attempts (kind, value, at) VALUES (?, ?, ?)').run(
        key.kind,
        key.value,
        now,
      );
    }
    return wait;
  })();
}

/**
 * Decides whether a login attempt may go ahead. When it may, records it as a failure (for the
 * username and for the IP) and returns it; when not, returns how many seconds to wait (≥ 1) and
 * records nothing, so a blocked client does not extend its own block.
 */
export function startLoginAttempt(db: Db, source: LoginSource, now = Date.now()): AttemptVerdict {
  return db.transaction((): AttemptVerdict => {
    db.prepare('DELETE FROM login_attempts WHERE at <= ?').run(now - LOGIN_WINDOW_MS);
    const wait = Math.max(
      ...(['username', 'ip'] as Kind[]).map((kind) =>
        secondsUntilBelowLimit(
          db,
          'login_attempts',
          { kind, value: source[kind] },
          MAX_LOGIN_FAILURES,
          LOGIN_WINDOW_MS,
          now,
        ),
      ),
    );
    if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
    const insert = db.prepare('INSERT INTO login_attempts (kind, value, at) VALUES (?, ?, ?)');
    insert.run('username', source.username, now);
    const ipRow = insert.run('ip', source.ip, now);
    return {
      allowed: true,
      attempt: { username: source.username, ipRowId: Number(ipRow.lastInsertRowid) },
    };
  })();
}

/**
 * A correct password: clears every counted failure of the username and un-counts this attempt for
 * the IP (the IP's earlier failures stay: one good login must not launder guesses at other names).
 */
export function loginSucceeded(db: Db, attempt: LoginAttempt): void {
  db.transaction(() => {
    db.prepare("DELETE FROM login_attempts WHERE kind = 'username' AND value = ?").run(
      attempt.username,
    );
    db.prepare('DELETE FROM login_attempts WHERE id = ?').run(attempt.ipRowId);
  })();
}
