/**
 * The one check in front of every write (issue 3, issue 4): the request must come from this site
 * and carry a live owner session. OWASP CSRF Prevention Cheat Sheet: Fetch Metadata
 * (Sec-Fetch-Site) and the Origin header are both verified; SameSite=Strict on the cookie is the
 * second line.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { SiteConfig } from '../config.js';
import type { Db } from '../store/db.js';
import { findSession, SESSION_COOKIE } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The owner's username, set by requireOwner. */
    owner?: string;
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

/** Sends 403 for a cross-site request; returns true when it did. */
export function refuseCrossSite(
  req: FastifyRequest,
  reply: FastifyReply,
  site: SiteOrigin,
): boolean {
  if (!isCrossSite(req, site)) return false;
  void reply.code(403).send({ error: 'cross-site request refused', field: 'origin' });
  return true;
}

/**
 * A preHandler for every write route: 403 when cross-site, 401 without a live session, else sets
 * `req.owner` and lets the route run.
 */
export function requireOwner(db: Db, site: SiteOrigin): preHandlerAsyncHookHandler {
  return async function ownerOnly(req, reply) {
    if (refuseCrossSite(req, reply, site)) return reply;
    const owner = findSession(db, req.cookies[SESSION_COOKIE]);
    if (!owner) {
      return reply.code(401).send({ error: 'log in as the owner first', field: 'session' });
    }
    req.owner = owner;
  };
}
