/**
 * The guest's link, `/booking/{id}/{token}` and the pages under it (BOOK-5, BOOK-7): the one check
 * of its id and token, as a route-level `preHandler` (`guestLinkRoute`), and the log form of its
 * requests with the token replaced. The booking page, the GST documents, the register's form, the
 * review form and the privacy request all declare it; their handlers read `guestBooking(req)`.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../store/db.js';
import { hashToken } from './service.js';
import { bookingByToken } from './store.js';
import { isCrossSite, type SiteOrigin } from '../auth/guard.js';
import { securityHeaders, sendNotFoundPage, sendNotice, type PublishedPages } from '../html.js';
import { HOME_PATH } from '../../shared/routes.js';
import type { Booking } from '../../shared/bookings.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The booking a guest link names, set by `guestLinkRoute`'s check before the handler. */
    guestBooking?: Booking;
  }
}

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
function bookingOfLink(db: Db, { id, token }: GuestLinkParams): Booking | undefined {
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

/** What the guest-link check needs of the app: the database, the site's origin, its 404 page. */
export interface GuestLinkContext {
  db: Db;
  config: { site: SiteOrigin };
  publisher: PublishedPages;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Route options of a page under the guest's link (BOOK-5): logged without its token, never stored
 * (HTML-2), and checked before its handler by one `preHandler`. A write sent from another site is
 * refused 403 with a notice page (the SameSite cookie does not guard a link: its token is the
 * key); a wrong id or token answers the site's 404 page, or `notFound` when the route gives one
 * (a route that also answers JSON). Otherwise `guestBooking(req)` is the booking.
 */
export function guestLinkRoute(
  ctx: GuestLinkContext,
  notFound: (reply: FastifyReply) => unknown = (reply) => sendNotFoundPage(reply, ctx.publisher),
) {
  const checkLink: preHandlerAsyncHookHandler = async (req, reply) => {
    if (!SAFE_METHODS.has(req.method) && isCrossSite(req, ctx.config.site)) {
      return sendNotice(
        reply,
        403,
        {
          title: 'Refused',
          text: 'Send the form from its own page.',
          link: { href: HOME_PATH, label: 'Home' },
        },
        'strict-origin',
      );
    }
    const booking = bookingOfLink(ctx.db, req.params as GuestLinkParams);
    if (!booking) {
      await notFound(reply);
      return reply;
    }
    req.guestBooking = booking;
  };
  return { ...GUEST_LINK_ROUTE, preHandler: checkLink };
}

/** The booking `guestLinkRoute`'s check found; throws on a route that does not declare it. */
export function guestBooking(req: FastifyRequest): Booking {
  if (!req.guestBooking) throw new Error(`${req.routeOptions.url} does not check the guest link`);
  return req.guestBooking;
}
