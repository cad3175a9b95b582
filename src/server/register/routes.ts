/**
 * The guest register's HTTP calls (REG-2..REG-6; paths in src/shared/register.ts):
 * - the guest's form, GET and POST `/booking/{id}/{token}/register` (a plain urlencoded form,
 *   same site only): open for a confirmed booking until check-out; a refused form comes back 400
 *   with what was typed and the field at fault named; a saved one 303 to the form with a notice.
 *   The token is in the path: those requests are logged without it;
 * - the owner's (behind their permissions, TEAM-1): GET /api/register, GET /api/register.csv, GET
 *   /api/register/print, POST /api/register (an entry at check-in) and POST
 *   /api/register/{id}/submitted.
 * No register field reaches a log line (REG-9): the log names ids and counts only, and a
 * refusal's words never repeat a value.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import {
  GUEST_FORM_HEADERS as PAGE_HEADERS,
  guestBooking,
  guestLinkRoute,
} from '../bookings/guest-link.js';
import type { BookingService } from '../bookings/service.js';
import { stayOf } from '../bookings/views.js';
import { publishedProperties } from '../publish/published-properties.js';
import { isCalendarDate, nights, today } from '../../shared/calendar-dates.js';
import {
  GUEST_REGISTER_PAGE,
  REGISTER_API,
  type OwnerEntryBody,
  type RegisterList,
} from '../../shared/register.js';
import { registerCsv } from './csv.js';
import { checkEntry, isBlank, textOf, type EntryInput, type ValidEntry } from './entry.js';
import {
  REGISTER_FORM_CSP,
  REGISTER_PRINT_CSP,
  registerFormHtml,
  registerPrintHtml,
  type FormStay,
} from './page.js';
import { bookingStay, type EntryStay, type RegisterService } from './service.js';
import { entriesOfBooking } from './store.js';
import { bookingPagePath, type Booking } from '../../shared/bookings.js';

const BOOKING_ID_RE = /^[a-z2-9]{16}$/;
const ENTRY_ID_RE = /^[A-Za-z0-9_-]{16}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The longest range one listing, CSV or print covers. */
const MAX_RANGE_DAYS = 400;
/** The most adult slots a form takes (LIMITS.guests is 50). */
const MAX_SLOTS = 50;

/** Routes that declare no cache (HTML-2). */
const noStore = { cache: 'no-store' as const };

/** `from` and `to` of a query: dates, in order, at most MAX_RANGE_DAYS apart. */
function rangeOf(query: { from?: string; to?: string }): { from: string; to: string } {
  const { from, to } = query;
  if (from === undefined || !isCalendarDate(from))
    throw badRequest('from', 'from must be a date written YYYY-MM-DD.');
  if (to === undefined || !isCalendarDate(to))
    throw badRequest('to', 'to must be a date written YYYY-MM-DD.');
  if (to < from) throw badRequest('to', 'to must be on or after from.');
  if (nights(from, to) > MAX_RANGE_DAYS)
    throw badRequest('to', `A range can be at most ${MAX_RANGE_DAYS} days long.`);
  return { from, to };
}

/** The form's fields grouped by adult slot: `adults.{i}.{key}`. */
function adultsOf(form: Record<string, string>, slots: number): EntryInput[] {
  const adults: EntryInput[] = Array.from({ length: slots }, () => ({}));
  for (const [name, v] of Object.entries(form)) {
    const m = /^adults\.(\d{1,2})\.(\w{1,40})$/.exec(name);
    if (m && Number(m[1]) < slots) adults[Number(m[1])]![m[2]!] = v;
  }
  return adults;
}

export async function registerRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  register: RegisterService,
  /** The bookings, read through their service (decision 041). */
  bookings: Pick<BookingService, 'get'>,
): Promise<void> {
  const properties = publishedProperties(ctx);
  const { site } = ctx.config;
  const registerDays = ctx.config.bookings.registerDays;

  app.get<{ Querystring: { from?: string; to?: string } }>(
    REGISTER_API.entries,
    { permission: 'register', logAccess: 'guest register read', config: noStore },
    async (req): Promise<RegisterList> => {
      const { from, to } = rangeOf(req.query);
      return register.list(from, to);
    },
  );

  app.get<{ Querystring: { from?: string; to?: string } }>(
    REGISTER_API.csv,
    { permission: 'register', logAccess: 'register CSV exported', config: noStore },
    async (req, reply) => {
      const { from, to } = rangeOf(req.query);
      return reply
        .headers(PAGE_HEADERS)
        .header('content-disposition', `attachment; filename="guest-register-${from}-${to}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(registerCsv(register.list(from, to).entries));
    },
  );

  app.get<{ Querystring: { from?: string; to?: string } }>(
    REGISTER_API.print,
    { permission: 'register', logAccess: 'Form III worksheet read', config: noStore },
    async (req, reply) => {
      const range = rangeOf(req.query);
      return reply
        .headers(PAGE_HEADERS)
        .header('content-security-policy', REGISTER_PRINT_CSP)
        .type('text/html; charset=utf-8')
        .send(
          registerPrintHtml(register.list(range.from, range.to).entries, range, site.businessName),
        );
    },
  );

  const entryOptions = { permission: 'register' as const, bodyLimit: 16 * 1024, config: noStore };
  app.post(REGISTER_API.entries, entryOptions, async (req, reply) => {
    // OwnerEntryBody's fields, checked one by one below.
    const body = req.body as (Partial<OwnerEntryBody> & EntryInput) | null;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest('body', 'Send the entry as a JSON object.');
    }
    const bookingId = textOf(body, 'bookingId');
    let stay: EntryStay;
    if (bookingId !== '') {
      const b = BOOKING_ID_RE.test(bookingId) ? bookings.get(bookingId) : undefined;
      if (!b || (b.status !== 'confirmed' && b.status !== 'accepted')) {
        throw badRequest('bookingId', 'There is no accepted or confirmed booking with this id.');
      }
      stay = bookingStay(b);
    } else {
      const property = properties().get(textOf(body, 'propertyId'));
      if (!property) throw badRequest('propertyId', 'There is no property with this id.');
      const arrival = textOf(body, 'arrival');
      const departure = textOf(body, 'departure');
      if (!isCalendarDate(arrival))
        throw badRequest('arrival', 'arrival must be a date written YYYY-MM-DD.');
      if (!isCalendarDate(departure) || departure <= arrival)
        throw badRequest('departure', 'departure must be a date written YYYY-MM-DD after arrival.');
      stay = { propertyId: property.id, propertyName: property.name, arrival, departure };
    }
    const checkIn = properties().get(stay.propertyId)?.checkInTime;
    const valid = checkEntry(body, stay, today(register.now()));
    const entry = register.addOwnerEntry(
      { ...stay, ...(checkIn && TIME_RE.test(checkIn) ? { defaultArrivalTime: checkIn } : {}) },
      valid,
      req.owner ?? 'owner',
    );
    req.log.info(
      { entryId: entry.id, bookingId: entry.bookingId },
      'register entry recorded by the owner',
    );
    const { position: _p, createdAt: _c, ...answer } = entry;
    return reply.code(201).send({ entry: answer });
  });

  app.post<{ Params: { id: string } }>(
    REGISTER_API.submitted,
    { permission: 'register', bodyLimit: 4096 },
    async (req) => {
      if (!ENTRY_ID_RE.test(req.params.id))
        throw notFound('id', 'There is no register entry with this id.');
      const reference = textOf((req.body ?? {}) as EntryInput, 'portalReference');
      if (reference === '' || reference.length > 60) {
        throw badRequest(
          'portalReference',
          'Give the reference the Immigration portal gave (at most 60 characters).',
        );
      }
      const entry = register.markSubmitted(req.params.id, reference);
      req.log.info({ entryId: entry.id }, 'Form III marked submitted');
      return {
        id: entry.id,
        submittedAt: entry.formIII!.submittedAt!,
        portalReference: entry.formIII!.portalReference!,
      };
    },
  );

  type GuestParams = { Params: { id: string; token: string } };
  const guestLink = guestLinkRoute(ctx);
  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .headers(PAGE_HEADERS)
      .header('content-security-policy', REGISTER_FORM_CSP)
      .type('text/html; charset=utf-8')
      .send(html);

  /** The booking's form stay, and why the form is closed (if it is). */
  const formOf = (req: FastifyRequest<GuestParams>, b: Booking) => {
    const stay: FormStay = {
      ...stayOf(b),
      guests: Math.min(b.guests, MAX_SLOTS),
      pagePath: bookingPagePath(req.params.id, req.params.token),
    };
    const closed =
      b.status !== 'confirmed'
        ? 'The register opens once your booking is confirmed.'
        : b.checkOut < today(register.now())
          ? 'This stay has ended: the register is closed.'
          : undefined;
    const entries = entriesOfBooking(ctx.db, b.id).filter((x) => x.source === 'guest');
    const received = entries.length
      ? { count: entries.length, at: entries[0]!.createdAt }
      : undefined;
    return { stay, closed, received };
  };

  app.get<GuestParams>(GUEST_REGISTER_PAGE, guestLink, async (req, reply) => {
    const b = guestBooking(req);
    const { stay, closed, received } = formOf(req, b);
    return sendPage(
      reply,
      200,
      registerFormHtml(stay, {
        registerDays,
        ...(closed ? { closed } : {}),
        ...(received ? { received } : {}),
      }),
    );
  });

  const registerForm = { ...guestLink, bodyLimit: 128 * 1024 };
  app.post<GuestParams>(GUEST_REGISTER_PAGE, registerForm, async (req, reply) => {
    const b = guestBooking(req);
    const { stay, closed } = formOf(req, b);
    if (closed) return sendPage(reply, 409, registerFormHtml(stay, { registerDays, closed }));
    const form = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<
      string,
      string
    >;
    const adults = adultsOf(form, stay.guests);
    const arrivalTime = (form.arrivalTime ?? '').trim();
    const typed = { adults, ...(arrivalTime ? { arrivalTime } : {}) };
    // What comes back after a refusal shows only the last four characters of an ID.
    for (const a of adults) {
      const id = textOf(a, 'idLast4').replace(/[\s-]/g, '');
      if (id.length > 4) a.idLast4 = id.slice(-4);
    }
    const refuse = (field: string, error: string) =>
      sendPage(
        reply,
        400,
        registerFormHtml(stay, { registerDays, ...typed, problem: { field, error } }),
      );
    if (arrivalTime !== '' && !TIME_RE.test(arrivalTime))
      return refuse('arrivalTime', 'Give the arrival time as HH:MM (24-hour clock).');
    const valid: ValidEntry[] = [];
    try {
      adults.forEach((input, i) => {
        if (isBlank(input) && (i > 0 || adults.slice(1).some((a) => !isBlank(a)))) return;
        valid.push({
          ...checkEntry(
            input,
            { arrival: b.checkIn, departure: b.checkOut },
            today(register.now()),
            `adults.${i}.`,
          ),
          ...(arrivalTime ? { arrivalTime } : {}),
        });
      });
      const checkInTime = properties().get(b.propertyId)?.checkInTime;
      register.saveGuestForm(
        b,
        valid,
        checkInTime && TIME_RE.test(checkInTime) ? checkInTime : undefined,
      );
    } catch (err) {
      if (err instanceof ApiError && err.field) {
        if (err.status === 409)
          return sendPage(
            reply,
            409,
            registerFormHtml(stay, { registerDays, closed: err.message }),
          );
        return refuse(err.field, err.message);
      }
      throw err;
    }
    req.log.info({ bookingId: b.id, adults: valid.length }, 'guest register received');
    return reply.code(303).header('location', `${stay.pagePath}/register`).send();
  });
}
