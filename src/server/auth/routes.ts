/**
 * Login, logout and the session probe (AUTH-1..AUTH-4; the spec leaves login "not shown").
 *
 * - `POST /api/login` `{ username, password }` as JSON (the login form's fetch) or as a form body
 *   (the same form submitted natively before its script has loaded). JSON answers: 200 `{ ok: true }`,
 *   400 `{ error, field }`, 401 `{ error }` (one message whether the username or the password was
 *   wrong: OWASP Authentication Cheat Sheet), 403 cross-site, 429 `{ error, retryAfter }` with
 *   `Retry-After` (throttle.ts; counted per address, an IPv6 client per /64: AUTH-6). A form body gets a 303 to `/#today` (DAY-6) or back to
 *   `/adminlogin?error={invalid|wrong|throttled&retry=N}` instead, so the browser never shows JSON.
 *   An account with two-step login (TOTP-1), or whose role requires it (TOTP-5), is not logged in
 *   yet: 200 `{ ok: false, next: 'code' }` (or `next: 'setup'` with the QR code to scan) and the
 *   HttpOnly `stays-login-step` cookie, valid 5 minutes (a form body: 303 to `/adminlogin?step=code`).
 * - `POST /api/login/code` `{ code }`: the second step. 200 `{ ok: true, recoveryCodes?,
 *   recoveryCodesLeft? }` with the session; 401 `{ error, field: 'code' }` for a wrong, old or
 *   reused code (counted by the login limit as a wrong password is), 401 `field: 'login'` when the
 *   5 minutes have passed, 429 as the login.
 *   Success sets the HttpOnly session cookie, always with a new id (SESS-1), and the spec's
 *   `admin-key` cookie (ADMIN-1). Sessions end idle or by age on the server (sessions.ts, SESS-3), on the app's clock (TIME-5).
 * - `POST /api/logout`: ends the session on the server (SESS-2), clears both cookies, 200 `{ ok: true }`.
 * - `GET /api/session`: 200 `{ username, role, permissions }` for a live session, else 401: lets the
 *   admin tools tell a hand-made `admin-key` cookie from a real login, and show only the controls
 *   the account's role may use (TEAM-1).
 */
import crypto from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { OkAnswer, SessionAnswer, ThrottledAnswer } from '../../shared/api-types.js';
import { PERMISSION_NAMES, roleMay } from '../../shared/permissions.js';
import { AFTER_LOGIN_PATH, API, LOGIN_PATH } from '../../shared/routes.js';
import type { AppContext } from '../context.js';
import { verifyLogin } from '../auth/accounts.js';
import { MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH } from '../auth/credential-rules.js';
import { ApiError, badRequest, schemaRefusal } from '../errors.js';
import { isFormPost } from '../form-body.js';
import {
  ADMIN_KEY_COOKIE,
  createSession,
  deleteSession,
  purgeExpiredSessions,
  SESSION_COOKIE,
  sessionCookies,
} from '../auth/sessions.js';
import {
  addressGroup,
  loginStepPassed,
  loginSucceeded,
  startLoginAttempt,
  type LoginAttempt,
} from '../auth/throttle.js';
import { WRONG_CODE, type TwoStepService } from '../two-step/service.js';
import { TWO_STEP_API, type LoginAnswer, type LoginCodeAnswer } from '../../shared/two-step.js';

/** A username and a password fit in far less; anything bigger is refused with 413 before parsing. */
const LOGIN_BODY_LIMIT_BYTES = 16 * 1024;

/** The cookie of a login waiting for its code (TOTP-1): HttpOnly, this path only. */
const LOGIN_STEP_COOKIE = 'stays-login-step';
/** How long the browser keeps it: the challenge's own lifetime on the server. */
const LOGIN_STEP_SECONDS = 5 * 60;

/** The one answer to a failed login, whichever of the two fields was wrong. */
const WRONG_CREDENTIALS = 'Wrong username or password.';

const LoginBody = z.object({
  username: z
    .string({ error: 'is missing: enter your username' })
    .trim()
    .min(1, { error: 'is missing: enter your username' })
    .max(MAX_USERNAME_LENGTH, { error: `can be at most ${MAX_USERNAME_LENGTH} characters long` }),
  password: z
    .string({ error: 'is missing: enter your password' })
    .min(1, { error: 'is missing: enter your password' })
    .max(MAX_PASSWORD_LENGTH, { error: `can be at most ${MAX_PASSWORD_LENGTH} characters long` }),
});

/** "Too many attempts. Try again in N minutes." with N rounded up. */
function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export async function authRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  twoStep: TwoStepService,
): Promise<void> {
  const { db, clock } = ctx;
  const secure = ctx.config.site.siteUrl.startsWith('https:');
  const { session: sessionCookie, adminKey: adminKeyCookie } = sessionCookies(secure);
  const loginStepCookie: CookieSerializeOptions = {
    ...sessionCookie,
    path: TWO_STEP_API.loginCode,
    maxAge: LOGIN_STEP_SECONDS,
  };

  /** A form post goes back to the login page with `code`; a JSON call gets `error` thrown. */
  function fail(req: FastifyRequest, reply: FastifyReply, error: ApiError, code: string) {
    if (isFormPost(req))
      return reply.code(303).header('location', `${LOGIN_PATH}?error=${code}`).send();
    throw error;
  }

  /** The 429 of a throttled login or code (AUTH-3); `step` keeps a form post on the code step. */
  function throttled(
    req: FastifyRequest,
    reply: FastifyReply,
    username: string,
    retryAfterSeconds: number,
    step: string,
  ) {
    req.log.warn({ username, ip: req.ip }, 'login throttled');
    reply.header('retry-after', String(retryAfterSeconds));
    const refusal = new ApiError(429, throttledMessage(retryAfterSeconds), {
      extra: { retryAfter: retryAfterSeconds } satisfies Omit<ThrottledAnswer, 'error'>,
    });
    return fail(req, reply, refusal, `throttled&retry=${retryAfterSeconds}${step}`);
  }

  /**
   * Logs `username` in: clears the login's counted failures, ends the session the browser brought
   * and sets a new one (SESS-1: never an id the browser chose) with the `admin-key` cookie.
   */
  function logIn(
    req: FastifyRequest,
    reply: FastifyReply,
    username: string,
    attempt: LoginAttempt,
  ): void {
    loginSucceeded(db, attempt);
    deleteSession(db, req.cookies[SESSION_COOKIE]);
    const now = clock();
    purgeExpiredSessions(db, now);
    const sessionId = createSession(db, username, now, {
      userAgent: req.headers['user-agent'] ?? '',
      network: addressGroup(req.ip),
    });
    req.log.info({ username, ip: req.ip }, 'login');
    reply.setCookie(SESSION_COOKIE, sessionId, sessionCookie);
    reply.setCookie(ADMIN_KEY_COOKIE, crypto.randomBytes(16).toString('base64url'), adminKeyCookie);
  }

  const loginOptions = {
    permission: 'public' as const,
    bodyLimit: LOGIN_BODY_LIMIT_BYTES,
    config: { body: 'json-or-form' as const, cache: 'no-store' as const },
  };
  app.post(API.login, loginOptions, async (req, reply) => {
    const raw =
      typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? req.body : {};
    const parsed = LoginBody.safeParse(raw);
    if (!parsed.success) return fail(req, reply, schemaRefusal(parsed.error), 'invalid');
    const { username, password } = parsed.data;
    const verdict = startLoginAttempt(db, { username, ip: req.ip }, clock());
    if (!verdict.allowed) return throttled(req, reply, username, verdict.retryAfterSeconds, '');
    if (!(await verifyLogin(db, username, password, clock()))) {
      req.log.warn({ username, ip: req.ip }, 'login failed');
      return fail(req, reply, new ApiError(401, WRONG_CREDENTIALS), 'wrong');
    }
    const step = await twoStep.afterPassword(username);
    if (step.next === 'none') {
      logIn(req, reply, username, verdict.attempt);
      if (isFormPost(req)) return reply.code(303).header('location', AFTER_LOGIN_PATH).send();
      return reply.send({ ok: true } satisfies LoginAnswer);
    }
    // TOTP-4: the code's attempts are counted from here; a right password clears no earlier failure.
    loginStepPassed(db, verdict.attempt);
    reply.setCookie(LOGIN_STEP_COOKIE, step.challenge, loginStepCookie);
    req.log.info({ username, ip: req.ip }, 'login password right, code awaited');
    if (isFormPost(req)) {
      // A secret to scan needs the page's script; the code alone can be typed in the plain form.
      const next = step.next === 'code' ? 'step=code' : 'error=setup';
      return reply.code(303).header('location', `${LOGIN_PATH}?${next}`).send();
    }
    if (step.next === 'code') return reply.send({ ok: false, next: 'code' } satisfies LoginAnswer);
    return reply.send({ ok: false, next: 'setup', ...step.enrolment } satisfies LoginAnswer);
  });

  app.post(TWO_STEP_API.loginCode, loginOptions, async (req, reply) => {
    const raw = (
      typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? req.body : {}
    ) as Record<string, unknown>;
    const code = typeof raw.code === 'string' ? raw.code.trim() : '';
    if (code === '' || code.length > 40) {
      const missing = badRequest('code', 'is missing: type the 6 digits your app shows');
      return fail(req, reply, missing, 'code-missing&step=code');
    }
    const challenge = req.cookies[LOGIN_STEP_COOKIE];
    const username = twoStep.challengeAccount(challenge);
    if (!username || !challenge) {
      const expired = new ApiError(
        401,
        'This login waited too long. Enter your username and password again.',
        { field: 'login' },
      );
      return fail(req, reply, expired, 'expired');
    }
    const verdict = startLoginAttempt(db, { username, ip: req.ip }, clock());
    if (!verdict.allowed)
      return throttled(req, reply, username, verdict.retryAfterSeconds, '&step=code');
    const accepted = twoStep.answer(challenge, code);
    if (!accepted) {
      req.log.warn({ username, ip: req.ip }, 'login code refused');
      return fail(req, reply, new ApiError(401, WRONG_CODE, { field: 'code' }), 'code&step=code');
    }
    reply.clearCookie(LOGIN_STEP_COOKIE, loginStepCookie);
    logIn(req, reply, username, verdict.attempt);
    if (isFormPost(req)) return reply.code(303).header('location', AFTER_LOGIN_PATH).send();
    const { recoveryCodes, recoveryCodesLeft } = accepted;
    return reply.send({
      ok: true,
      ...(recoveryCodes ? { recoveryCodes } : {}),
      ...(recoveryCodesLeft !== undefined ? { recoveryCodesLeft } : {}),
    } satisfies LoginCodeAnswer);
  });

  app.post(
    API.logout,
    { permission: 'public', config: { cache: 'no-store' } },
    async (req, reply) => {
      deleteSession(db, req.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, sessionCookie);
      reply.clearCookie(ADMIN_KEY_COOKIE, adminKeyCookie);
      return reply.send({ ok: true } satisfies OkAnswer);
    },
  );

  app.get(
    API.session,
    { permission: 'account', config: { cache: 'no-store' } },
    async (req, reply) => {
      const role = req.role ?? 'owner';
      return reply.send({
        username: req.owner ?? '',
        role,
        permissions: PERMISSION_NAMES.filter((p) => roleMay(role, p)),
      } satisfies SessionAnswer);
    },
  );
}
