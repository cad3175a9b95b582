/**
 * Login throttling (AUTH-3, AUTH-6; OWASP Authentication Cheat Sheet, "Login Throttling"; ASVS
 * 4.0.3 2.2.1): after MAX_LOGIN_FAILURES failed attempts for one username, or from one source,
 * within LOGIN_WINDOW_MS, further attempts are refused until the oldest counted failure leaves the
 * window. A source is an address group (`addressGroup`): an IPv4 address, or an IPv6 /64, since
 * one attacker is given a whole /64 and would otherwise have 2^64 sources of five guesses each.
 *
 * State lives in SQLite (migration 003_login_attempts.sql), so restarting the server does not reset
 * an attacker's count. An attempt is counted as a failure *before* its password is checked and
 * un-counted on success: parallel guesses cannot all slip past the check while the hash runs.
 */
import { isIPv6 } from 'node:net';
import type { Db } from '../store/db.js';
import { MINUTE_MS } from '../../shared/instants.js';

/** The window failures are counted in: 15 minutes, in milliseconds. */
export const LOGIN_WINDOW_MS = 15 * MINUTE_MS;
/** Failures allowed per username and per IP within the window; the next attempt gets 429. */
export const MAX_LOGIN_FAILURES = 5;

export interface LoginSource {
  username: string;
  /** The client's address as Fastify sees it (`req.ip`); counted by its `addressGroup`. */
  ip: string;
}

/** A counted attempt, to be passed to loginSucceeded when the password is right. */
export interface LoginAttempt {
  username: string;
  usernameRowId: number;
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

/** A limit of `limit` requests of `kind` within the window (BOOK-3, LIMIT-1). */
export interface RequestLimit {
  kind: string;
  limit: number;
}

/**
 * Seconds until `value` (an address group, `addressGroup`) is under every one of `limits` within
 * `windowMs`, counted in SQLite as login attempts are, so a restart does not reset them (BOOK-3,
 * LIMIT-1). 0: it may go ahead now. Records nothing: the caller counts the request by its outcome
 * (`countRequest`), so a refused client does not extend its own wait.
 */
export function requestWait(
  db: Db,
  value: string,
  limits: readonly RequestLimit[],
  windowMs: number,
  now: number,
): number {
  return db.transaction((): number => {
    let wait = 0;
    for (const { kind, limit } of limits) {
      db.prepare('DELETE FROM request_attempts WHERE kind = ? AND at <= ?').run(
        kind,
        now - windowMs,
      );
      const key = { kind, value };
      wait = Math.max(
        wait,
        secondsUntilBelowLimit(db, 'request_attempts', key, limit, windowMs, now),
      );
    }
    return wait;
  })();
}

/** Counts one request of `kind` from `value` at `now` (ms) against its limit (LIMIT-1). */
export function countRequest(db: Db, kind: string, value: string, now: number): void {
  db.prepare('INSERT INTO request_attempts (kind, value, at) VALUES (?, ?, ?)').run(
    kind,
    value,
    now,
  );
}

/** The 16-bit groups of an IPv6 address, `::` expanded and an IPv4 tail read as two; undefined if it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (p: string | undefined) => (p ? p.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

/**
 * The group a client address is counted in (LIMIT-2, AUTH-6): an IPv4 address itself (an IPv4-mapped
 * IPv6 address as its IPv4 address); an IPv6 address by its /64 prefix ("2001:db8:1:2::/64"),
 * since one home or phone is given a whole /64 and picks addresses in it at will (RFC 8981).
 * A zone ("%eth0") is dropped; anything else is returned as it is.
 */
export function addressGroup(ip: string): string {
  const address = ip.replace(/%.*$/s, '');
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * Decides whether a login attempt at `now` (Unix ms, the app's clock) may go ahead. When it may,
 * records it as a failure (for the username and for the source's address group, AUTH-6) and
 * returns it; when not, returns how many seconds to wait (≥ 1) and records nothing, so a blocked
 * client does not extend its own block.
 */
export function startLoginAttempt(db: Db, source: LoginSource, now: number): AttemptVerdict {
  const counted = { username: source.username, ip: addressGroup(source.ip) };
  return db.transaction((): AttemptVerdict => {
    db.prepare('DELETE FROM login_attempts WHERE at <= ?').run(now - LOGIN_WINDOW_MS);
    const wait = Math.max(
      ...(['username', 'ip'] as Kind[]).map((kind) =>
        secondsUntilBelowLimit(
          db,
          'login_attempts',
          { kind, value: counted[kind] },
          MAX_LOGIN_FAILURES,
          LOGIN_WINDOW_MS,
          now,
        ),
      ),
    );
    if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
    const insert = db.prepare('INSERT INTO login_attempts (kind, value, at) VALUES (?, ?, ?)');
    const usernameRow = insert.run('username', source.username, now);
    const ipRow = insert.run('ip', counted.ip, now);
    return {
      allowed: true,
      attempt: {
        username: source.username,
        usernameRowId: Number(usernameRow.lastInsertRowid),
        ipRowId: Number(ipRow.lastInsertRowid),
      },
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

/**
 * A right password whose login still waits for its code (TOTP-4): un-counts this attempt only. The
 * username's earlier failures stay until the code is right (`loginSucceeded`), so knowing the
 * password does not reset the count of wrong codes.
 */
export function loginStepPassed(db: Db, attempt: LoginAttempt): void {
  db.prepare('DELETE FROM login_attempts WHERE id IN (?, ?)').run(
    attempt.usernameRowId,
    attempt.ipRowId,
  );
}
