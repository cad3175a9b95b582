/**
 * The privacy desk's HTTP calls (PRIV-4, PRIV-7):
 * - POST /api/privacy/requests (public; same site, JSON or the privacy page's plain form; limited
 *   per address like booking requests, BOOK-3) → 202 always: JSON `{ status: "received" }`, or
 *   for the form a page saying a link was mailed if a booking holds the address.
 * - GET /privacy/open/{token}: the one-time link (48 hours) opens the request, once.
 * - POST /booking/{id}/{token}/privacy: the booking page's form; the token proves the address, so
 *   the request opens at once (the token is redacted in logs, BOOK-5).
 * - GET /privacy/summary/{token} and /privacy/summary/{token}/data.json: a summary sent (7 days).
 * - Owner, behind the `privacy` permission (TEAM-1): GET /api/privacy/requests, POST /api/privacy/requests/{id}/answer,
 *   GET and POST /api/privacy/breaches, POST /api/privacy/breaches/{id}/tell-guests,
 *   POST /api/privacy/breaches/{id}/board-told `{ stage: "first"|"report", at }` (PRIV-11),
 *   GET /api/privacy/breaches/{id}/board-report.txt.
 * This module is the desk's edge for instants (decision 062, SHAPE-8): the owner's times arrive as
 * ISO 8601 with their offset and are read here into Unix ms; the service's views leave as ISO 8601.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { addressGroup, countRequest, requestWait } from '../auth/throttle.js';
import { ApiError, badRequest, schemaRefusal } from '../errors.js';
import { escapeHtml as e, pageCsp, pageHtml, securityHeaders, sendNotice } from '../html.js';
import { guestBooking, guestLinkRoute, type GuestLinkParams } from '../bookings/guest-link.js';
import { formatInstant, HOUR_MS } from '../../shared/instants.js';
import { isFormPost } from '../form-body.js';
import { BOOKING_PAGE, bookingPagePath } from '../../shared/bookings.js';
import {
  ANSWER_ACTIONS,
  BOARD_STAGES,
  PRIVACY_API,
  REQUEST_KINDS,
  type AnswerResult,
  type BreachBody,
  type BreachList,
  type BreachView,
  type PrivacyRequestList,
  type PrivacyRequestView,
} from '../../shared/privacy.js';
import { PRIVACY_PATH } from '../../shared/privacy-notice.js';
import type { Answered, BreachInput, BreachState, PrivacyService, RequestView } from './service.js';
import { summarySections } from './summary-page.js';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * An instant the owner's screen sends (SHAPE-8): ISO 8601 with its offset, `Z` or `±hh:mm` (the
 * desk sends `toISOString()`), read into Unix ms. Text without an offset is refused: its zone
 * would be the server machine's.
 */
const instantSchema = (error: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.datetime({ offset: true, precision: -1 })], {
      error,
    })
    .transform((text) => Date.parse(text));

/** A request as answered: its instants ISO 8601, the keys in the order the API always gave. */
function requestAnswer(v: RequestView): PrivacyRequestView {
  const { answeredAt, answer, ...rest } = v;
  return {
    ...rest,
    receivedAt: iso(v.receivedAt),
    dueAt: iso(v.dueAt),
    ...(answeredAt === undefined ? {} : { answeredAt: iso(answeredAt) }),
    ...(answer === undefined ? {} : { answer }),
  };
}

/** A breach as answered: its instants ISO 8601, the keys in the order the API always gave. */
function breachAnswer(b: BreachState): BreachView {
  const { guestsToldAt, boardIntimatedAt, boardReportedAt, guestMail, boardReport, ...rest } = b;
  return {
    ...rest,
    discoveredAt: iso(b.discoveredAt),
    boardReportDueAt: iso(b.boardReportDueAt),
    ...(guestsToldAt === undefined ? {} : { guestsToldAt: iso(guestsToldAt) }),
    ...(boardIntimatedAt === undefined ? {} : { boardIntimatedAt: iso(boardIntimatedAt) }),
    ...(boardReportedAt === undefined ? {} : { boardReportedAt: iso(boardReportedAt) }),
    guestMail,
    boardReport,
  };
}

/** What the hourly limit counts (request_attempts.kind). */
const ASKED = 'privacy-request';

const requestSchema = z.object({
  kind: z.enum(REQUEST_KINDS, { error: `must be one of ${REQUEST_KINDS.join(', ')}` }),
  email: z.email({ error: 'must be an e-mail address' }).max(254),
  bookingReference: z.string().trim().max(40).optional(),
  message: z
    .string()
    .trim()
    .max(2000, { error: 'can be at most 2,000 characters long' })
    .optional(),
  website: z.string().optional(),
});

const answerSchema = z.object({
  action: z.enum(ANSWER_ACTIONS, { error: `must be one of ${ANSWER_ACTIONS.join(', ')}` }),
  message: z.string({ error: 'must be text' }).max(4000),
  corrections: z
    .object({
      name: z.string().optional(),
      phone: z.string().optional(),
      email: z.string().optional(),
    })
    .optional(),
});

/**
 * POST /api/privacy/breaches's body (PRIV-7, PRIV-15): the shared BreachBody read, its discovery
 * into Unix ms (SHAPE-8).
 */
const breachSchema = z.strictObject({
  discoveredAt: instantSchema('must be a time with its offset, e.g. 2027-06-01T10:00:00+05:30'),
  description: z.string().trim().min(1, { error: 'say what happened' }).max(4000),
  dataAffected: z.string().trim().max(1000).optional(),
  measures: z.string().trim().min(1, { error: 'say what was done' }).max(4000),
  affected: z.union(
    [z.literal('all'), z.array(z.string().trim().min(1).max(40)).min(1).max(10_000)],
    {
      error: 'must be "all" or a list of booking references, e.g. ["STY-7K3M"]',
    },
  ),
}) satisfies z.ZodType<BreachInput, BreachBody>;

const boardSchema = z.object({
  stage: z.enum(BOARD_STAGES, { error: `must be one of ${BOARD_STAGES.join(', ')}` }),
  at: instantSchema('must be a time with its offset, e.g. 2027-06-01T10:00:00+05:30'),
});

const STYLE =
  'body{margin:0;font:1.05rem/1.5 system-ui,sans-serif;color:#1d2a24;background:#f6f4ef}main{max-width:46rem;margin:0 auto;padding:24px 16px}h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:1.5rem}dl{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:4px 12px;background:#fff;border:1px solid #ccc;padding:8px;margin:8px 0}dt{font-weight:600}dd{margin:0;min-width:0;overflow-wrap:anywhere}ul{padding-left:0;list-style:none}li>dl{margin:8px 0}a{color:#1f5f46;font-weight:650}';

export async function privacyRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  service: PrivacyService,
): Promise<void> {
  const noStore = { cache: 'no-store' as const };
  const { businessName } = ctx.config.site;

  app.post(
    PRIVACY_API.requests,
    { permission: 'public', bodyLimit: 16 * 1024, config: { ...noStore, body: 'json-or-form' } },
    async (req, reply) => {
      const client = addressGroup(req.ip);
      const limit = ctx.config.bookings.requestsPerHour;
      const wait = requestWait(ctx.db, client, [{ kind: ASKED, limit }], HOUR_MS, service.now());
      if (wait > 0) {
        throw new ApiError(
          429,
          'Too many requests from this address; try again later, or write to us.',
          {
            extra: { retryAfter: wait },
            headers: { 'retry-after': String(wait) },
          },
        );
      }
      const parsed = requestSchema.safeParse(req.body);
      if (!parsed.success) throw schemaRefusal(parsed.error);
      countRequest(ctx.db, ASKED, client, service.now());
      const input = parsed.data;
      // A bot fills the field people never see: answered alike, nothing stored or sent.
      if (!input.website?.trim()) {
        service.ask({
          kind: input.kind,
          email: input.email,
          ...(input.bookingReference ? { bookingReference: input.bookingReference } : {}),
          ...(input.message ? { message: input.message } : {}),
        });
      }
      if (!isFormPost(req)) return reply.code(202).send({ status: 'received' });
      return sendNotice(reply, 202, {
        title: 'Request received',
        text: `If a booking of ours holds this address, we have sent it a link: follow it within 48 hours to open your request. We answer within ${ctx.config.privacy.answerDays} days of that.`,
        link: { href: PRIVACY_PATH, label: 'Back to the privacy page' },
        businessName,
      });
    },
  );

  app.get<{ Params: { token: string } }>(
    '/privacy/open/:token',
    { permission: 'public', config: noStore },
    async (req, reply) => {
      const opened = service.open(req.params.token);
      if (!opened) {
        return sendNotice(reply, 410, {
          title: 'This link no longer opens a request',
          text: 'It was used already, or more than 48 hours have passed. Send the request again from the privacy page.',
          link: { href: PRIVACY_PATH, label: 'The privacy page' },
          businessName,
        });
      }
      return sendNotice(reply, 200, {
        title: 'Your request is open',
        text: `We answer by ${formatInstant(opened.dueAt!)} (India time), by e-mail.`,
        link: { href: PRIVACY_PATH, label: 'The privacy page' },
        businessName,
      });
    },
  );

  // This form is also sent as JSON by the booking page's script: a wrong link answers JSON.
  const guestLink = guestLinkRoute(ctx, () => {
    throw new ApiError(404, 'There is no such booking.', { field: 'id' });
  });
  app.post<{ Params: GuestLinkParams }>(
    `${BOOKING_PAGE}/privacy`,
    { ...guestLink, bodyLimit: 8 * 1024, config: { ...guestLink.config, body: 'json-or-form' } },
    async (req, reply) => {
      const booking = guestBooking(req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const kind = REQUEST_KINDS.find((k) => k === body.kind);
      if (!kind) throw badRequest('kind', `kind must be one of ${REQUEST_KINDS.join(', ')}.`);
      const message = typeof body.message === 'string' ? body.message.trim().slice(0, 2000) : '';
      const opened = service.askFromBooking(booking, kind, message);
      const answer = {
        title: 'Your request is open',
        text: `We answer by ${formatInstant(opened.dueAt!)} (India time)${booking.email ? ', by e-mail' : ''}.`,
        link: {
          href: bookingPagePath(req.params.id, req.params.token),
          label: 'Back to your booking',
        },
        businessName,
      };
      if (!isFormPost(req))
        return reply.code(201).send({ id: opened.id, dueAt: iso(opened.dueAt!) });
      return sendNotice(reply, 201, answer, 'strict-origin');
    },
  );

  const summaryPage = (token: string) => {
    const json = service.summary(token);
    if (!json)
      throw new ApiError(404, 'This summary link has expired or does not exist.', {
        field: 'token',
      });
    return json;
  };
  app.get<{ Params: { token: string } }>(
    '/privacy/summary/:token/data.json',
    { permission: 'public', config: noStore },
    async (req, reply) =>
      reply
        .headers(securityHeaders({ noindex: true, referrer: 'no-referrer' }))
        .header('content-disposition', 'attachment; filename="my-data.json"')
        .type('application/json; charset=utf-8')
        .send(summaryPage(req.params.token)),
  );
  app.get<{ Params: { token: string } }>(
    '/privacy/summary/:token',
    { permission: 'public', config: noStore },
    async (req, reply) => {
      const data = JSON.parse(summaryPage(req.params.token)) as Record<string, unknown>;
      const body = `<main><h1>Your data at ${e(businessName)}</h1><p><a href="${e(req.params.token)}/data.json">Download it (JSON)</a></p>${summarySections(data)}</main>`;
      return reply
        .headers(
          securityHeaders({ csp: pageCsp(STYLE, false), noindex: true, referrer: 'no-referrer' }),
        )
        .type('text/html; charset=utf-8')
        .send(pageHtml(`Your data – ${businessName}`, STYLE, body));
    },
  );

  app.get(
    PRIVACY_API.requests,
    { permission: 'privacy', config: noStore },
    async (): Promise<PrivacyRequestList> => ({
      requests: service.list().map(requestAnswer),
      contact: ctx.config.privacy.contact,
    }),
  );

  app.post<{ Params: { id: string } }>(
    PRIVACY_API.answer,
    { permission: 'privacy', config: noStore },
    async (req): Promise<AnswerResult> => {
      const parsed = answerSchema.safeParse(req.body);
      if (!parsed.success) throw schemaRefusal(parsed.error);
      const { action, message, corrections } = parsed.data;
      const answered: Answered = service.answer(
        req.params.id,
        { action, message, ...(corrections ? { corrections } : {}) },
        req.owner!,
      );
      return { ...answered, request: requestAnswer(answered.request) };
    },
  );

  app.get(
    PRIVACY_API.breaches,
    { permission: 'privacy', config: noStore },
    async (): Promise<BreachList> => ({
      breaches: service.breaches().map(breachAnswer),
    }),
  );

  app.post(PRIVACY_API.breaches, { permission: 'privacy', config: noStore }, async (req, reply) => {
    const parsed = breachSchema.safeParse(req.body);
    if (!parsed.success) throw schemaRefusal(parsed.error);
    const { dataAffected, ...breachInput } = parsed.data;
    const breach = service.recordBreach(
      { ...breachInput, ...(dataAffected ? { dataAffected } : {}) },
      req.owner!,
    );
    return reply.code(201).send(breachAnswer(breach));
  });

  app.post<{ Params: { id: string } }>(
    PRIVACY_API.tellGuests,
    { permission: 'privacy', config: noStore },
    async (req): Promise<BreachView> => breachAnswer(service.tellGuests(req.params.id, req.owner!)),
  );

  app.post<{ Params: { id: string } }>(
    PRIVACY_API.boardTold,
    { permission: 'privacy', config: noStore },
    async (req): Promise<BreachView> => {
      const parsed = boardSchema.safeParse(req.body);
      if (!parsed.success) throw schemaRefusal(parsed.error);
      return breachAnswer(
        service.boardTold(req.params.id, parsed.data.stage, parsed.data.at, req.owner!),
      );
    },
  );

  app.get<{ Params: { id: string } }>(
    PRIVACY_API.boardReport,
    { permission: 'privacy', config: noStore },
    async (req, reply: FastifyReply) =>
      reply
        .header('content-disposition', 'attachment; filename="breach-report.txt"')
        .type('text/plain; charset=utf-8')
        .send(service.breach(req.params.id).boardReport),
  );
}
