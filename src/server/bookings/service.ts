/**
 * What happens to a booking (BOOK-1..BOOK-9), each change in one SQLite transaction with the mail
 * it sends (enqueued in the outbox, BOOK-8): a guest's request, the owner's accept, decline, paid
 * and cancel, the guest's withdrawal, the expiry of unanswered requests and the erasure of guest
 * data. Refusals are thrown as ApiError (errors.ts). Time comes from `now` so tests can move it.
 */
import crypto from 'node:crypto';
import type { Config } from '../config.js';
import { truncateWal, type Db } from '../store/db.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import { holdersOf, unavailableRanges } from '../nights/nights.js';
import type { ConflictKeeper } from '../nights/conflicts.js';
import {
  enqueueMail,
  deleteMailOf,
  guestMailOf,
  mailProblems,
  type BookingMailKind,
} from '../mail/store.js';
import { bookingMail, type MailLinks, type PaidFacts } from '../mail/templates.js';
import {
  addShareTokens,
  deleteShareLinksBefore,
  addToken,
  bookingsOfEmail,
  bookingsOfDay,
  bookingsToErase,
  correctContact,
  eraseGuestData,
  deleteTokensOf,
  getBooking,
  getBookings,
  insertBooking,
  listBookings,
  referenceTaken,
  replaceQuote,
  setStatus,
  shareTokensOf,
  staleRequests,
} from './store.js';
import { forOwner } from './views.js';
import {
  BOOKING_STATUS_WORDS,
  BOOKING_TRANSITIONS,
  type Booking,
  type BookingAction,
  type BookingFilter,
  type BookingMoney,
  type BookingRequestBody,
  type BookingStatus,
  type OwnerBooking,
  type StoredQuote,
  bookingPagePath,
} from '../../shared/bookings.js';
import { addDays, formatDate, stayOverlaps, today } from '../../shared/calendar-dates.js';
import { documentLinks } from '../gst/store.js';
import { quoteStay } from '../../shared/quote.js';
import type { Property } from '../../shared/site-data.js';
import { publicSite } from '../publish/site-settings.js';
import { HOUR_MS, type Clock } from '../../shared/instants.js';
import { keptDays } from '../privacy/retention.js';
import type { DataClass } from '../privacy/retention.js';

/** The classes of the retention table the guest-data erasure job erases (PRIV-1): contacts and their mail. */
export const BOOKING_ERASES: readonly DataClass[] = ['booking-contacts', 'mail', 'share-links'];

/** A guest's request after validation (routes.ts): the phone in E.164, the honeypot gone. */
export type ValidRequest = Omit<BookingRequestBody, 'website'>;

/** What the sender offers a change: whether mail is on, and a nudge to send what was enqueued. */
export interface Mailer {
  readonly enabled: boolean;
  poke(): void;
}

/** The guest mails that link the booking's GST documents issued so far (GST-5). */
const DOCUMENT_MAIL: ReadonlySet<BookingMailKind> = new Set([
  'guest-confirmed',
  'guest-cancelled',
  'guest-invoice',
]);

/** The guest mail each state change sends (paid: the confirmed mail with the register's link, REG-2). */
const GUEST_MAIL: Partial<Record<BookingStatus, BookingMailKind>> = {
  accepted: 'guest-accepted',
  declined: 'guest-declined',
  cancelled: 'guest-cancelled',
  expired: 'guest-expired',
  confirmed: 'guest-confirmed',
};

/** Crockford's base32 without I, L, O, U, 0 and 1: readable aloud and on a phone screen. */
const READABLE = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

function randomWord(alphabet: string, length: number): string {
  let word = '';
  for (let i = 0; i < length; i += 1) word += alphabet[crypto.randomInt(alphabet.length)];
  return word;
}

/** SHA-256 of a page token (BOOK-5): what the database keeps. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A new page token: 128 random bits, base64url (BOOK-5). */
function newToken(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/** The amount a UPI link carries: rupees with two decimals ("1350.00"). */
function upiAmount(paise: number): string {
  return (paise / 100).toFixed(2);
}

/** Where a UPI advance goes: the payee's UPI id and name, and its merchant category code when it is a merchant's. */
export interface UpiPayee {
  upiId: string;
  name: string;
  /** UPI_MERCHANT_CODE (ISO 18245 MCC, 7011 for lodging); absent for a personal UPI id. */
  merchantCode?: string | undefined;
}

/**
 * The UPI deep link of an advance (BOOK-7, PAY-1; NPCI's UPI Linking Specification 1.6, section
 * 1.2): opens GPay, PhonePe, Paytm … on a phone with the payee, amount and reference filled in.
 * `tr` is the merchant's transaction reference (the booking's reference, for reconciliation) and
 * `mc` the merchant category code, sent only when UPI_MERCHANT_CODE is set: apps refuse a
 * link with a code that is not the payee's own. Every parameter URL-encoded.
 */
export function upiLink(payee: UpiPayee, paise: number, reference: string): string {
  const q = [
    ['pa', payee.upiId],
    ['pn', payee.name],
    ...(payee.merchantCode ? [['mc', payee.merchantCode]] : []),
    ['tr', reference],
    ['am', upiAmount(paise)],
    ['cu', 'INR'],
    ['tn', reference],
  ]
    .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
    .join('&');
  return `upi://pay?${q}`;
}

/** The payee of UPI advances from the configuration, or undefined without UPI_ID. */
export function upiPayee(config: Pick<Config, 'site' | 'bookings'>): UpiPayee | undefined {
  const { upiId, upiMerchantCode } = config.bookings;
  return upiId
    ? { upiId, name: config.site.businessName, merchantCode: upiMerchantCode }
    : undefined;
}

/** What a change made of a booking (LEDGER-2): the event the ledger records for it. */
type BookingEvent =
  | 'requested'
  | 'accepted'
  | 'declined'
  | 'paid'
  | 'cancelled'
  | 'withdrawn'
  | 'expired'
  | 'quote-changed';

/** The event each owner's action makes. */
const ACTION_EVENT: Record<BookingAction, BookingEvent> = {
  accept: 'accepted',
  decline: 'declined',
  paid: 'paid',
  cancel: 'cancelled',
};

/**
 * One change of a booking row (decision 041): the booking after it, the event, the owner's
 * action when it was one, when (Unix ms) and who (LEDGER-4: `owner` or an account's username,
 * `guest`, `gateway`, `system`), and on a cancel the part of the advance returned (GST-4).
 */
export interface BookingChange {
  booking: Booking;
  event: BookingEvent;
  action?: BookingAction;
  /** Every instant inside the server is a number (decision 062, SHAPE-5). */
  at: number;
  actor: string;
  refundPaise?: number;
  /** Paid by a payment the owner recorded (DAY-4): that path issues its own receipt voucher. */
  recordedPaise?: number;
}

/** What follows a change of a booking, inside its transaction (a step of the ordered list). */
export type TransitionHook = (change: BookingChange) => void;

/** A named step of the ordered list of what follows every booking change (decision 041). */
export interface ChangeStep {
  name: string;
  run: TransitionHook;
}

/** A part of the owner's view of a page of bookings, in their order (PERF-12: one batch). */
type OwnerViewPart = (rows: Booking[]) => Partial<OwnerBooking>[];

/**
 * What the composition (src/server/compose.ts) declares once: the steps that follow every change,
 * in order; the parts other features add to the owner's view; where a failing step is reported.
 */
export interface BookingFollowers {
  steps: readonly ChangeStep[];
  ownerParts: readonly OwnerViewPart[];
  /** Each booking's paid, balance and when it is due (DAY-4), for the inbox and the guest's page. */
  money?: (rows: Booking[]) => (BookingMoney | undefined)[];
  report: (step: string, err: unknown, change: BookingChange) => void;
}

/** Thrown when a step of a change tries to change a booking itself (decision 041). */
export class ReentrantChangeError extends Error {
  constructor() {
    super('A step that follows a booking change cannot change a booking itself.');
  }
}

/** The bookings of one server. */
export class BookingService {
  private followers: BookingFollowers | undefined;
  /** True while the steps of a change run: a step may not start another change. */
  private inSteps = false;
  /** An erasure whose WAL a reader kept from being truncated: tried again at the next eraseOld. */
  private walToTruncate = false;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'site' | 'bookings' | 'mail' | 'razorpay'>,
    private readonly mailer: Mailer,
    /** Who holds the nights: finds the conflicts an accept or a cancel makes or ends (CONFLICT-1). */
    private readonly conflicts: Pick<ConflictKeeper, 'exclusive' | 'changed'>,
    /** The clock (TIME-3): buildApp's, which tests move. */
    readonly now: Clock,
  ) {}

  /**
   * Declares, once, what follows every change of a booking (decision 041): the composition calls
   * it; a second call throws, so no step is added anywhere else.
   */
  follow(followers: BookingFollowers): void {
    if (this.followers) throw new Error('What follows a booking change is declared once.');
    this.followers = followers;
  }

  /** One booking, or undefined: how other features read a booking (decision 041). */
  get(id: string): Booking | undefined {
    return getBooking(this.db, id);
  }

  /** The bookings of these ids that exist, in one query (the owner's figures, FIG-4). */
  many(ids: readonly string[]): Booking[] {
    return getBookings(this.db, ids);
  }

  /** The owner's list under `filter` at today's date (BOOK-4), newest request first. */
  list(filter: BookingFilter): Booking[] {
    return listBookings(this.db, filter, today(this.now()));
  }

  /**
   * A fresh token for booking `id`'s page, stored hashed (BOOK-5) at `at` (ms), returned in
   * clear for the one link that carries it (a message to the guest, MSG-4).
   */
  newPageToken(id: string, at: number): string {
    const token = newToken();
    addToken(this.db, id, hashToken(token), at);
    return token;
  }

  /** Refuses a change started by a step of another change (decision 041). */
  private notInSteps(): void {
    if (this.inSteps) throw new ReentrantChangeError();
  }

  /**
   * Runs the declared steps, in order, inside the change's transaction. A step that refuses the
   * change (an ApiError: e.g. a refund above the advance, GST-4) rolls it back; any other error
   * rolls back that step's own writes (its savepoint), is reported with the step's name, and
   * the change and the steps after it go on.
   */
  private runSteps(change: BookingChange): void {
    const followers = this.followers;
    if (!followers) return;
    this.inSteps = true;
    try {
      for (const step of followers.steps) {
        try {
          this.db.transaction(() => step.run(change))();
        } catch (err) {
          if (err instanceof ApiError) throw err;
          followers.report(step.name, err, change);
        }
      }
    } finally {
      this.inSteps = false;
    }
  }

  /**
   * The bookings the owner's day names (DAY-10), as the inbox shows them: requests, accepted
   * bookings, and confirmed stays from `from` whose check-in is on or before `checkInTo`; each
   * with `requestedAt`, the booking's `createdAt` in Unix ms (the view's is ISO text, SHAPE-7).
   */
  ofDay(from: string, checkInTo: string): (OwnerBooking & { requestedAt: number })[] {
    const rows = bookingsOfDay(this.db, from, checkInTo);
    return this.ownerView(rows).map((view, i) => ({ ...view, requestedAt: rows[i]!.createdAt }));
  }

  /** One booking's paid, balance and when it is due (DAY-4), for the guest's page. */
  moneyOne(b: Booking): BookingMoney | undefined {
    return this.moneyOf([b])[0];
  }

  /** Paid, balance and when it is due of each booking, as the composition declared it (DAY-4). */
  private moneyOf(rows: Booking[]): (BookingMoney | undefined)[] {
    return this.followers?.money?.(rows) ?? [];
  }

  /** The guest's page URL for a token, from SITE_URL (HTTP-3). */
  pageUrl(id: string, token: string): string {
    return `${this.config.site.siteUrl}${bookingPagePath(id, token)}`;
  }

  /** A fresh token for the booking's page, stored hashed; its URL. Call inside a transaction. */
  private newPageUrl(id: string, at: number): string {
    const token = newToken();
    addToken(this.db, id, hashToken(token), at);
    return this.pageUrl(id, token);
  }

  /** GST-5: the booking's issued documents as the mail's links, under the guest's page address. */
  private documentLinks(bookingId: string, pageUrl: string): Pick<MailLinks, 'documents'> {
    const issued = (documentLinks(this.db, bookingId).documents ?? []).filter((d) => !d.cancelled);
    return issued.length === 0
      ? {}
      : {
          documents: issued.map((d) => ({
            label: `${d.title} ${d.number}`,
            href: `${pageUrl}/documents/${d.id}`,
          })),
        };
  }

  /**
   * Enqueues one booking mail when mail is on (BOOK-8); `paid` is the payment a paid or refund
   * mail tells of (PAY-3). Call inside the change's transaction.
   */
  mail(kind: BookingMailKind, b: Booking, at: number, paid?: PaidFacts): void {
    if (!this.mailer.enabled) return;
    const toOwner = kind.startsWith('owner-');
    const to = toOwner ? this.config.mail.notifyEmail : b.email;
    if (!to) return;
    const advance = b.quote?.advancePaise;
    const payee = upiPayee(this.config);
    const pageUrl =
      toOwner || kind === 'guest-expired' || kind === 'guest-declined'
        ? undefined
        : this.newPageUrl(b.id, at);
    const links = {
      ...(pageUrl ? { pageUrl } : {}),
      // REG-2: the register's form sits under the page's address and opens with its token.
      ...(kind === 'guest-confirmed' && pageUrl ? { registerUrl: `${pageUrl}/register` } : {}),
      ...(kind === 'guest-accepted' && payee && advance
        ? { upiUrl: upiLink(payee, advance, b.reference) }
        : {}),
      ...(pageUrl && DOCUMENT_MAIL.has(kind) ? this.documentLinks(b.id, pageUrl) : {}),
    };
    // PAY-2: the page's /pay address leads to whichever payment link is current when it is opened.
    const payUrl =
      kind === 'guest-accepted' && this.config.razorpay && advance && links.pageUrl
        ? { payUrl: `${links.pageUrl}/pay` }
        : {};
    const mail = bookingMail(kind, b, this.config.site, { ...links, ...payUrl }, paid);
    enqueueMail(this.db, { kind, bookingId: b.id, to, ...mail }, at);
  }

  /**
   * A guest's request (BOOK-1, BOOK-2) at a published property: checked again against the nights
   * now free (feeds, blocks, accepted bookings), the minimum stay and the maximum guests through
   * the shared quote, whose figures are stored. One transaction: the row, its token and its mails
   * are committed together before the 201. Returns the booking and its page token.
   * Throws 409 (field checkIn) for a night not free, 400 naming the field for any other problem.
   * `takenBy` (DAY-12): a booking the owner (that account) took by phone or at the door: the same
   * request, recorded as theirs, without the request mails (the owner is not told of their own
   * booking, nor the guest of a request they did not send).
   */
  create(
    property: Property,
    request: ValidRequest,
    takenBy?: string,
  ): { booking: Booking; token: string } {
    this.notInSteps();
    const at = this.now();
    const now = at;
    const stay = { checkIn: request.checkIn, checkOut: request.checkOut, guests: request.guests };
    const token = newToken();
    const booking = this.db
      .transaction((): Booking => {
        const unavailable = unavailableRanges(this.db, property.id, now);
        if (stayOverlaps(stay.checkIn, stay.checkOut, unavailable)) {
          throw new ApiError(409, 'These dates are no longer free; choose other dates.', {
            field: 'checkIn',
          });
        }
        const quote = quoteStay(property, stay, {
          unavailable,
          settings: publicSite(this.config),
          today: today(now),
        });
        // Without a nightly rate the request is still taken, without a price (AVL-11).
        const problem = quote.problems.find((p) => p.field !== 'propertyId');
        if (problem) throw badRequest(problem.field, problem.error);
        const priced = property.nightlyRate !== undefined;
        let reference: string;
        do reference = `STY-${randomWord(READABLE, 4)}`;
        while (referenceTaken(this.db, reference));
        const row = insertBooking(
          this.db,
          {
            id: randomWord('abcdefghijkmnpqrstuvwxyz23456789', 16),
            reference,
            propertyId: property.id,
            propertyName: property.name,
            ...stay,
            name: request.name,
            phone: request.phone,
            ...(request.email ? { email: request.email } : {}),
            ...(request.message ? { message: request.message } : {}),
            status: 'requested',
            ...(priced
              ? {
                  quote: {
                    lines: quote.lines,
                    totalPaise: quote.totalPaise,
                    advancePaise: quote.advancePaise,
                    gst: quote.gst,
                    nights: quote.nights.map((n) => ({ date: n.date, amountPaise: n.amountPaise })),
                    discountPaise: quote.discountPaise,
                  },
                }
              : {}),
          },
          at,
          hashToken(token),
        );
        this.runSteps({ booking: row, event: 'requested', at, actor: takenBy ?? 'guest' });
        if (takenBy === undefined) {
          this.mail('owner-request', row, at);
          this.mail('guest-received', row, at);
        }
        return row;
      })
      .immediate();
    this.mailer.poke();
    return { booking, token };
  }

  /**
   * A booking the owner took by phone or at the door (DAY-12): `create`'s request by `actor`, then
   * accepted by them, in the property's turn (CONFLICT-4) and one transaction, so it is either
   * stored accepted or not at all. From there it lives as an accepted direct request does (the
   * guest's accepted mail when they gave an e-mail, the advance, the ledger). Throws as `create`
   * and `act` do.
   */
  takeByOwner(
    property: Property,
    request: ValidRequest,
    actor: string,
  ): Promise<{ booking: Booking; token: string }> {
    return this.conflicts.exclusive(property.id, () =>
      this.db
        .transaction(() => {
          const { booking, token } = this.create(property, request, actor);
          return { booking: this.act(booking.id, 'accept', undefined, { actor }), token };
        })
        .immediate(),
    );
  }

  /**
   * `act` in the booking's property's turn (CONFLICT-4): an action that arrives while a sync of
   * that property is writing waits for it, then checks the nights as the sync left them. The
   * owner's route calls this one.
   */
  actInTurn(
    id: string,
    action: BookingAction,
    message?: string,
    detail: { refundPaise?: number; recordedPaise?: number; actor?: string } = {},
  ): Promise<Booking> {
    return this.inTurn(id, () => this.act(id, action, message, detail));
  }

  /**
   * Runs `task` in the turn of booking `id`'s property (CONFLICT-4; PAY-15: a payment webhook
   * takes it too): after every earlier write of that property; at once for no or an unknown id.
   * Never call it from inside a task of the same property's turn (it would wait for itself).
   */
  async inTurn<T>(id: string | undefined, task: () => T): Promise<T> {
    const propertyId = id === undefined ? undefined : getBooking(this.db, id)?.propertyId;
    if (propertyId === undefined) return task();
    return this.conflicts.exclusive(propertyId, task);
  }

  /**
   * The owner's action on a booking (BOOK-4). 404 for an unknown id; 409 naming the state when the
   * action is not allowed in it. Accept re-checks the nights in the same transaction as the
   * change, so two accepts of overlapping stays cannot both succeed; nights taken meanwhile by a
   * feed, a block or another accepted booking give 409 saying which calendar holds them. Accept
   * also checks time (CONFLICT-5): a request unanswered past BOOKING_REQUEST_HOURS is expired
   * first (409 naming Expired), and one whose check-in has passed is 409 naming its check-in.
   * An accept or a cancel finds the property's conflicts in the same transaction (CONFLICT-1).
   */
  act(
    id: string,
    action: BookingAction,
    message?: string,
    detail: { refundPaise?: number; recordedPaise?: number; actor?: string } = {},
  ): Booking {
    this.notInSteps();
    const rule = BOOKING_TRANSITIONS[action];
    const now = this.now();
    const at = now;
    // An unanswered request past its hours is expired (mailed as the job would) before it is read.
    if (action === 'accept') this.expireStale();
    const changed = this.db
      .transaction((): Booking => {
        const b = getBooking(this.db, id);
        if (!b) throw notFound('id', 'There is no booking with this id.');
        if (!rule.from.includes(b.status)) {
          const allowed = rule.from.map((s) => BOOKING_STATUS_WORDS[s]).join(' or ');
          throw new ApiError(
            409,
            `This booking is ${BOOKING_STATUS_WORDS[b.status]}: only a booking that is ${allowed} can be ${rule.verb}.`,
            { field: 'status', extra: { status: b.status } },
          );
        }
        if (action === 'accept' && b.checkIn < today(now)) {
          throw new ApiError(
            409,
            `This request's check-in, ${formatDate(b.checkIn)}, has passed: it can no longer be accepted, only declined.`,
            { field: 'checkIn', extra: { status: b.status, checkInPassed: true } },
          );
        }
        if (action === 'accept') {
          const holders = holdersOf(this.db, b.propertyId, b.checkIn, b.checkOut, b.id);
          if (holders.length > 0) {
            throw new ApiError(
              409,
              `These nights are taken in the meantime: ${holders.join(', ')} holds them.`,
              { field: 'checkIn', extra: { heldBy: holders } },
            );
          }
        }
        setStatus(this.db, id, rule.from, rule.to, at, message);
        if (action === 'accept' || action === 'cancel') this.conflicts.changed(b.propertyId);
        const after = getBooking(this.db, id)!;
        const { actor = 'owner', refundPaise, recordedPaise } = detail;
        this.runSteps({
          booking: after,
          event: ACTION_EVENT[action],
          action,
          at,
          actor,
          ...(refundPaise === undefined ? {} : { refundPaise }),
          ...(recordedPaise === undefined ? {} : { recordedPaise }),
        });
        const kind = GUEST_MAIL[rule.to];
        if (kind) this.mail(kind, after, at);
        return after;
      })
      .immediate();
    this.mailer.poke();
    return changed;
  }

  /**
   * Replaces a booking's stored quote (GST-6: a stay marked exempt loses its GST line) as a
   * change, `quote-changed`, followed by the declared steps. Runs in the caller's transaction when
   * there is one. 404 naming `id` for an unknown booking.
   */
  changeQuote(id: string, quote: StoredQuote, actor: string): Booking {
    this.notInSteps();
    const at = this.now();
    return this.db
      .transaction((): Booking => {
        if (!getBooking(this.db, id)) throw notFound('id', 'There is no booking with this id.');
        replaceQuote(this.db, id, quote, at);
        const after = getBooking(this.db, id)!;
        this.runSteps({ booking: after, event: 'quote-changed', at, actor });
        return after;
      })
      .immediate();
  }

  /** The guest withdraws a request (BOOK-7); the owner is mailed. False when it is no longer a request. */
  withdraw(b: Booking): boolean {
    this.notInSteps();
    const at = this.now();
    const done = this.db
      .transaction((): boolean => {
        if (!setStatus(this.db, b.id, ['requested'], 'withdrawn', at)) return false;
        const after = getBooking(this.db, b.id)!;
        this.runSteps({ booking: after, event: 'withdrawn', at, actor: 'guest' });
        this.mail('owner-withdrawn', after, at);
        return true;
      })
      .immediate();
    this.mailer.poke();
    return done;
  }

  /** Expires the requests unanswered for BOOKING_REQUEST_HOURS (BOOK-9), mailing each guest; returns how many. */
  expireStale(): number {
    this.notInSteps();
    const at = this.now();
    const before = at - this.config.bookings.requestHours * HOUR_MS;
    let expired = 0;
    for (const b of staleRequests(this.db, before)) {
      this.db
        .transaction(() => {
          if (!setStatus(this.db, b.id, ['requested'], 'expired', at)) return;
          const after = getBooking(this.db, b.id)!;
          this.runSteps({ booking: after, event: 'expired', at, actor: 'system' });
          this.mail('guest-expired', after, at);
          expired += 1;
        })
        .immediate();
    }
    if (expired > 0) this.mailer.poke();
    return expired;
  }

  /**
   * Erases guest data GUEST_DATA_DAYS after check-out (BOOK-9; the retention table's period, PRIV-1),
   * with the booking's mail and the page links mailed to the guest (PRIV-14), and the shared links
   * past their own period (PRIV-9); returns how many
   * bookings were erased. A batch that erased anything ends by truncating the WAL (RUNTIME-3), so no older
   * version of the erased rows is left in it (`secure_delete` zeroes them in the database file);
   * when a reader holds the WAL for more than 200 ms, the next call tries again.
   */
  eraseOld(): number {
    const now = this.now();
    const at = now;
    const last = addDays(today(now), -keptDays('booking-contacts', this.config));
    // PRIV-9: the owner's shared links go after their own period, whatever became of the contacts.
    const links = deleteShareLinksBefore(
      this.db,
      addDays(today(now), -keptDays('share-links', this.config)),
      hashToken,
    );
    const ids = bookingsToErase(this.db, last);
    for (const id of ids) {
      this.db
        .transaction(() => {
          eraseGuestData(this.db, id, at);
          deleteMailOf(this.db, id);
          deleteTokensOf(this.db, id);
        })
        .immediate();
    }
    if (ids.length + links > 0) this.walToTruncate = true;
    if (this.walToTruncate) this.walToTruncate = !truncateWal(this.db);
    return ids.length;
  }

  /** The bookings whose guest gave `email` (PRIV-4: who a rights request is about). */
  holding(email: string): Booking[] {
    return bookingsOfEmail(this.db, email);
  }

  /**
   * Erases the guest data of `ids` now, as eraseOld does at its time (PRIV-6: a guest's erasure
   * request), with their mail, inside the caller's transaction when there is one; the WAL is
   * truncated by `settleErasure` after it commits.
   */
  eraseNow(ids: string[]): void {
    const at = this.now();
    for (const id of ids) {
      eraseGuestData(this.db, id, at);
      deleteMailOf(this.db, id);
    }
    if (ids.length > 0) this.walToTruncate = true;
  }

  /** Truncates the WAL after an erasure (RUNTIME-3); a reader holding it: tried again by eraseOld. */
  settleErasure(): void {
    if (this.walToTruncate) this.walToTruncate = !truncateWal(this.db);
  }

  /** Applies a guest's corrections to the contact fields of `ids` (PRIV-4). */
  correct(ids: string[], fields: { name?: string; phone?: string; email?: string }): void {
    const at = this.now();
    for (const id of ids) correctContact(this.db, id, fields, at);
  }

  /**
   * Bookings as the owner's inbox shows them, with their GST documents, payment and the mail about
   * each not sent yet (BOOK-8); a fixed number of queries however many (PERF-12).
   */
  ownerView(rows: Booking[]): OwnerBooking[] {
    const ids = rows.map((r) => r.id);
    const problems = mailProblems(this.db, ids);
    const parts = (this.followers?.ownerParts ?? []).map((part) => part(rows));
    const money = this.moneyOf(rows);
    // PRIV-9: a booking past its shared link's period gets none again.
    const linkedFrom = addDays(today(this.now()), -keptDays('share-links', this.config));
    const shared = this.shareTokens(rows.filter((b) => b.checkOut > linkedFrom).map((b) => b.id));
    const mailed = guestMailOf(this.db, ids);
    return rows.map((b, i) => ({
      ...forOwner(b),
      ...Object.assign({}, ...parts.map((p) => p[i])),
      ...((m) => (m ? { money: m } : {}))(money[i]),
      mailProblems: problems.get(b.id) ?? [],
      ...((token) => (token ? { pageUrl: this.pageUrl(b.id, token) } : {}))(shared.get(b.id)),
      guestMail: mailed.get(b.id) ?? 'none',
    }));
  }

  /**
   * The link the owner hands the guest of each of `ids` (DAY-1), by booking id: made the first
   * time a booking is shown to the owner (its hash a page token like a mail's), the same after.
   */
  private shareTokens(ids: readonly string[]): Map<string, string> {
    const known = shareTokensOf(this.db, ids);
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length === 0) return known;
    const at = this.now();
    this.db
      .transaction(() => {
        const again = shareTokensOf(this.db, missing);
        const links = missing
          .filter((id) => !again.has(id))
          .map((bookingId) => {
            const token = newToken();
            return { bookingId, token, tokenHash: hashToken(token) };
          });
        // One statement each for every new link: the page still costs a fixed number of queries (PERF-12).
        addShareTokens(this.db, links, at);
        for (const [id, token] of again) known.set(id, token);
        for (const l of links) known.set(l.bookingId, l.token);
      })
      .immediate();
    return known;
  }
}
