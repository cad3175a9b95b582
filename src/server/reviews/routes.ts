/**
 * The reviews' HTTP calls (REV-1..REV-4; paths in src/shared/reviews.ts):
 * - the guest's page, GET and POST `/booking/{id}/{token}/review` (a plain urlencoded form, same
 *   site only) and POST `…/review/withdraw`: opened by the booking page's token (bookings/
 *   guest-link.ts), logged without it; a refused form comes back 400 with what was typed and the
 *   field named, a second review 409, a review after REVIEW_DAYS 410; a sent one 303 to the page;
 * - the owner's (behind their permissions, TEAM-1): GET /api/reviews, POST /api/reviews/{id}/publish, /hide
 *   `{ reason }` and /reply `{ text }`.
 * The log names ids only, never a guest's words.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ApiError, notFound } from '../errors.js';
import {
  GUEST_FORM_HEADERS,
  guestBooking,
  guestLinkRoute,
  type GuestLinkParams,
} from '../bookings/guest-link.js';
import type { Booking } from '../../shared/bookings.js';
import {
  GUEST_REVIEW_PAGE,
  GUEST_REVIEW_WITHDRAW,
  REVIEWS_API,
  defaultDisplayName,
  type OwnerReview,
  type ReviewList,
} from '../../shared/reviews.js';
import { REVIEW_PAGE_CSP, reviewPageHtml, type ReviewPageState, type ReviewStay } from './page.js';
import type { ReviewInput, ReviewService } from './service.js';
import { bookingPagePath } from '../../shared/bookings.js';

const REVIEW_ID_RE = /^[A-Za-z0-9_-]{16}$/;

export async function reviewRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  reviews: ReviewService,
): Promise<void> {
  app.get(REVIEWS_API.list, { permission: 'reviews' }, async (_req, reply): Promise<ReviewList> => {
    void reply.header('cache-control', 'no-store');
    return { reviews: reviews.list() };
  });

  type IdParams = { Params: { id: string } };
  const idOf = (req: FastifyRequest<IdParams>) => {
    if (!REVIEW_ID_RE.test(req.params.id)) throw notFound('id', 'There is no review with this id.');
    return req.params.id;
  };
  const body = (req: FastifyRequest) =>
    (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;

  app.post<IdParams>(
    REVIEWS_API.publish,
    { permission: 'reviews', bodyLimit: 1024 },
    async (req) => {
      const review = reviews.publishNow(idOf(req));
      req.log.info({ reviewId: review.id }, 'review published by the owner');
      return { review };
    },
  );

  app.post<IdParams>(REVIEWS_API.hide, { permission: 'reviews', bodyLimit: 1024 }, async (req) => {
    const review = reviews.hide(idOf(req), body(req).reason);
    req.log.info({ reviewId: review.id, reason: review.hideReason }, 'review hidden by the owner');
    return { review };
  });

  app.post<IdParams>(
    REVIEWS_API.reply,
    { permission: 'reviews', bodyLimit: 16 * 1024 },
    async (req) => {
      const review = reviews.reply(idOf(req), body(req).text);
      req.log.info({ reviewId: review.id }, 'review reply saved by the owner');
      return { review };
    },
  );

  type GuestParams = { Params: GuestLinkParams };
  const stayOf = (req: FastifyRequest<GuestParams>, b: Booking): ReviewStay => ({
    reference: b.reference,
    propertyName: b.propertyName,
    checkIn: b.checkIn,
    checkOut: b.checkOut,
    pagePath: bookingPagePath(req.params.id, req.params.token),
  });
  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .headers(GUEST_FORM_HEADERS)
      .header('content-security-policy', REVIEW_PAGE_CSP)
      .type('text/html; charset=utf-8')
      .send(html);

  /** The page's state for a booking as it stands: its review, or the form, or why it is closed. */
  const pageOf = (b: Booking): { status: number; state: ReviewPageState } => {
    const review: OwnerReview | undefined = reviews.ofBooking(b.id);
    if (review) return { status: 200, state: { review } };
    const w = reviews.window(b);
    if (!w.open) return { status: w.status === 410 ? 410 : 200, state: { closed: w.why } };
    return {
      status: 200,
      state: { closesOn: w.closesOn, typed: { displayName: defaultDisplayName(b.name ?? '') } },
    };
  };

  const guestLink = guestLinkRoute(ctx);
  app.get<GuestParams>(GUEST_REVIEW_PAGE, guestLink, async (req, reply) => {
    const b = guestBooking(req);
    const { status, state } = pageOf(b);
    return sendPage(reply, status, reviewPageHtml(stayOf(req, b), state));
  });

  const reviewForm = { ...guestLink, bodyLimit: 32 * 1024 };
  app.post<GuestParams>(GUEST_REVIEW_PAGE, reviewForm, async (req, reply) => {
    const b = guestBooking(req);
    const form = body(req);
    const typed: ReviewInput = {};
    for (const key of ['rating', 'text', 'displayName', 'consent'] as const)
      if (typeof form[key] === 'string') typed[key] = form[key];
    const stay = stayOf(req, b);
    try {
      const review = reviews.submit(b, typed);
      req.log.info({ bookingId: b.id, reviewId: review.id }, 'review received');
    } catch (err) {
      if (!(err instanceof ApiError) || !err.field) throw err;
      if (err.status === 400)
        return sendPage(
          reply,
          400,
          reviewPageHtml(stay, { typed, problem: { field: err.field, error: err.message } }),
        );
      const existing = reviews.ofBooking(b.id);
      return sendPage(
        reply,
        err.status,
        reviewPageHtml(stay, existing ? { review: existing } : { closed: err.message }),
      );
    }
    return reply
      .code(303)
      .header('cache-control', 'no-store')
      .header('location', `${stay.pagePath}/review`)
      .send();
  });

  app.post<GuestParams>(
    GUEST_REVIEW_WITHDRAW,
    { ...guestLink, bodyLimit: 1024 },
    async (req, reply) => {
      const b = guestBooking(req);
      if (reviews.withdraw(b)) req.log.info({ bookingId: b.id }, 'review withdrawn by the guest');
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .header('location', `${bookingPagePath(req.params.id, req.params.token)}/review`)
        .send();
    },
  );
}
