/**
 * Owner accounts (AUTH-1): passwords stored as argon2id hashes with the OWASP Password Storage
 * Cheat Sheet parameters (m=19456 KiB, t=2, p=1), in the `admins` table (002_auth.sql).
 */
import crypto from 'node:crypto';
import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import type { AppContext } from '../context.js';
import {
  MAX_PASSWORD_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  USERNAME_PATTERN,
} from './credential-rules.js';
import { endSessionsOf } from './sessions.js';
import type { Db } from '../store/db.js';
import type { Role } from '../../shared/permissions.js';

/** `Algorithm.Argon2id`: the package's enum is an ambient const enum, unreadable under isolatedModules. */
const ARGON2ID = 2 as Algorithm;

/** OWASP Password Storage Cheat Sheet, argon2id, first recommended configuration. */
const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** The account created on first start when no ADMIN_USERNAME / ADMIN_PASSWORD is configured. */
const DEFAULT_OWNER = 'owner';

/**
 * A hash of a random password nobody knows, made with ARGON2_OPTIONS: verifying against it costs
 * what verifying a real account costs, so an unknown username answers no faster than a known one
 * (OWASP Authentication Cheat Sheet, "Authentication Responses").
 */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$8DjGrTVel/17yFfkntOHPQ$zYhJ5+gdhEn9KfYJCqE3N3yDAOIRe5QGcx/S1xZmSns';

/** A username or password that the account rules refuse; `field` names which. */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly field: 'username' | 'password',
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

/** Throws AccountError (`field: 'username'`) unless `username` follows USERNAME_PATTERN. */
export function checkUsername(username: string): void {
  if (
    username.length === 0 ||
    username.length > MAX_USERNAME_LENGTH ||
    !USERNAME_PATTERN.test(username)
  ) {
    throw new AccountError(
      `A username is 1 to ${MAX_USERNAME_LENGTH} letters, digits, dots, dashes, underscores or @ signs; got "${username}".`,
      'username',
    );
  }
}

function checkPassword(password: string): void {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    throw new AccountError(
      `The password must be at least ${MIN_PASSWORD_LENGTH} characters long (it has ${length}).`,
      'password',
    );
  }
  if (length > MAX_PASSWORD_LENGTH) {
    throw new AccountError(
      `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
      'password',
    );
  }
}

function usesCurrentParameters(passwordHash: string): boolean {
  const o = parseOptions(passwordHash);
  return (
    o.algorithm === ARGON2_OPTIONS.algorithm &&
    o.memoryCost === ARGON2_OPTIONS.memoryCost &&
    o.timeCost === ARGON2_OPTIONS.timeCost &&
    o.parallelism === ARGON2_OPTIONS.parallelism
  );
}

/**
 * Stores `passwordHash` as `username`'s, changed at `now` (Unix ms). A new account gets `role`
 * (TEAM-1); an existing one keeps its own.
 */
function storeHash(
  db: Db,
  username: string,
  passwordHash: string,
  now: number,
  role: Role = 'owner',
): void {
  const at = new Date(now).toISOString();
  db.prepare(
    `INSERT INTO admins (username, password_hash, updated_at, role, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(username) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at`,
  ).run(username, passwordHash, at, role, at);
}

/**
 * Creates the account or changes its password at `now` (Unix ms, the caller's clock: TIME-5).
 * Changing a password ends every session of that account (SESS-4; OWASP ASVS 4.0.3 3.3.3,
 * Session Management Cheat Sheet). A new account gets `role` (default owner: the CLI's and
 * ADMIN_USERNAME's accounts; TEAM-3's setup link gives its own).
 * Throws AccountError for a malformed username or a password shorter than MIN_PASSWORD_LENGTH.
 */
export async function setPassword(
  db: Db,
  username: string,
  password: string,
  now: number,
  role: Role = 'owner',
): Promise<void> {
  checkUsername(username);
  checkPassword(password);
  const passwordHash = await hash(password, ARGON2_OPTIONS);
  db.transaction(() => {
    storeHash(db, username, passwordHash, now, role);
    endSessionsOf(db, username);
  })();
}

/**
 * True when `password` is the account's password. Does the same argon2 work when the account does
 * not exist. A correct password stored with older parameters is rehashed with ARGON2_OPTIONS,
 * recorded as changed at `now` (Unix ms).
 */
export async function verifyLogin(
  db: Db,
  username: string,
  password: string,
  now: number,
): Promise<boolean> {
  const row = db.prepare('SELECT password_hash FROM admins WHERE username = ?').get(username) as
    { password_hash: string } | undefined;
  const ok = await verify(row?.password_hash ?? DUMMY_HASH, password);
  if (!row || !ok) return false;
  if (!usesCurrentParameters(row.password_hash))
    storeHash(db, username, await hash(password, ARGON2_OPTIONS), now);
  return true;
}

/** True when at least one owner account exists. */
function hasAnyAccount(db: Db): boolean {
  return db.prepare('SELECT 1 FROM admins LIMIT 1').get() !== undefined;
}

/**
 * The owner account at start (AUTH-1). With ADMIN_USERNAME and ADMIN_PASSWORD, that account is
 * created as an owner (made one again if its role was changed: TEAM-2), or its password changed when it differs (an unchanged password keeps its sessions). With
 * neither and no account at all, creates DEFAULT_OWNER with a random 144-bit password and `say`s it
 * once. Throws when only one of the two variables is set, or when the password is refused
 * (AccountError), so a misconfigured server does not start.
 */
export async function ensureOwner(ctx: AppContext, say: (line: string) => void): Promise<void> {
  const { adminUsername, adminPassword } = ctx.config;
  if (adminUsername !== undefined && adminPassword !== undefined) {
    const row = ctx.db
      .prepare('SELECT password_hash, role FROM admins WHERE username = ?')
      .get(adminUsername) as { password_hash: string; role: Role } | undefined;
    // TEAM-2: the configured account is an owner, whatever the Team dialog made of it.
    if (row && row.role !== 'owner') {
      ctx.db.transaction(() => {
        ctx.db.prepare("UPDATE admins SET role = 'owner' WHERE username = ?").run(adminUsername);
        endSessionsOf(ctx.db, adminUsername);
      })();
    }
    if (
      row &&
      (await verify(row.password_hash, adminPassword)) &&
      usesCurrentParameters(row.password_hash)
    )
      return;
    await setPassword(ctx.db, adminUsername, adminPassword, ctx.clock());
    return;
  }
  if (adminUsername !== undefined || adminPassword !== undefined) {
    throw new Error('ADMIN_USERNAME and ADMIN_PASSWORD must be set together (or neither).');
  }
  if (hasAnyAccount(ctx.db)) return;
  const password = crypto.randomBytes(18).toString('base64url');
  await setPassword(ctx.db, DEFAULT_OWNER, password, ctx.clock());
  say(
    `Owner account created: ${DEFAULT_OWNER} / ${password} (shown once; change it with npm run admin -- set-password ${DEFAULT_OWNER})`,
  );
}
