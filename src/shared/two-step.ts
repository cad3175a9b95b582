/**
 * Two-step login's API (TOTP-1..TOTP-7, decision 050), shared by the server (src/server/two-step/,
 * auth/routes.ts) and the browser (the login form, the Team dialog's "Two-step login").
 */
import type { Role } from './permissions.js';

export const TWO_STEP_API = {
  /** GET: the caller's TwoStepStatus. */
  status: '/api/two-step',
  /** POST: a new secret to scan (TwoStepEnrolment); replaces one not yet confirmed. */
  setup: '/api/two-step/setup',
  /** POST `{ code }`: turns it on; answers `{ recoveryCodes }`. */
  confirm: '/api/two-step/confirm',
  /** POST `{ code }`: turns it off (a code or a recovery code). */
  off: '/api/two-step/off',
  /** PUT `{ roles }` (owner): the roles that must use it. */
  required: '/api/two-step/required',
  /** DELETE (owner): turns another account's off, e.g. after a lost phone. */
  reset: '/api/team/:username/two-step',
  /** POST `{ code }` after a login's password: the second step. */
  loginCode: '/api/login/code',
} as const;

/** How many recovery codes an account gets at a time (TOTP-3). */
export const RECOVERY_CODE_COUNT = 10;

/** What the caller's own two-step login is. */
export interface TwoStepStatus {
  on: boolean;
  /** The owner requires it for the caller's role: it cannot be turned off. */
  required: boolean;
  recoveryCodesLeft: number;
}

/** A secret to put in an authenticator app: by its QR code, or typed. */
export interface TwoStepEnrolment {
  /** The secret in base32, in groups of four for typing. */
  secret: string;
  /** `otpauth://totp/...` (Key Uri Format), what the QR code holds. */
  otpauthUrl: string;
  /** The QR code as an SVG data URL. */
  qrSvgDataUrl: string;
}

/**
 * `POST /api/login`'s 200: `{ ok: true }` when logged in; `next: 'code'` when a code is awaited;
 * `next: 'setup'` when the role requires two-step login and the account has none yet.
 */
export type LoginAnswer =
  { ok: true } | { ok: false; next: 'code' } | ({ ok: false; next: 'setup' } & TwoStepEnrolment);

/** `POST /api/login/code`'s 200: logged in; new recovery codes after a setup at login. */
export interface LoginCodeAnswer {
  ok: true;
  recoveryCodes?: string[];
  /** After a recovery code was used: how many are left. */
  recoveryCodesLeft?: number;
}

export interface RequiredRoles {
  roles: Role[];
}
