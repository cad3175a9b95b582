/**
 * The one check in front of every write (issue 3, issue 4): the request must come from this site
 * and carry a live owner session. OWASP CSRF Prevention Cheat Sheet: Fetch Metadata
 * (Sec-Fetch-Site) and the Origin header are both verified; SameSite=Strict on the cookie is the
 * second line.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../store/db.js';
import { findSession, SESSION_COOKIE } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The owner's username, set by requireOwner. */
    owner?: string;
  }
}

/** True when the request comes from another site (Fetch Metadata or Origin says so). */
function isCrossSite(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    try {
      if (new URL(origin).host !== req.headers.host) return true;
    } catch {
      return true;
    }
  } else if (origin === 'null') {
    return true;
  }
  return false;
}

/** Sends 403 for a cross-site request; returns true when it did. */
export function refuseCrossSite(req: FastifyRequest, reply: FastifyReply): boolean {
  if (!isCrossSite(req)) return false;
  void reply.code(403).send({ error: 'cross-site request refused', field: 'origin' });
  return true;
}

/**
 * A preHandler for every write route: 403 when cross-site, 401 without a live session, else sets
 * `req.owner` and lets the route run.
 */
export function requireOwner(db: Db): preHandlerAsyncHookHandler {
  return async function ownerOnly(req, reply) {
    if (refuseCrossSite(req, reply)) return reply;
    const owner = findSession(db, req.cookies[SESSION_COOKIE]);
    if (!owner) {
      return reply.code(401).send({ error: 'log in as the owner first', field: 'session' });
    }
    req.owner = owner;
  };
}
