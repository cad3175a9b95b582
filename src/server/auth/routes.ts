/**
 * Login, logout and the session probe (AUTH-1..AUTH-4; the spec leaves login "not shown").
 *
 * - `POST /api/login` `{ username, password }` as JSON (the login form's fetch) or as a form body
 *   (the same form submitted natively before its script has loaded). JSON answers: 200 `{ ok: true }`,
 *   400 `{ error, field }`, 401 `{ error }` (one message whether the username or the password was
 *   wrong: OWASP Authentication Cheat Sheet), 403 cross-site, 429 `{ error, retryAfter }` with
 *   `Retry-After` (throttle.ts; counted per address, an IPv6 client per /64: AUTH-6). A form body gets a 303 to `/` or back to
 *   `/adminlogin?error={invalid|wrong|throttled&retry=N}` instead, so the browser never shows JSON.
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
import { API, HOME_PATH, LOGIN_PATH } from '../../shared/routes.js';
import type { AppContext } from '../context.js';
import { verifyLogin } from '../auth/accounts.js';
import { MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH } from '../auth/credential-rules.js';
import { ApiError, schemaRefusal } from '../errors.js';
import {
  ADMIN_KEY_COOKIE,
  createSession,
  deleteSession,
  purgeExpiredSessions,
  SESSION_COOKIE,
  SESSION_ABSOLUTE_MS,
} from '../auth/sessions.js';
import { addressGroup, loginSucceeded, startLoginAttempt } from '../auth/throttle.js';

/** A username and a password fit in far less; anything bigger is refused with 413 before parsing. */
const LOGIN_BODY_LIMIT_BYTES = 16 * 1024;

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

function isFormPost(req: FastifyRequest): boolean {
  return (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, clock } = ctx;
  const secure = ctx.config.site.siteUrl.startsWith('https:');
  const sessionCookie: CookieSerializeOptions = {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  };
  // ADMIN-1, AUTH-5: readable by the page, it only switches the admin UI on; the server never trusts it.
  const adminKeyCookie: CookieSerializeOptions = { ...sessionCookie, httpOnly: false };

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: LOGIN_BODY_LIMIT_BYTES },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** A form post goes back to the login page with `code`; a JSON call gets `error` thrown. */
  function fail(req: FastifyRequest, reply: FastifyReply, error: ApiError, code: string) {
    if (isFormPost(req))
      return reply.code(303).header('location', `${LOGIN_PATH}?error=${code}`).send();
    throw error;
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
    if (!verdict.allowed) {
      req.log.warn({ username, ip: req.ip }, 'login throttled');
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      const throttled = new ApiError(429, throttledMessage(verdict.retryAfterSeconds), {
        extra: { retryAfter: verdict.retryAfterSeconds } satisfies Omit<ThrottledAnswer, 'error'>,
      });
      return fail(req, reply, throttled, `throttled&retry=${verdict.retryAfterSeconds}`);
    }
    if (!(await verifyLogin(db, username, password, clock()))) {
      req.log.warn({ username, ip: req.ip }, 'login failed');
      return fail(req, reply, new ApiError(401, WRONG_CREDENTIALS), 'wrong');
    }
    loginSucceeded(db, verdict.attempt);
    // SESS-1: the session a browser brought (planted by someone else, or an old one) ends here; the
    // login always gets a new id.
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
    if (isFormPost(req)) return reply.code(303).header('location', HOME_PATH).send();
    return reply.send({ ok: true } satisfies OkAnswer);
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
