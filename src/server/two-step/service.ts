/**
 * Two-step login (TOTP-1..TOTP-7, decision 050): a TOTP (RFC 6238: HMAC-SHA-1, 6 digits, 30-second
 * steps, the parameters every authenticator app reads from a Key Uri) made and checked by the
 * `otpauth` library, set up by scanning a QR code (`qrcode`, as the UPI advance's), with ten
 * one-time recovery codes.
 *
 * - A code is accepted for the current step and one step either side (RFC 6238 s.5.2's
 *   "one time step" of network delay and clock drift), and only for a step later than the last one
 *   accepted for the account: a code seen over a shoulder or replayed is refused (RFC 6238 s.5.2,
 *   OWASP ASVS 4.0.3 2.8.4).
 * - The secret is 160 random bits (RFC 4226 s.4 R6) kept in SQLite on the server; it is shown once,
 *   at setup, and never written to a log. Recovery codes are 50 random bits each, kept only as
 *   their SHA-256 (ASVS 2.6.2: a code that is random and long enough needs no slow hash) and used
 *   once (ASVS 2.6.1).
 * - A login whose password was right gets a challenge (256 random bits in an HttpOnly cookie, its
 *   SHA-256 in the table) valid CHALLENGE_MS; the code is checked against it.
 *
 * Errors are thrown as ApiError (400 naming `code`, 404, 409).
 */
import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { AccessLog } from '../access-log/service.js';
import { endSessionsOf, hashId } from '../auth/sessions.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { Db } from '../store/db.js';
import { MINUTE_MS, type Clock } from '../../shared/instants.js';
import { ROLE_NAMES, type Role } from '../../shared/permissions.js';
import {
  RECOVERY_CODE_COUNT,
  type TwoStepEnrolment,
  type TwoStepStatus,
} from '../../shared/two-step.js';
import {
  accountsWithTwoStep,
  confirmSecret,
  deleteChallenge,
  deleteChallengesOf,
  deleteTwoStep,
  findChallenge,
  findTwoStep,
  insertChallenge,
  putPendingSecret,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  requiredRoles,
  roleOfAccount,
  setRequiredRoles,
  takeRecoveryCode,
  takeStep,
} from './store.js';

/** RFC 6238's defaults, which every authenticator app reads. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps either side of now a code is accepted for (RFC 6238 s.5.2). */
const WINDOW = 1;
/** How long a login waits for its code. */
const CHALLENGE_MS = 5 * MINUTE_MS;

/** The sentence for a code refused: wrong, too old, or used already. */
export const WRONG_CODE =
  'That code is wrong or was used already. Type the 6 digits your app shows now.';

/** Lower-case, without spaces or dashes: how a typed code is compared. */
function normalise(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

function hashCode(code: string): string {
  return crypto.createHash('sha256').update(normalise(code)).digest('hex');
}

/** A recovery code: 10 characters of base32 (50 bits), shown as `abcde-fghij`. */
function newRecoveryCode(): string {
  const text = new Secret({ size: 7 }).base32.slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** What a login's second step says: a challenge id for the cookie and what it waits for. */
export type LoginStep =
  | { next: 'none' }
  | { next: 'code'; challenge: string }
  | { next: 'setup'; challenge: string; enrolment: TwoStepEnrolment };

/** A login's code accepted: who, and what to show. */
export interface CodeAccepted {
  username: string;
  recoveryCodes?: string[];
  recoveryCodesLeft?: number;
}

export class TwoStepService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** The business's name: the authenticator app's label for the account. */
    private readonly issuer: string,
    private readonly log: AccessLog,
  ) {}

  private totp(username: string, secret: string): TOTP {
    return new TOTP({
      issuer: this.issuer,
      label: username,
      algorithm: 'SHA1',
      digits: DIGITS,
      period: PERIOD_SECONDS,
      secret: Secret.fromBase32(secret),
    });
  }

  /**
   * The step `code` is valid for at the app's clock, within WINDOW, or undefined. Only 6 digits
   * are tried (a recovery code is told apart by its letters).
   */
  private stepOf(username: string, secret: string, code: string): number | undefined {
    const token = normalise(code);
    if (!/^\d{6}$/.test(token)) return undefined;
    const totp = this.totp(username, secret);
    const timestamp = this.clock();
    const delta = totp.validate({ token, timestamp, window: WINDOW });
    return delta === null ? undefined : totp.counter({ timestamp }) + delta;
  }

  private async enrolment(username: string, secret: string): Promise<TwoStepEnrolment> {
    const otpauthUrl = this.totp(username, secret).toString();
    const svg = await QRCode.toString(otpauthUrl, {
      type: 'svg',
      margin: 2,
      errorCorrectionLevel: 'M',
    });
    return {
      secret: secret.replace(/(.{4})/g, '$1 ').trim(),
      otpauthUrl,
      qrSvgDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  private newRecoveryCodes(username: string): string[] {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    replaceRecoveryCodes(this.db, username, codes.map(hashCode));
    return codes;
  }

  /** The roles that must use two-step login (TOTP-5). */
  requiredRoles(): Role[] {
    return requiredRoles(this.db);
  }

  /** The accounts whose two-step login is on (the Team list's `twoStep`). */
  accountsOn(): Set<string> {
    return accountsWithTwoStep(this.db);
  }

  /** `username`'s own two-step login (TOTP-2). */
  status(username: string, role: Role): TwoStepStatus {
    return {
      on: findTwoStep(this.db, username)?.confirmed ?? false,
      required: requiredRoles(this.db).includes(role),
      recoveryCodesLeft: recoveryCodesLeft(this.db, username),
    };
  }

  /** A new secret for `username` to scan (TOTP-2); 409 when two-step login is on already. */
  async begin(username: string): Promise<TwoStepEnrolment> {
    if (findTwoStep(this.db, username)?.confirmed)
      throw new ApiError(
        409,
        'Two-step login is on already. Turn it off first to set up a new phone.',
      );
    const secret = new Secret({ size: 20 }).base32;
    putPendingSecret(this.db, username, secret, this.clock());
    return this.enrolment(username, secret);
  }

  /**
   * Turns `username`'s two-step login on with the first code of the secret from `begin` (TOTP-2);
   * returns the ten recovery codes (TOTP-3). 409 without a secret being set up, 400 `code` wrong.
   */
  confirm(username: string, code: string): string[] {
    const row = findTwoStep(this.db, username);
    if (!row || row.confirmed)
      throw new ApiError(409, 'Start the setup first: scan a new QR code.', { field: 'code' });
    const step = this.stepOf(username, row.secret, code);
    if (step === undefined) throw badRequest('code', WRONG_CODE);
    return this.db.transaction(() => {
      confirmSecret(this.db, username, step, this.clock());
      this.log.record({ username, action: 'two-step login turned on' });
      return this.newRecoveryCodes(username);
    })();
  }

  /**
   * Checks a code or a recovery code of `username`'s confirmed secret, using it up (TOTP-4): the
   * replay guard moves the last step; a recovery code is deleted. Returns how it passed, or
   * undefined.
   */
  private useCode(username: string, code: string): 'totp' | 'recovery' | undefined {
    const row = findTwoStep(this.db, username);
    if (!row?.confirmed) return undefined;
    const step = this.stepOf(username, row.secret, code);
    if (step !== undefined) return takeStep(this.db, username, step) ? 'totp' : undefined;
    if (!/^[a-z2-7]{10}$/.test(normalise(code))) return undefined;
    return takeRecoveryCode(this.db, username, hashCode(code)) ? 'recovery' : undefined;
  }

  /** Turns `username`'s own two-step login off with a code (TOTP-2). 409 when required, 400 `code`. */
  turnOff(username: string, role: Role, code: string): void {
    if (requiredRoles(this.db).includes(role))
      throw new ApiError(
        409,
        `The owner requires two-step login for the ${ROLE_NAMES[role].toLowerCase()} role: it stays on.`,
      );
    if (!this.useCode(username, code)) throw badRequest('code', WRONG_CODE);
    this.db.transaction(() => {
      deleteTwoStep(this.db, username);
      this.log.record({ username, action: 'two-step login turned off' });
    })();
  }

  /**
   * The owner turns `username`'s two-step login off (a lost phone: TOTP-6): its secret and
   * recovery codes are deleted and its sessions end. 404 unknown account or two-step not set up.
   */
  reset(by: string, username: string): void {
    this.db.transaction(() => {
      if (!roleOfAccount(this.db, username))
        throw notFound('username', `There is no account named "${username}".`);
      if (!deleteTwoStep(this.db, username))
        throw notFound('username', `${username} has no two-step login to reset.`);
      deleteChallengesOf(this.db, username);
      endSessionsOf(this.db, username);
      this.log.record({ username: by, action: `two-step login reset: ${username}` });
    })();
  }

  /** Sets the roles that must use two-step login (TOTP-5). */
  setRequired(by: string, roles: Role[]): void {
    this.db.transaction(() => {
      setRequiredRoles(this.db, roles);
      const words = roles.length ? roles.map((r) => ROLE_NAMES[r]).join(', ') : 'no role';
      this.log.record({ username: by, action: `two-step login required for: ${words}` });
    })();
  }

  /**
   * After `username`'s right password (TOTP-1): `none` when no code is needed; else a challenge
   * for the cookie, waiting for a code (`code`) or, when the role requires two-step login and the
   * account has none, for the first code of a new secret (`setup`, with its QR code).
   */
  async afterPassword(username: string): Promise<LoginStep> {
    const own = findTwoStep(this.db, username);
    const role = roleOfAccount(this.db, username);
    const setup = !own?.confirmed && role !== undefined && requiredRoles(this.db).includes(role);
    if (!own?.confirmed && !setup) return { next: 'none' };
    const challenge = crypto.randomBytes(32).toString('base64url');
    const secret = setup ? new Secret({ size: 20 }).base32 : undefined;
    insertChallenge(this.db, {
      idHash: hashId(challenge),
      username,
      expiresAt: this.clock() + CHALLENGE_MS,
      secret,
    });
    if (!secret) return { next: 'code', challenge };
    return { next: 'setup', challenge, enrolment: await this.enrolment(username, secret) };
  }

  /** The username a live challenge waits for, or undefined (unknown, used or past 5 minutes). */
  challengeAccount(challenge: string | undefined): string | undefined {
    if (!challenge || challenge.length > 100) return undefined;
    return findChallenge(this.db, hashId(challenge), this.clock())?.username;
  }

  /**
   * A login's second step (TOTP-1, TOTP-4): the code for the challenge. Returns who logged in
   * (with new recovery codes after a setup at login, or the codes left after a recovery code),
   * or undefined for a wrong, old or reused code or a challenge no longer valid. A passed
   * challenge is deleted: it works once.
   */
  answer(challenge: string, code: string): CodeAccepted | undefined {
    const idHash = hashId(challenge);
    const c = findChallenge(this.db, idHash, this.clock());
    if (!c) return undefined;
    if (c.secret !== undefined) {
      const step = this.stepOf(c.username, c.secret, code);
      if (step === undefined) return undefined;
      return this.db.transaction(() => {
        putPendingSecret(this.db, c.username, c.secret!, this.clock());
        confirmSecret(this.db, c.username, step, this.clock());
        deleteChallenge(this.db, idHash);
        this.log.record({ username: c.username, action: 'two-step login turned on (at login)' });
        return { username: c.username, recoveryCodes: this.newRecoveryCodes(c.username) };
      })();
    }
    const how = this.useCode(c.username, code);
    if (!how) return undefined;
    deleteChallenge(this.db, idHash);
    if (how === 'totp') return { username: c.username };
    this.log.record({ username: c.username, action: 'logged in with a recovery code' });
    return { username: c.username, recoveryCodesLeft: recoveryCodesLeft(this.db, c.username) };
  }
}
