/**
 * The SQL of the team (TEAM-2, TEAM-3, TEAM-4): the accounts' roles (`admins`), the pending setup
 * links (`account_setups`) and the sessions as their accounts see them (`sessions`), migration 026.
 */
import type { Db } from '../store/db.js';
import type { Role } from '../../shared/permissions.js';

/** The table's instants are ISO 8601 text; the service hands Unix ms (decision 062). */
const iso = (ms: number) => new Date(ms).toISOString();

export interface AccountRow {
  username: string;
  role: Role;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface PendingSetup {
  username: string;
  role: Role;
  createdBy: string;
  expiresAt: string;
}

export interface SessionRow {
  idHash: string;
  username: string;
  createdAt: string;
  seenAt: string;
  userAgent: string;
  network: string;
}

/** Every account, by username. */
export function listAccounts(db: Db): AccountRow[] {
  return db
    .prepare(
      `SELECT username, role, COALESCE(created_at, updated_at) AS createdAt,
              last_login_at AS lastLoginAt FROM admins ORDER BY username`,
    )
    .all() as AccountRow[];
}

/** The account's role, or undefined when there is no such account. */
export function roleOf(db: Db, username: string): Role | undefined {
  return (
    db.prepare('SELECT role FROM admins WHERE username = ?').get(username) as
      { role: Role } | undefined
  )?.role;
}

/** How many owners there are. */
export function ownerCount(db: Db): number {
  return (
    db.prepare("SELECT COUNT(*) AS n FROM admins WHERE role = 'owner'").get() as { n: number }
  ).n;
}

export function updateRole(db: Db, username: string, role: Role): void {
  db.prepare('UPDATE admins SET role = ? WHERE username = ?').run(role, username);
}

/** Deletes the account (its sessions go with it: ON DELETE CASCADE). */
export function deleteAccount(db: Db, username: string): void {
  db.prepare('DELETE FROM sessions WHERE username = ?').run(username);
  db.prepare('DELETE FROM admins WHERE username = ?').run(username);
}

/** The setups not yet used or withdrawn whose link is still valid at `now` (Unix ms). */
export function pendingSetups(db: Db, now: number): PendingSetup[] {
  return db
    .prepare(
      `SELECT username, role, created_by AS createdBy, expires_at AS expiresAt
         FROM account_setups WHERE expires_at > ? ORDER BY username`,
    )
    .all(iso(now)) as PendingSetup[];
}

export function insertSetup(
  db: Db,
  setup: Omit<PendingSetup, 'expiresAt'> & { tokenHash: string; createdAt: number; expiresAt: number },
): void {
  db.prepare(
    `INSERT INTO account_setups (token_hash, username, role, created_by, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    setup.tokenHash,
    setup.username,
    setup.role,
    setup.createdBy,
    iso(setup.createdAt),
    iso(setup.expiresAt),
  );
}

/** The setup of this token hash still valid at `now` (Unix ms), or undefined. */
export function findSetup(db: Db, tokenHash: string, now: number): PendingSetup | undefined {
  return db
    .prepare(
      `SELECT username, role, created_by AS createdBy, expires_at AS expiresAt
         FROM account_setups WHERE token_hash = ? AND expires_at > ?`,
    )
    .get(tokenHash, iso(now)) as PendingSetup | undefined;
}

/** Withdraws every setup link of `username` (used, replaced or removed); returns how many. */
export function deleteSetupsOf(db: Db, username: string): number {
  return db.prepare('DELETE FROM account_setups WHERE username = ?').run(username).changes;
}

/** Deletes the setups expired at `now` (Unix ms). */
export function deleteExpiredSetups(db: Db, now: number): void {
  db.prepare('DELETE FROM account_setups WHERE expires_at <= ?').run(iso(now));
}

/** The sessions of `username`, or of every account when undefined, newest first. */
export function listSessions(db: Db, username?: string): SessionRow[] {
  return db
    .prepare(
      `SELECT id_hash AS idHash, username, created_at AS createdAt, seen_at AS seenAt,
              user_agent AS userAgent, network FROM sessions
         WHERE (? IS NULL OR username = ?) ORDER BY seen_at DESC`,
    )
    .all(username ?? null, username ?? null) as SessionRow[];
}

/** Ends the session of this hash; returns its username, or undefined when there is none. */
export function deleteSessionByHash(db: Db, idHash: string): string | undefined {
  const row = db.prepare('SELECT username FROM sessions WHERE id_hash = ?').get(idHash) as
    { username: string } | undefined;
  if (row) db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(idHash);
  return row?.username;
}
