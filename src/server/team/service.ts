/**
 * The team (TEAM-2..TEAM-4): accounts with a role, the one-time links that let a new person set
 * their own password, and the sessions each account can see and end.
 *
 * A setup link is 256 random bits, kept only as its SHA-256 (like a session id, OWASP Forgot
 * Password Cheat Sheet: single use, time-limited), valid SETUP_LINK_MS. The account exists only
 * once its password is set. A role change or a removal ends the account's sessions in the same
 * transaction, so its next call is 401; the last owner can be neither removed nor demoted (409).
 * Every change is written to the access log (TEAM-7).
 */
import crypto from 'node:crypto';
import { AccountError, checkUsername, setPassword } from '../auth/accounts.js';
import { endSessionsOf, hashId } from '../auth/sessions.js';
import type { AccessLog } from '../access-log/service.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { Db } from '../store/db.js';
import { HOUR_MS, type Clock } from '../../shared/instants.js';
import { isRole, ROLES, type Role } from '../../shared/permissions.js';
import { ACCOUNT_SETUP_PATH } from '../../shared/team.js';
import {
  deleteAccount,
  deleteExpiredSetups,
  deleteSessionByHash,
  deleteSetupsOf,
  findSetup,
  insertSetup,
  listAccounts,
  listSessions,
  ownerCount,
  pendingSetups,
  roleOf,
  updateRole,
  type AccountRow,
  type PendingSetup,
  type SessionRow,
} from './store.js';

/** How long a setup link is valid (TEAM-3). */
const SETUP_LINK_MS = 24 * HOUR_MS;

/** The role in a body, or 400 naming `role`. */
export function roleFrom(value: unknown): Role {
  if (!isRole(value)) throw badRequest('role', `role must be one of ${ROLES.join(', ')}.`);
  return value;
}

export class TeamService {
  constructor(
    private readonly db: Db,
    private readonly siteUrl: string,
    private readonly clock: Clock,
    private readonly log: AccessLog,
  ) {}

  /** The accounts and the setups still pending. */
  list(): { accounts: AccountRow[]; pending: PendingSetup[] } {
    return { accounts: listAccounts(this.db), pending: pendingSetups(this.db, this.clock()) };
  }

  /**
   * A new account `username` with `role`, made by `by`: returns its one-time setup URL (TEAM-3).
   * 400 for a malformed username, 409 when the name is taken (an account or a pending setup).
   */
  add(
    by: string,
    username: string,
    role: Role,
  ): { username: string; role: Role; setupUrl: string } {
    try {
      checkUsername(username);
    } catch (err) {
      if (err instanceof AccountError) throw badRequest('username', err.message);
      throw err;
    }
    const now = this.clock();
    const token = crypto.randomBytes(32).toString('base64url');
    this.db.transaction(() => {
      deleteExpiredSetups(this.db, now);
      if (
        roleOf(this.db, username) ||
        pendingSetups(this.db, now).some((p) => p.username === username)
      ) {
        throw new ApiError(409, `There is already an account named "${username}".`, {
          field: 'username',
        });
      }
      insertSetup(this.db, {
        tokenHash: hashId(token),
        username,
        role,
        createdBy: by,
        createdAt: now,
        expiresAt: now + SETUP_LINK_MS,
      });
      this.log.record({ username: by, action: `account added: ${username} (${role})` });
    })();
    return {
      username,
      role,
      setupUrl: new URL(`${ACCOUNT_SETUP_PATH}/${token}`, this.siteUrl).href,
    };
  }

  /** The last owner stays one: 409 when `username` is it. */
  private keepAnOwner(username: string, what: string): void {
    if (roleOf(this.db, username) === 'owner' && ownerCount(this.db) <= 1) {
      throw new ApiError(
        409,
        `${username} is the only owner and cannot be ${what}: make another owner first.`,
        {
          field: 'username',
        },
      );
    }
  }

  /** Changes `username`'s role, ending its sessions (TEAM-2). 404 unknown, 409 the last owner. */
  changeRole(by: string, username: string, role: Role): void {
    this.db.transaction(() => {
      const before = roleOf(this.db, username);
      if (!before) throw notFound('username', `There is no account named "${username}".`);
      if (before === role) return;
      if (role !== 'owner') this.keepAnOwner(username, 'given another role');
      updateRole(this.db, username, role);
      endSessionsOf(this.db, username);
      this.log.record({ username: by, action: `role changed: ${username} ${before} → ${role}` });
    })();
  }

  /** Removes `username` (or withdraws its pending setup), ending its sessions. 404, 409 as above. */
  remove(by: string, username: string): void {
    this.db.transaction(() => {
      const withdrawn = deleteSetupsOf(this.db, username);
      if (!roleOf(this.db, username)) {
        if (withdrawn === 0) throw notFound('username', `There is no account named "${username}".`);
        this.log.record({ username: by, action: `setup link withdrawn: ${username}` });
        return;
      }
      this.keepAnOwner(username, 'removed');
      deleteAccount(this.db, username);
      this.log.record({ username: by, action: `account removed: ${username}` });
    })();
  }

  /** The pending setup of a link's token, or undefined when it is unknown, used or expired. */
  setupOf(token: string): PendingSetup | undefined {
    if (token.length > 100) return undefined;
    return findSetup(this.db, hashId(token), this.clock());
  }

  /**
   * Sets the password of the setup link's account and makes the account (TEAM-3): the link then
   * stops working. Returns the username, or undefined when the link is no longer valid. Throws
   * AccountError for a refused password (nothing stored, the link still valid).
   */
  async completeSetup(token: string, password: string): Promise<string | undefined> {
    const setup = this.setupOf(token);
    if (!setup) return undefined;
    await setPassword(this.db, setup.username, password, this.clock(), setup.role);
    // A second submit racing this one finds the link gone; its password was hashed for nothing.
    deleteSetupsOf(this.db, setup.username);
    this.log.record({ username: setup.username, action: 'account set up (own password set)' });
    return setup.username;
  }

  /** The sessions `username` may see: its own, or every account's for `all` (TEAM-4). */
  sessions(username: string, all: boolean): SessionRow[] {
    return listSessions(this.db, all ? undefined : username);
  }

  /** Ends session `idHash` if `username` may (its own, or any for `all`); false when not found. */
  endSession(username: string, idHash: string, all: boolean): boolean {
    const owner = listSessions(this.db).find((s) => s.idHash === idHash)?.username;
    if (!owner || (!all && owner !== username)) return false;
    deleteSessionByHash(this.db, idHash);
    return true;
  }
}
