/**
 * The guest's link, `/booking/{id}/{token}` and the pages under it (BOOK-5, BOOK-7): the one check
 * of its id and token, and the log form of its requests with the token replaced. The booking
 * page, the GST documents, the register's form and the review form all open with it.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../store/db.js';
import { hashToken } from './service.js';
import { bookingByToken } from './store.js';
import { securityHeaders } from '../html.js';
import type { Booking } from '../../shared/bookings.js';

/** A booking's id: 16 characters of the reference alphabet. */
export const BOOKING_ID_RE = /^[a-z2-9]{16}$/;
const TOKEN_RE = /^[A-Za-z0-9_-]{22}$/;

/**
 * Headers of a server-rendered page under the guest's link (the register's and review's forms, GST
 * documents): never indexed, never framed, passing on no more than the origin (HTML-1); never
 * stored, as GUEST_LINK_ROUTE declares.
 */
export const GUEST_FORM_HEADERS = securityHeaders({ referrer: 'strict-origin', noindex: true });

/** The route params of a page under the guest's link. */
export interface GuestLinkParams {
  id: string;
  token: string;
}

/** The booking `id` names when `token` is one of its page tokens; undefined otherwise (BOOK-5). */
export function bookingOfLink(db: Db, { id, token }: GuestLinkParams): Booking | undefined {
  if (!BOOKING_ID_RE.test(id) || !TOKEN_RE.test(token)) return undefined;
  return bookingByToken(db, id, hashToken(token));
}

/** A request's log form with the page token replaced (BOOK-5). */
function redactedRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: req.url.replace(/^(\/booking\/[^/?#]*\/)[^/?#]*/s, '$1[token]'),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Route options of every page under the guest's link: its requests are logged without the token,
 * and its answers are never stored by a cache (HTML-2).
 */
export const GUEST_LINK_ROUTE = {
  logSerializers: { req: redactedRequest },
  config: { cache: 'no-store' as const },
};
