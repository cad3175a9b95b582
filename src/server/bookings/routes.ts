/**
 * The bookings' HTTP calls (BOOK-1..BOOK-7):
 * - POST /api/bookings (public): a guest's request. Guarded like every write (guardWrites: same
 *   site, JSON only); 429 past `requestsPerHour` stored requests or REFUSED_PER_HOUR refused ones
 *   from one address (an IPv6 /64; BOOK-3, LIMIT-1, LIMIT-2); the hidden `website` field filled:
 *   201 and nothing stored; else checked (400 naming the field, 409 for nights not free), stored
 *   with its quote and mails, then 201 `{ id, status, url }`.
 * - GET /api/bookings?status=open|upcoming|past|all&limit=&cursor= (one page of the list, PERF-12)
 *   and POST /api/bookings/{id}/{action} (accept, decline, paid, cancel): the owner's inbox,
 *   behind their permissions (TEAM-1).
 * - GET /booking/{id}/{token}: the guest's page, `noindex`, `no-store`, the site's 404 page for a
 *   wrong id or token; POST /booking/{id}/{token}/withdraw: the page's withdraw form (same-site
 *   only), 303 back to the page.
 * The token is in the path of the guest's page: those requests are logged with it replaced
 * (BOOK-5), and the page passes on no more than the site's origin as Referer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { addressGroup, countRequest, requestWait } from '../auth/throttle.js';
import { ApiError, badRequest, notFound, schemaRefusal } from '../errors.js';
import { refusalOf, roleMay } from '../../shared/permissions.js';
import { publishedProperties } from '../publish/published-properties.js';
import { GUEST_PAGE_HEADERS, guestPageRenderer, type GuestPayments } from './page.js';
import { securityHeaders, sendNotFoundPage } from '../html.js';
import { BOOKING_PAGE_SCRIPT, BOOKING_SCRIPT_PATH } from './page-script.js';
import { BOOKING_ID_RE, GUEST_LINK_ROUTE, guestBooking, guestLinkRoute } from './guest-link.js';
import type { BookingService, ValidRequest } from './service.js';
import { countBookings, getBooking, listBookings, openCount, type ListPosition } from './store.js';
import {
  BOOKING_ACTIONS,
  BOOKING_FILTERS,
  BOOKING_PAGE,
  BOOKINGS_LIMIT_DEFAULT,
  BOOKINGS_LIMIT_MAX,
  type BookingAction,
  type BookingActionResult,
  type BookingCreated,
  type BookingFilter,
  type BookingList,
  type BookingTaken,
  bookingPagePath,
} from '../../shared/bookings.js';
import { today } from '../../shared/calendar-dates.js';
import { API } from '../../shared/routes.js';
import { readPhone } from '../../shared/phone.js';
import { contactProblems, stayProblems } from '../../shared/stay-request.js';
import { HOUR_MS } from '../../shared/instants.js';
import type { Property } from '../../shared/site-data.js';
import { formatCount } from '../../shared/money.js';

/** What the hourly limits count (request_attempts.kind): stored requests (BOOK-3), refused ones. */
const STORED = 'booking';
const REFUSED = 'booking-refused';
/**
 * Refused requests (400, 409) one client may send an hour (LIMIT-1): looser than the limit on
 * stored ones, so a guest can correct a typo, yet a bound on a script trying phone numbers.
 */
const REFUSED_PER_HOUR = 30;
/** Largest request body: the form's fields with the longest message fit many times over. */
const BODY_LIMIT_BYTES = 16 * 1024;
/** Longest owner message to a guest (BOOK-4). */
const MAX_OWNER_MESSAGE = 2000;

/**
 * The `limit` of a page of the owner's list (PERF-12): a whole number from 1 to
 * BOOKINGS_LIMIT_MAX, BOOKINGS_LIMIT_DEFAULT when absent; anything else is a 400 naming `limit`.
 */
function readLimit(text: string | undefined): number {
  if (text === undefined) return BOOKINGS_LIMIT_DEFAULT;
  const n = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= BOOKINGS_LIMIT_MAX)) {
    throw badRequest('limit', `limit must be a whole number from 1 to ${BOOKINGS_LIMIT_MAX}.`);
  }
  return n;
}

/** A request time as the bookings table stores it (`Date.toISOString()`). */
const ISO_INSTANT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The `cursor` of the page after `last` (PERF-12): its request time and id, base64url of a JSON
 * pair. Opaque to the client; it names a place in the order, not a row number, so requests that
 * arrive meanwhile (newer, listed before it) do not shift the next page.
 */
function cursorOf(last: { createdAt: number; id: string }): string {
  return Buffer.from(JSON.stringify([new Date(last.createdAt).toISOString(), last.id])).toString(
    'base64url',
  );
}

/** The place a `cursor` names (cursorOf); a 400 naming `cursor` for anything this server did not write. */
function readCursor(text: string): ListPosition {
  let pair: unknown;
  try {
    pair = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    pair = undefined;
  }
  if (
    !Array.isArray(pair) ||
    pair.length !== 2 ||
    typeof pair[0] !== 'string' ||
    typeof pair[1] !== 'string' ||
    !ISO_INSTANT_RE.test(pair[0]) ||
    !BOOKING_ID_RE.test(pair[1])
  ) {
    throw badRequest('cursor', 'cursor is not one this list gave: load the list from its start.');
  }
  return { createdAt: pair[0], id: pair[1] };
}

const optionalText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, {
      error: `can be at most ${formatCount(max)} characters long`,
    })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

const text = z.string({ error: 'must be text' });

/**
 * The request body's shape (BOOK-1): which fields are text and which a number. What they may hold
 * is the stay contract's to say (STAY-1, shared/stay-request.ts). Unknown keys are ignored.
 */
const requestSchema = z.object({
  propertyId: z.string({ error: 'is missing' }),
  checkIn: text,
  checkOut: text,
  guests: z.number({ error: 'must be a number' }),
  name: text,
  phone: text,
  email: text.optional(),
  message: text.optional(),
});

const actionSchema = z.object({
  message: optionalText(MAX_OWNER_MESSAGE),
  /** Cancel of a paid booking: the part of the advance returned, paise (GST-4). */
  refundPaise: z
    .number({ error: 'refundPaise must be a whole number of paise from 0' })
    .int({ error: 'refundPaise must be a whole number of paise from 0' })
    .min(0, { error: 'refundPaise must be a whole number of paise from 0' })
    .optional(),
});

export async function bookingRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  service: BookingService,
  /** The guest page's payment part; `sendRefunds` sends the refunds a cancel asked (PAY-13). */
  payments?: GuestPayments & { sendRefunds?(): Promise<void> },
): Promise<void> {
  const properties = publishedProperties(ctx);
  const renderPage = guestPageRenderer(ctx, payments, service.now, (b) => service.moneyOne(b));
  const { bookings: settings } = ctx.config;

  const noStore = { cache: 'no-store' as const };

  app.post(
    API.bookings,
    { permission: 'public', bodyLimit: BODY_LIMIT_BYTES, config: noStore },
    async (req, reply) => {
      const client = addressGroup(req.ip);
      const limits = [
        { kind: STORED, limit: settings.requestsPerHour },
        { kind: REFUSED, limit: REFUSED_PER_HOUR },
      ];
      const wait = requestWait(ctx.db, client, limits, HOUR_MS, service.now());
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60);
        throw new ApiError(
          429,
          `Too many booking requests from this address; try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or call us.`,
          { extra: { retryAfter: wait }, headers: { 'retry-after': String(wait) } },
        );
      }
      // From the wait above to the count below nothing awaits: requests from one client are
      // counted one after the other, so a burst cannot all slip under the limit (BOOK-3).
      let created: BookingCreated;
      try {
        created = createBooking(req);
      } catch (err) {
        // LIMIT-1: a refusal the guest can correct counts against the looser cap only.
        if (err instanceof ApiError && (err.status === 400 || err.status === 409)) {
          countRequest(ctx.db, REFUSED, client, service.now());
        }
        throw err;
      }
      countRequest(ctx.db, STORED, client, service.now());
      return reply.code(201).send(created);
    },
  );

  /** Checks and stores a guest's request (BOOK-1, BOOK-2); throws ApiError 400 or 409 when it cannot. */
  function createBooking(req: FastifyRequest): BookingCreated {
    const body = req.body as Record<string, unknown> | null;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest('body', 'Send the request as a JSON object.');
    }
    if (typeof body.website === 'string' && body.website.trim() !== '') {
      // BOOK-1: only a bot fills the field people never see. It is answered as a person would
      // be (and counted as a stored request), so it learns nothing, and nothing is stored.
      req.log.info('booking request dropped: the hidden field was filled');
      const fake = service.pageUrl('x'.repeat(16), 'x'.repeat(22));
      return { id: 'x'.repeat(16), status: 'requested', url: fake };
    }
    const { property, request } = validRequest(body);
    const { booking, token } = service.create(property, request);
    req.log.info({ bookingId: booking.id, propertyId: booking.propertyId }, 'booking requested');
    return { id: booking.id, status: 'requested', url: service.pageUrl(booking.id, token) };
  }

  /**
   * A request's body as the stay contract reads it (STAY-1), for a guest's request and for one the
   * owner took (DAY-12) alike: the property it names, published, and the checked request; throws
   * ApiError 400 naming the field otherwise.
   */
  function validRequest(body: unknown): { property: Property; request: ValidRequest } {
    const parsed = requestSchema.safeParse(body);
    if (!parsed.success) throw schemaRefusal(parsed.error);
    const asked = parsed.data;
    const property = properties().get(asked.propertyId);
    if (!property) throw badRequest('propertyId', 'There is no property with this id.');
    // STAY-1: the stay, then the contact details, as the dialog checks them, in its words.
    const problem =
      stayProblems(property, asked, { today: today(service.now()) })[0] ??
      contactProblems(asked, readPhone)[0];
    if (problem) throw badRequest(problem.field, problem.error);
    const email = asked.email?.trim();
    const message = asked.message?.trim();
    const request: ValidRequest = {
      propertyId: property.id,
      checkIn: asked.checkIn,
      checkOut: asked.checkOut,
      guests: asked.guests,
      name: asked.name.trim(),
      phone: readPhone(asked.phone.trim())!,
      ...(email ? { email } : {}),
      ...(message ? { message } : {}),
    };
    return { property, request };
  }

  app.post(
    API.bookingTaken,
    { permission: 'bookings', bodyLimit: BODY_LIMIT_BYTES, config: noStore },
    async (req, reply) => {
      const { property, request } = validRequest(req.body ?? {});
      const { booking, token } = await service.takeByOwner(property, request, req.owner ?? 'owner');
      req.log.info(
        { bookingId: booking.id, propertyId: booking.propertyId },
        'booking taken by the owner',
      );
      const taken: BookingTaken = {
        id: booking.id,
        reference: booking.reference,
        status: 'accepted',
        url: service.pageUrl(booking.id, token),
      };
      return reply.code(201).send(taken);
    },
  );

  app.get<{ Querystring: { status?: string; limit?: string; cursor?: string } }>(
    API.bookings,
    { permission: 'bookingsList', config: noStore },
    async (req): Promise<BookingList> => {
      const filter = req.query.status ?? 'all';
      if (!(BOOKING_FILTERS as readonly string[]).includes(filter)) {
        throw badRequest('status', `status must be one of ${BOOKING_FILTERS.join(', ')}.`);
      }
      const limit = readLimit(req.query.limit);
      const after = req.query.cursor === undefined ? undefined : readCursor(req.query.cursor);
      const day = today(service.now());
      const f = filter as BookingFilter;
      // One more than the page: whether a next page exists, without a second query.
      const rows = listBookings(ctx.db, f, day, { limit: limit + 1, after });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        bookings: service.ownerView(page),
        openCount: openCount(ctx.db),
        total: countBookings(ctx.db, f, day),
        ...(rows.length > limit && last ? { nextCursor: cursorOf(last) } : {}),
      };
    },
  );

  app.post<{ Params: { id: string; action: string } }>(
    API.bookingAction,
    { permission: 'bookings', bodyLimit: BODY_LIMIT_BYTES, config: noStore },
    async (req): Promise<BookingActionResult> => {
      const { id, action } = req.params;
      if (!(BOOKING_ACTIONS as readonly string[]).includes(action)) {
        throw notFound(
          'action',
          `There is no action "${action}": use ${BOOKING_ACTIONS.join(', ')}.`,
        );
      }
      const parsed = actionSchema.safeParse(req.body ?? {});
      if (!parsed.success) throw schemaRefusal(parsed.error);
      if (!BOOKING_ID_RE.test(id)) throw notFound('id', 'There is no booking with this id.');
      const { message, refundPaise } = parsed.data;
      if (refundPaise !== undefined && action !== 'cancel') {
        throw badRequest('refundPaise', 'refundPaise goes with a cancel only.');
      }
      // TEAM-1: a cancel that refunds is the `money` permission's, beyond this route's `bookings`.
      const role = req.role ?? 'owner';
      if (refundPaise !== undefined && refundPaise > 0 && !roleMay(role, 'money')) {
        throw new ApiError(403, refusalOf(role, 'money'), { field: 'refundPaise' });
      }
      let booking = await service.actInTurn(id, action as BookingAction, message, {
        ...(refundPaise === undefined ? {} : { refundPaise }),
        actor: req.owner ?? 'owner',
      });
      req.log.info({ bookingId: id, action }, 'booking changed by the owner');
      // PAY-13: a cancel's refund through Razorpay is asked before answering, so the card tells it.
      if (action === 'cancel' && (refundPaise ?? 0) > 0 && payments?.sendRefunds) {
        await payments.sendRefunds();
        booking = getBooking(ctx.db, id) ?? booking;
      }
      return { booking: service.ownerView([booking])[0]! };
    },
  );

  /** The site's published 404 page, as the page server answers an unknown path (HTML-5). */
  const pageNotFound = (reply: FastifyReply) => sendNotFoundPage(reply, ctx.publisher);

  app.get(BOOKING_SCRIPT_PATH, { config: { cache: 'public, max-age=300' } }, async (_req, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .headers(securityHeaders())
      .send(BOOKING_PAGE_SCRIPT),
  );

  type PageParams = { Params: { id: string; token: string } };

  const pageOptions = guestLinkRoute(ctx);

  app.get<PageParams>(BOOKING_PAGE, pageOptions, async (req, reply) => {
    const booking = guestBooking(req);
    const pagePath = bookingPagePath(req.params.id, req.params.token);
    // GST-7: what the company form's POST said, when it was saved.
    const { notice } = req.query as { notice?: string };
    return reply.headers(GUEST_PAGE_HEADERS).send(
      await renderPage(booking, pagePath, {
        ...(notice === 'company'
          ? { notice: 'Your company’s details are saved: the invoice will carry them.' }
          : {}),
      }),
    );
  });

  // PAY-2: "Pay the advance" (page and mail) leads here, then to the link current now.
  app.get<PageParams>(`${BOOKING_PAGE}/pay`, pageOptions, async (req, reply) => {
    const booking = guestBooking(req);
    const link = payments?.guestPayment(booking)?.linkUrl;
    return reply
      .code(303)
      .header('referrer-policy', 'strict-origin')
      .header('location', link ?? bookingPagePath(req.params.id, req.params.token))
      .send();
  });

  // PAY-9: what the page's script watches while the advance is awaited.
  app.get<PageParams>(`${BOOKING_PAGE}/status`, pageOptions, async (req, reply) => {
    const booking = guestBooking(req);
    return reply.send({ state: payments ? payments.watchState(booking) : booking.status });
  });

  app.post<PageParams>(
    `${BOOKING_PAGE}/withdraw`,
    { ...pageOptions, bodyLimit: 1024 },
    async (req, reply) => {
      const booking = guestBooking(req);
      if (service.withdraw(booking)) {
        req.log.info({ bookingId: booking.id }, 'booking request withdrawn by the guest');
      }
      return reply
        .code(303)
        .header('location', bookingPagePath(req.params.id, req.params.token))
        .send();
    },
  );

  // Any other path under /booking/ may carry a token: the site's 404 page, logged without it.
  app.all('/booking/*', GUEST_LINK_ROUTE, async (_req, reply) => pageNotFound(reply));
}
