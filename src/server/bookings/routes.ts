/**
 * The bookings' HTTP calls (BOOK-1..BOOK-7):
 * - POST /api/bookings (public): a guest's request. Guarded like every write (guardWrites: same
 *   site, JSON only); at most `requestsPerHour` from one address (429); the hidden `website` field
 *   filled: 201 and nothing stored; else checked (400 naming the field, 409 for nights not free),
 *   stored with its quote and mails, then 201 `{ id, status, url }`.
 * - GET /api/bookings?status=open|upcoming|past|all and POST /api/bookings/{id}/{action}
 *   (accept, decline, paid, cancel): the owner's inbox, behind requireOwner.
 * - GET /booking/{id}/{token}: the guest's page, `noindex`, `no-store`, the site's 404 page for a
 *   wrong id or token; POST /booking/{id}/{token}/withdraw: the page's withdraw form (same-site
 *   only), 303 back to the page.
 * The token is in the path of the guest's page: those requests are logged with it replaced
 * (BOOK-5), and the page passes on no more than the site's origin as Referer.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { isCrossSite, requireOwner } from '../auth/guard.js';
import { takeRequestSlot } from '../auth/throttle.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import { publishedProperties } from '../publish/published-properties.js';
import { lastQuotableDate } from '../quote/routes.js';
import { CONTENT_SECURITY_POLICY } from '../routes/pages.js';
import { bookingPageHtml, guestView, type GuestPayments } from './page.js';
import { BOOKING_PAGE_SCRIPT, BOOKING_SCRIPT_PATH } from './page-script.js';
import { hashToken, upiPayee, type BookingService } from './service.js';
import { bookingByToken, listBookings, openCount } from './store.js';
import { guestGstView } from '../gst/store.js';
import {
  BOOKING_ACTIONS,
  BOOKING_FILTERS,
  BOOKING_PAGE,
  type BookingAction,
  type BookingActionResult,
  type BookingCreated,
  type BookingList,
} from '../../shared/bookings.js';
import { isCalendarDate, today } from '../../shared/calendar-dates.js';
import { LIMITS } from '../../shared/property-fields.js';
import { API } from '../../shared/routes.js';
import { ID_RE } from '../../shared/site-data.js';

const HOUR_MS = 60 * 60 * 1000;
/** Largest request body: the form's fields with a 2,000-character message fit many times over. */
const BODY_LIMIT_BYTES = 16 * 1024;
/** Longest guest name and message (BOOK-1), and owner message (BOOK-4). */
const MAX_NAME = 100;
const MAX_MESSAGE = 2000;

const BOOKING_ID_RE = /^[a-z2-9]{16}$/;
/** The company form's fields (GST-7), as its POST names a refused one. */
const COMPANY_FIELDS = ['legalName', 'gstin', 'address'] as const;
const TOKEN_RE = /^[A-Za-z0-9_-]{22}$/;

const date = (name: string) =>
  z
    .string({ error: `${name} must be a date written YYYY-MM-DD` })
    .refine(isCalendarDate, { error: `${name} must be a date written YYYY-MM-DD` });

const optionalText = (max: number, what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(max, { error: `${what} can be at most ${max} characters long` })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** The request body (BOOK-1). Unknown keys are ignored. */
const requestSchema = z.object({
  propertyId: z
    .string({ error: 'propertyId is missing' })
    .regex(ID_RE, { error: 'There is no property with this id.' }),
  checkIn: date('checkIn'),
  checkOut: date('checkOut'),
  guests: z
    .number({ error: `guests must be a whole number from 1 to ${LIMITS.guests}` })
    .int({ error: `guests must be a whole number from 1 to ${LIMITS.guests}` })
    .min(1, { error: `guests must be a whole number from 1 to ${LIMITS.guests}` })
    .max(LIMITS.guests, { error: `guests must be a whole number from 1 to ${LIMITS.guests}` }),
  name: z
    .string({ error: 'Give your name.' })
    .trim()
    .min(1, { error: 'Give your name.' })
    .max(MAX_NAME, { error: `The name can be at most ${MAX_NAME} characters long.` }),
  phone: z
    .string({ error: 'Give a phone number.' })
    .trim()
    .max(40, { error: 'This is not a phone number.' })
    .transform((value, ctx) => {
      // libphonenumber-js, India when no country code is given (BOOK-1); stored in E.164.
      const phone = parsePhoneNumberFromString(value, 'IN');
      if (!phone?.isValid()) {
        ctx.addIssue({
          code: 'custom',
          message:
            'This is not a phone number we can call: give it with its country code, e.g. +91 94480 12345.',
        });
        return z.NEVER;
      }
      return phone.number;
    }),
  email: z
    .union([z.literal(''), z.email({ error: 'This is not an e-mail address.' }).max(254)], {
      error: 'This is not an e-mail address.',
    })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  message: optionalText(MAX_MESSAGE, 'The message'),
});

const actionSchema = z.object({
  message: optionalText(MAX_MESSAGE, 'The message'),
  /** Cancel of a paid booking: the part of the advance returned, paise (GST-4). */
  refundPaise: z
    .number({ error: 'refundPaise must be a whole number of paise from 0' })
    .int({ error: 'refundPaise must be a whole number of paise from 0' })
    .min(0, { error: 'refundPaise must be a whole number of paise from 0' })
    .optional(),
});

/** The first problem of a zod parse as a 400 naming its field. */
function refusal(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  return badRequest(field, issue?.message ?? 'The request is not valid.');
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

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'x-robots-tag': 'noindex, nofollow',
  'cache-control': 'no-store',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  // The token is in the page's path: links and the withdraw form pass on the origin only. Not
  // no-referrer: a form posted under it carries `Origin: null`, which the same-site check refuses.
  'referrer-policy': 'strict-origin',
  'x-frame-options': 'DENY',
};

export async function bookingRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  service: BookingService,
  payments?: GuestPayments,
): Promise<void> {
  const owner = requireOwner(ctx.db, ctx.config.site);
  const properties = publishedProperties(ctx);
  const { site, bookings: settings } = ctx.config;

  // The withdraw form posts an empty urlencoded body; its fields are not read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  );

  app.post(API.bookings, { bodyLimit: BODY_LIMIT_BYTES }, async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    const wait = takeRequestSlot(
      ctx.db,
      { kind: 'booking', value: req.ip },
      settings.requestsPerHour,
      HOUR_MS,
      service.now(),
    );
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60);
      throw new ApiError(
        429,
        `Too many booking requests from this address; try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or call us.`,
        { extra: { retryAfter: wait }, headers: { 'retry-after': String(wait) } },
      );
    }
    const body = req.body as Record<string, unknown> | null;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest('body', 'Send the request as a JSON object.');
    }
    if (typeof body.website === 'string' && body.website.trim() !== '') {
      // BOOK-1: only a bot fills the field people never see. It is answered as a person would
      // be, so it learns nothing, and nothing is stored.
      req.log.info('booking request dropped: the hidden field was filled');
      const fake = service.pageUrl('x'.repeat(16), 'x'.repeat(22));
      return reply.code(201).send({ id: 'x'.repeat(16), status: 'requested', url: fake });
    }
    const parsed = requestSchema.safeParse(body);
    if (!parsed.success) throw refusal(parsed.error);
    const request = parsed.data;
    const property = properties().get(request.propertyId);
    if (!property) throw badRequest('propertyId', 'There is no property with this id.');
    const last = lastQuotableDate(service.now());
    if (request.checkOut > last) {
      throw badRequest('checkOut', `Requests can be made up to ${last}.`);
    }
    const { booking, token } = service.create(property, request);
    req.log.info({ bookingId: booking.id, propertyId: booking.propertyId }, 'booking requested');
    const created: BookingCreated = {
      id: booking.id,
      status: 'requested',
      url: service.pageUrl(booking.id, token),
    };
    return reply.code(201).send(created);
  });

  app.get<{ Querystring: { status?: string } }>(
    API.bookings,
    { onRequest: owner },
    async (req, reply): Promise<BookingList> => {
      const filter = req.query.status ?? 'all';
      if (!(BOOKING_FILTERS as readonly string[]).includes(filter)) {
        throw badRequest('status', `status must be one of ${BOOKING_FILTERS.join(', ')}.`);
      }
      void reply.header('cache-control', 'no-store');
      const rows = listBookings(
        ctx.db,
        filter as (typeof BOOKING_FILTERS)[number],
        today(service.now()),
      );
      return { bookings: service.ownerView(rows), openCount: openCount(ctx.db) };
    },
  );

  app.post<{ Params: { id: string; action: string } }>(
    API.bookingAction,
    { onRequest: owner, bodyLimit: BODY_LIMIT_BYTES },
    async (req, reply): Promise<BookingActionResult> => {
      const { id, action } = req.params;
      if (!(BOOKING_ACTIONS as readonly string[]).includes(action)) {
        throw notFound(
          'action',
          `There is no action "${action}": use ${BOOKING_ACTIONS.join(', ')}.`,
        );
      }
      const parsed = actionSchema.safeParse(req.body ?? {});
      if (!parsed.success) throw refusal(parsed.error);
      if (!BOOKING_ID_RE.test(id)) throw notFound('id', 'There is no booking with this id.');
      const { message, refundPaise } = parsed.data;
      const booking = service.act(id, action as BookingAction, message, {
        ...(refundPaise === undefined ? {} : { refundPaise }),
      });
      req.log.info({ bookingId: id, action }, 'booking changed by the owner');
      void reply.header('cache-control', 'no-store');
      return { booking: service.ownerView([booking])[0]! };
    },
  );

  /** The site's published 404 page, as the page server answers an unknown path. */
  function pageNotFound(reply: FastifyReply): FastifyReply {
    const dir = ctx.publisher.currentDir();
    const file = dir && path.join(dir, '404.html');
    void reply.code(404).headers(PAGE_HEADERS);
    if (!file || !fs.existsSync(file))
      return reply.type('text/plain; charset=utf-8').send('Not found');
    return reply.send(fs.readFileSync(file));
  }

  app.get(BOOKING_SCRIPT_PATH, async (_req, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .send(BOOKING_PAGE_SCRIPT),
  );

  type PageParams = { Params: { id: string; token: string } };

  /** The booking a page URL names, or undefined for a wrong id or token. */
  function bookingOf(req: FastifyRequest<PageParams>) {
    const { id, token } = req.params;
    if (!BOOKING_ID_RE.test(id) || !TOKEN_RE.test(token)) return undefined;
    return bookingByToken(ctx.db, id, hashToken(token));
  }

  const pageOptions = { logSerializers: { req: redactedRequest } };

  app.get<PageParams>(BOOKING_PAGE, pageOptions, async (req, reply) => {
    const booking = bookingOf(req);
    if (!booking) return pageNotFound(reply);
    const pagePath = `/booking/${req.params.id}/${req.params.token}`;
    const view = await guestView(
      booking,
      properties().get(booking.propertyId),
      site,
      upiPayee(ctx.config),
      pagePath,
      payments,
    );
    // GST-5, GST-7: the booking's documents and the company form, with what the form's POST said.
    const { notice, problem } = req.query as { notice?: string; problem?: string };
    const gst = guestGstView(
      ctx.db,
      booking.id,
      pagePath,
      ctx.config.gst !== undefined,
      COMPANY_FIELDS.find((field) => field === problem),
    );
    return reply.headers(PAGE_HEADERS).send(
      await bookingPageHtml({
        ...view,
        ...gst,
        ...(notice === 'company'
          ? { notice: 'Your company’s details are saved: the invoice will carry them.' }
          : {}),
      }),
    );
  });

  // PAY-2: "Pay the advance" (page and mail) leads here, then to the link current now.
  app.get<PageParams>(`${BOOKING_PAGE}/pay`, pageOptions, async (req, reply) => {
    const booking = bookingOf(req);
    if (!booking) return pageNotFound(reply);
    const link = payments?.guestPayment(booking)?.linkUrl;
    return reply
      .code(303)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'strict-origin')
      .header('location', link ?? `/booking/${req.params.id}/${req.params.token}`)
      .send();
  });

  // PAY-9: what the page's script watches while the advance is awaited.
  app.get<PageParams>(`${BOOKING_PAGE}/status`, pageOptions, async (req, reply) => {
    const booking = bookingOf(req);
    if (!booking) return pageNotFound(reply);
    return reply
      .header('cache-control', 'no-store')
      .send({ state: payments ? payments.watchState(booking) : booking.status });
  });

  app.post<PageParams>(
    `${BOOKING_PAGE}/withdraw`,
    { ...pageOptions, bodyLimit: 1024 },
    async (req, reply) => {
      if (isCrossSite(req, site)) {
        return reply
          .code(403)
          .headers(PAGE_HEADERS)
          .send(
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Refused</title></head>' +
              '<body><main><h1>Refused</h1><p>A request can be withdrawn from its own page only.</p></main></body></html>',
          );
      }
      const booking = bookingOf(req);
      if (!booking) return pageNotFound(reply);
      if (service.withdraw(booking)) {
        req.log.info({ bookingId: booking.id }, 'booking request withdrawn by the guest');
      }
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .header('location', `/booking/${req.params.id}/${req.params.token}`)
        .send();
    },
  );

  // Any other path under /booking/ may carry a token: the site's 404 page, logged without it.
  app.all('/booking/*', pageOptions, async (_req, reply) => pageNotFound(reply));
}
