/**
 * The checks in front of every write (API-4, AUTH-5, HTTP-2): the request must come from this
 * site, carry exactly the content type its route takes and, for the owner's calls, a live owner
 * session. OWASP CSRF Prevention Cheat Sheet: Fetch Metadata (Sec-Fetch-Site) and the Origin
 * header are both verified; SameSite=Strict on the cookie is the second line. Refusals are
 * thrown as ApiError (errors.ts), before any body is read.
 */
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifySchema,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import type { SiteConfig } from '../config.js';
import { ApiError, isApiRequest, unsupportedType, type ApiRouteTable } from '../errors.js';
import type { Clock } from '../../shared/instants.js';
import type { Db } from '../store/db.js';
import { sendNotice, type Notice } from '../html.js';
import {
  PERMISSIONS,
  refusalOf,
  roleMay,
  type RouteAccess,
  type Role,
} from '../../shared/permissions.js';
import { LOGIN_PATH, PREVIEW_PREFIX } from '../../shared/routes.js';
import { ADMIN_KEY_COOKIE, findSessionAccount, SESSION_COOKIE, sessionCookies } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in account's username, set by guardPermissions (every route but `public`). */
    owner?: string;
    /** Its role (TEAM-1), set with `owner`. */
    role?: Role;
    /** The SHA-256 of its session id (TEAM-4: "this session"), set with `owner`. */
    sessionIdHash?: string;
  }
  // Same type parameters as Fastify's own declaration, so that the two merge.
  interface RouteShorthandOptions<
    /* eslint-disable @typescript-eslint/no-unused-vars */
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> =
      RawRequestDefaultExpression<RawServer>,
    RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    ContextConfig = ContextConfigDefault,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    /* eslint-enable @typescript-eslint/no-unused-vars */
  > {
    /**
     * What the route needs (TEAM-1): a permission of src/shared/permissions.ts, `account` (any
     * logged-in account) or `public`. Required under /api/ and on the owner's pages.
     */
    permission?: RouteAccess;
    /**
     * TEAM-7: what a successful answer of this route is recorded as in the access log ("register
     * CSV exported"): for reads of identity data and exports of guests' personal data.
     */
    logAccess?: string;
  }
  interface FastifyContextConfig {
    /** The route's access-log action (TEAM-7), copied from its `logAccess` option. */
    logAccess?: string;
    /** The route's permission (TEAM-1), copied from its `permission` option by declarePermission. */
    permission?: RouteAccess;
  }
}

/** What the guard needs to know of the site: its public address and whether it was set. */
export type SiteOrigin = Pick<SiteConfig, 'siteUrl' | 'siteUrlIsDefault'>;

/**
 * True when the request comes from another site: Sec-Fetch-Site says so, or the Origin header is
 * present and is not SITE_URL's origin (scheme, host and port). The Host header is not the site's
 * name behind a reverse proxy (nginx's proxy_pass sends the upstream's, OPS-5), so it is trusted
 * only while SITE_URL is unset: then `npm start` on 127.0.0.1 or a LAN address, where the browser's
 * Origin names the Host it used, is this site too. A request without Origin (curl, a form from an
 * old browser) is not cross-site; the SameSite=Strict cookie still guards it.
 */
export function isCrossSite(req: FastifyRequest, site: SiteOrigin): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return true;
  }
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return true; // "null" (a sandboxed frame, a redirect from elsewhere) and anything malformed.
  }
  if (url.origin === new URL(site.siteUrl).origin) return false;
  return !(site.siteUrlIsDefault && url.host === req.headers.host);
}

/** The 403 every cross-site request to the API gets (API-4, HTTP-2). */
function crossSiteRefusal(): ApiError {
  return new ApiError(403, 'cross-site request refused', { field: 'origin' });
}

/**
 * What a write route takes as its body (HTTP-2), set per route as `config: { body }`:
 * 'json' (the default, every write not marked otherwise), 'multipart' (the upload), or
 * 'json-or-form' (the login form, also submitted natively before its script has loaded).
 */
type WriteBody = 'json' | 'multipart' | 'json-or-form';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body a write route takes; 'json' when not set (HTTP-2). */
    body?: WriteBody;
  }
}

/**
 * The Content-Type spellings each kind of write accepts, exactly (HTTP-2). Anything else, odd
 * spellings of the right type included (" application/json", "APPLICATION/JSON;x"), is 415:
 * Fastify's own parser is lenient with those, and a lenient parser behind a strict check is how
 * a cross-site "simple" request (text/plain, a form) gets its body read as JSON
 * (GHSA-3fjj-p79j-c9hh).
 */
const ACCEPTED: Record<WriteBody, { re: RegExp; name: string }> = {
  json: { re: /^application\/json(?:; ?charset=utf-8)?$/i, name: 'application/json' },
  multipart: {
    re: /^multipart\/form-data; ?boundary=[^\s;]{1,200}$/,
    name: 'multipart/form-data',
  },
  'json-or-form': {
    re: /^(?:application\/json|application\/x-www-form-urlencoded)(?:; ?charset=utf-8)?$/i,
    name: 'application/json',
  },
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request carries a body (a length above 0, or a chunked one). */
function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The onRequest hook in front of every write to the API (API-4, HTTP-2), public writes
 * included, before any body is read: a cross-site request gets 403, a request to no route (any
 * method, any path) 404 or 405 (`routes.notFound`), and a body whose Content-Type is not exactly the route's
 * (`config.body`, JSON unless the route says otherwise) 415. A write without a body may leave
 * Content-Type out. The permission check (`guardPermissions`) runs after it.
 */
export function guardWrites(
  site: SiteOrigin,
  routes: Pick<ApiRouteTable, 'notFound'>,
): onRequestAsyncHookHandler {
  return async function writesGuard(req) {
    const write = !SAFE_METHODS.has(req.method) && isApiRequest(req);
    if (write && isCrossSite(req, site)) throw crossSiteRefusal();
    // Fastify reads the body of a request to no route before its not-found handler runs.
    if (req.is404) throw routes.notFound(req);
    if (!write) return;
    const type = req.headers['content-type'];
    if (type === undefined && !hasBody(req)) return;
    const accepted = ACCEPTED[req.routeOptions.config.body ?? 'json'];
    if (type === undefined || !accepted.re.test(type)) throw unsupportedType(accepted.name);
  };
}

/** What the permission guard reads: the database, the site's origin and the app's clock (TIME-5). */
interface PermissionGuardContext {
  db: Db;
  config: { site: SiteOrigin };
  clock: Clock;
}

/** True for the owner's pages outside /api/ (the revision preview): they must declare too. */
function isOwnerPage(url: string): boolean {
  return url.startsWith(`${PREVIEW_PREFIX}/`);
}

/** A route as declared: its method, its URL in Fastify's notation, and what it needs. */
export interface DeclaredRoute {
  method: string;
  url: string;
  /** undefined: a route outside /api/ and the owner's pages that declared nothing (a guest's page). */
  permission: RouteAccess | undefined;
}

/**
 * Every route's permission (TEAM-1). `add` is the onRoute hook that makes `permission` deny by
 * default: a route under /api/ or an owner's page that declares none (or an unknown one) is
 * refused with an Error, so the server does not start; a declared one is copied into the route's
 * `config`, where `guardPermissions` reads it. `list()` gives every route seen (the route test
 * enumerates them).
 */
export class RoutePermissions {
  private readonly routes: DeclaredRoute[] = [];

  readonly add = (route: RouteOptions): void => {
    const declared = (route as { permission?: RouteAccess }).permission;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const name = `${methods.join(',')} ${route.url}`;
    if (declared === undefined) {
      if (route.url.startsWith('/api/') || isOwnerPage(route.url)) {
        throw new Error(
          `${name} declares no permission: add permission: '<name>' (src/shared/permissions.ts), 'account' or 'public' to its options (TEAM-1)`,
        );
      }
    } else if (declared !== 'public' && declared !== 'account' && !(declared in PERMISSIONS)) {
      throw new Error(`${name} declares an unknown permission "${String(declared)}" (TEAM-1)`);
    } else {
      route.config = { ...route.config, permission: declared };
    }
    const logAccess = (route as { logAccess?: string }).logAccess;
    if (logAccess !== undefined) route.config = { ...route.config, logAccess };
    for (const method of methods)
      this.routes.push({ method, url: route.url, permission: declared });
  };

  /** Every route registered so far, HEAD routes included. */
  list(): readonly DeclaredRoute[] {
    return this.routes;
  }
}

/** Sends a refusal: JSON `{ error, field }` on the API, the notice page on an owner's page. */
function refuse(req: FastifyRequest, reply: FastifyReply, error: ApiError, page: Notice) {
  if (isApiRequest(req)) throw error;
  return sendNotice(reply, error.status, page);
}

/**
 * The onRequest hook in front of every route (TEAM-1): a route that declared a permission other
 * than `public` gets 403 when cross-site (the safe methods too: the spec's publish is a GET), 401
 * without a session live at `ctx.clock()` (SESS-3, TIME-5), 403 `{ error, field: 'permission' }`
 * naming in words what the account's role may not do; else it sets `req.owner` (the username)
 * and `req.role`. An owner's page gets the same refusals as a notice page.
 *
 * A session cookie that names no live session (it ended idle, by logout elsewhere, by a restore)
 * is cleared with the admin-key cookie in that 401 (DLG-2): the next page the browser opens is a
 * visitor's, with the visitor's light JavaScript, and the page's boot probe (GET /api/session,
 * boot/hydrate.tsx) reads the cleared cookie before it picks its screens. An admin-key cookie
 * without any session cookie (set by hand) is left alone: AUTH-5 shows it the tools, which fail.
 */
export function guardPermissions(ctx: PermissionGuardContext): onRequestAsyncHookHandler {
  const { db, clock } = ctx;
  const site = ctx.config.site;
  const cookies = sessionCookies(site.siteUrl.startsWith('https:'));
  return async function permissionGuard(req, reply) {
    const declared = req.routeOptions.config.permission;
    if (declared === undefined || declared === 'public') return;
    if (isCrossSite(req, site)) {
      return refuse(req, reply, crossSiteRefusal(), {
        title: 'Refused',
        text: 'This page opens only from this site.',
        link: { href: '/', label: 'Home' },
      });
    }
    const account = findSessionAccount(db, req.cookies[SESSION_COOKIE], clock());
    if (!account) {
      if (req.cookies[SESSION_COOKIE] !== undefined) {
        reply.clearCookie(SESSION_COOKIE, cookies.session);
        reply.clearCookie(ADMIN_KEY_COOKIE, cookies.adminKey);
      }
      return refuse(req, reply, new ApiError(401, 'log in first', { field: 'session' }), {
        title: 'Log in first',
        text: 'Log in to see this page.',
        link: { href: LOGIN_PATH, label: 'Log in' },
      });
    }
    if (declared !== 'account' && !roleMay(account.role, declared)) {
      const message = refusalOf(account.role, declared);
      return refuse(req, reply, new ApiError(403, message, { field: 'permission' }), {
        title: 'Not for your role',
        text: message,
        link: { href: '/', label: 'Home' },
      });
    }
    req.owner = account.username;
    req.role = account.role;
    req.sessionIdHash = account.idHash;
  };
}
