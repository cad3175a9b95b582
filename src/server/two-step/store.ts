/**
 * The SQL of two-step login (TOTP-1..TOTP-7, migration 030): each account's TOTP secret and the
 * last step a code was accepted for, its recovery codes (SHA-256 only), the roles that must use it
 * and the logins waiting for their code.
 */
import type { Db } from '../store/db.js';
import { isRole, type Role } from '../../shared/permissions.js';

/** The tables' instants are ISO 8601 text; the service hands Unix ms (decision 062). */
const iso = (ms: number) => new Date(ms).toISOString();

export interface TwoStepRow {
  secret: string;
  confirmed: boolean;
  lastStep: number;
}

export function findTwoStep(db: Db, username: string): TwoStepRow | undefined {
  const row = db
    .prepare('SELECT secret, confirmed_at, last_step FROM two_step WHERE username = ?')
    .get(username) as
    { secret: string; confirmed_at: string | null; last_step: number } | undefined;
  return (
    row && { secret: row.secret, confirmed: row.confirmed_at !== null, lastStep: row.last_step }
  );
}

/** Stores a secret being set up (not yet confirmed), replacing any earlier one of the account. */
export function putPendingSecret(db: Db, username: string, secret: string, now: number): void {
  db.prepare(
    `INSERT INTO two_step (username, secret, created_at) VALUES (?, ?, ?)
     ON CONFLICT(username) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at,
       confirmed_at = NULL, last_step = 0`,
  ).run(username, secret, iso(now));
}

/** Marks the account's secret confirmed at `now` (Unix ms) with `step` as its last used step. */
export function confirmSecret(db: Db, username: string, step: number, now: number): void {
  db.prepare('UPDATE two_step SET confirmed_at = ?, last_step = ? WHERE username = ?').run(
    iso(now),
    step,
    username,
  );
}

/**
 * Records `step` as the account's last used one, only if it is later than the one stored: false
 * when it is not (the code's step was used already: the replay guard, in one statement).
 */
export function takeStep(db: Db, username: string, step: number): boolean {
  return (
    db
      .prepare('UPDATE two_step SET last_step = ? WHERE username = ? AND last_step < ?')
      .run(step, username, step).changes === 1
  );
}

/** Turns the account's two-step login off: its secret and recovery codes are deleted. */
export function deleteTwoStep(db: Db, username: string): boolean {
  db.prepare('DELETE FROM two_step_recovery WHERE username = ?').run(username);
  return db.prepare('DELETE FROM two_step WHERE username = ?').run(username).changes > 0;
}

/** Replaces the account's recovery codes by these hashes. */
export function replaceRecoveryCodes(db: Db, username: string, hashes: string[]): void {
  db.prepare('DELETE FROM two_step_recovery WHERE username = ?').run(username);
  const insert = db.prepare('INSERT INTO two_step_recovery (username, code_hash) VALUES (?, ?)');
  for (const h of hashes) insert.run(username, h);
}

/** Uses up the recovery code of this hash: false when the account has no such code (left). */
export function takeRecoveryCode(db: Db, username: string, hash: string): boolean {
  return (
    db
      .prepare('DELETE FROM two_step_recovery WHERE username = ? AND code_hash = ?')
      .run(username, hash).changes === 1
  );
}

export function recoveryCodesLeft(db: Db, username: string): number {
  return (
    db.prepare('SELECT COUNT(*) AS n FROM two_step_recovery WHERE username = ?').get(username) as {
      n: number;
    }
  ).n;
}

/** The accounts whose two-step login is on. */
export function accountsWithTwoStep(db: Db): Set<string> {
  const rows = db.prepare('SELECT username FROM two_step WHERE confirmed_at IS NOT NULL').all() as {
    username: string;
  }[];
  return new Set(rows.map((r) => r.username));
}

export function requiredRoles(db: Db): Role[] {
  const rows = db.prepare('SELECT role FROM two_step_required').all() as { role: string }[];
  return rows.map((r) => r.role).filter(isRole);
}

export function setRequiredRoles(db: Db, roles: readonly Role[]): void {
  db.prepare('DELETE FROM two_step_required').run();
  const insert = db.prepare('INSERT INTO two_step_required (role) VALUES (?)');
  for (const role of roles) insert.run(role);
}

export interface ChallengeRow {
  username: string;
  role: Role;
  /** A secret being set up at this login; undefined when the account's own is asked for. */
  secret: string | undefined;
}

export function insertChallenge(
  db: Db,
  c: { idHash: string; username: string; expiresAt: number; secret: string | undefined },
): void {
  db.prepare(
    'INSERT INTO login_challenges (id_hash, username, expires_at, secret) VALUES (?, ?, ?, ?)',
  ).run(c.idHash, c.username, iso(c.expiresAt), c.secret ?? null);
}

/** The challenge of this hash still valid at `now`, Unix ms (expired ones are deleted first). */
export function findChallenge(db: Db, idHash: string, now: number): ChallengeRow | undefined {
  db.prepare('DELETE FROM login_challenges WHERE expires_at <= ?').run(iso(now));
  const row = db
    .prepare(
      `SELECT c.username, c.secret, a.role FROM login_challenges c
         JOIN admins a ON a.username = c.username WHERE c.id_hash = ?`,
    )
    .get(idHash) as { username: string; secret: string | null; role: string } | undefined;
  if (!row || !isRole(row.role)) return undefined;
  return { username: row.username, role: row.role, secret: row.secret ?? undefined };
}

export function deleteChallenge(db: Db, idHash: string): void {
  db.prepare('DELETE FROM login_challenges WHERE id_hash = ?').run(idHash);
}

/** Ends every login of `username` waiting for its code (its two-step login changed). */
export function deleteChallengesOf(db: Db, username: string): void {
  db.prepare('DELETE FROM login_challenges WHERE username = ?').run(username);
}

/** The account's role, or undefined when there is no such account. */
export function roleOfAccount(db: Db, username: string): Role | undefined {
  const row = db.prepare('SELECT role FROM admins WHERE username = ?').get(username) as
    { role: string } | undefined;
  return row && isRole(row.role) ? row.role : undefined;
}
