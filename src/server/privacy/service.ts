/**
 * The privacy desk (PRIV-4..PRIV-7, decision 044): a guest's rights requests (DPDP Act 2023
 * s.11 access, s.12 correction and erasure, s.13 grievance, s.14 nomination; DPDP Rules 2025
 * rule 14), the owner's answers, and the breach procedure (rule 7).
 * - `ask`: a request from the privacy page's form; stored and mailed a one-time link (48 hours)
 *   only when a booking holds the address, so the answer never says whether it is known.
 * - `askFromBooking`: from the guest's own booking page, whose token proves the address: open at
 *   once. `open`: the one-time link followed. `dueAt` = opened + PRIVACY_ANSWER_DAYS.
 * - `answer`: send-summary, erase, correct or refuse, each mailed through the outbox naming
 *   PRIVACY_CONTACT, in the transaction that records it.
 * - `recordBreach`, `tellGuests`: the Board's report due at discovery + 72 hours (rule 7(2)(b)),
 *   the intimation to each affected guest once (rule 7(1)).
 * Every answer, every opening of a summary link, a breach recorded, the guests told and the Board
 * told are written to the access log (TEAM-7, PRIV-10; DPDP Rules 2025 rule 6(1)(e)) through its
 * service, in the transaction that does them, naming the booking references (never the data).
 * Instants are Unix ms throughout, from the app's clock (decision 062, SHAPE-8): the routes read
 * the owner's times from their ISO text and answer the views' instants as ISO 8601.
 */
import crypto from 'node:crypto';
import type { Config } from '../config.js';
import { truncateWal, type Db } from '../store/db.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import { enqueueMail, deleteSentPrivacyMail } from '../mail/store.js';
import { privacyMail, type Block } from '../mail/templates.js';
import type { BookingService, Mailer } from '../bookings/service.js';
import type { ReviewService } from '../reviews/service.js';
import type { AccessLog } from '../access-log/service.js';
import { forOwner } from '../bookings/views.js';
import { addDays, formatDate } from '../../shared/calendar-dates.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, formatInstant, type Clock } from '../../shared/instants.js';
import { readPhone } from '../../shared/phone.js';
import {
  REQUEST_KIND_WORDS,
  type AnswerAction,
  type AnswerResult,
  type BoardStage,
  type BreachBody,
  type BreachView,
  type KeptItem,
  type PrivacyRequestView,
  type RequestKind,
} from '../../shared/privacy.js';
import { keptDays, type DataClass } from './retention.js';
import {
  addressesOf,
  forgetRequestsOf,
  getBreach,
  getRequest,
  heldAbout,
  insertBreach,
  insertRequest,
  insertSummary,
  listBreaches,
  markBoardTold,
  markGuestsTold,
  openByLink,
  openedRequests,
  setAnswer,
  summaryByHash,
  sweepRequests,
  type BreachRow,
  type RequestRow,
  type SummaryDocument,
} from './store.js';

/** The classes of the retention table the desk's sweep job erases (PRIV-1). */
export const PRIVACY_ERASES: readonly DataClass[] = ['privacy-requests'];

/** The classes of the retention table an erasure answer erases at once (PRIV-6). */
export const DESK_ERASES: readonly DataClass[] = ['booking-contacts', 'mail', 'reviews'];

/** How long the one-time link that opens a request works (PRIV-4). */
const LINK_HOURS = 48;
/** How long the link to a summary works (PRIV-4). */
const SUMMARY_DAYS = 7;
/** The Board's report is due this long after discovery (DPDP Rules 2025 rule 7(2)(b)). */
const BOARD_REPORT_HOURS = 72;
/** An answered request is kept this long as the record of the answer (PRIV-1; rule 8(3)). */
const ANSWERED_KEPT_DAYS = 365;

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const newId = () => crypto.randomBytes(12).toString('base64url');
const newToken = () => crypto.randomBytes(16).toString('base64url');

/** A request as the guest sends it (PRIV-4). */
export interface RequestInput {
  kind: RequestKind;
  email: string;
  bookingReference?: string;
  message?: string;
}

/** An answer as the owner gives it (PRIV-4). */
export interface AnswerInput {
  action: AnswerAction;
  message: string;
  corrections?: { name?: string; phone?: string; email?: string };
}

/** A breach as the owner records it (PRIV-7, PRIV-11, PRIV-15): its discovery read by the route, Unix ms. */
export type BreachInput = Omit<BreachBody, 'discoveredAt'> & { discoveredAt: number };

/** A request as the owner's list shows it, its instants Unix ms (the route answers ISO 8601). */
export type RequestView = Omit<PrivacyRequestView, 'receivedAt' | 'dueAt' | 'answeredAt'> & {
  receivedAt: number;
  dueAt: number;
  answeredAt?: number;
};

/** The owner's answer's result (AnswerResult), the request's instants Unix ms. */
export type Answered = Omit<AnswerResult, 'request'> & { request: RequestView };

/** A breach as the owner's desk shows it, its instants Unix ms (the route answers ISO 8601). */
export type BreachState = Omit<
  BreachView,
  'discoveredAt' | 'boardReportDueAt' | 'guestsToldAt' | 'boardIntimatedAt' | 'boardReportedAt'
> & {
  discoveredAt: number;
  boardReportDueAt: number;
  guestsToldAt?: number;
  boardIntimatedAt?: number;
  boardReportedAt?: number;
};

/** The access log's words for each answer (PRIV-10). */
const ANSWER_LOGGED: Record<AnswerAction, string> = {
  'send-summary': 'privacy request answered: summary of the guest’s data sent',
  erase: 'privacy request answered: guest’s data erased',
  correct: 'privacy request answered: guest’s contact details corrected',
  refuse: 'privacy request refused',
};

/** Who an access-log entry names when the guest opened their own summary link. */
const GUEST_BY_LINK = 'guest (summary link)';

export class PrivacyService {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'site' | 'bookings' | 'backup' | 'privacy' | 'mail'>,
    private readonly mailer: Mailer,
    private readonly bookings: BookingService,
    private readonly reviews: ReviewService,
    private readonly accessLog: Pick<AccessLog, 'record'>,
    readonly now: Clock,
  ) {}

  /** One access-log entry per booking reference, or one naming none (PRIV-10). */
  private logAccess(username: string, action: string, references: readonly string[]): void {
    if (references.length === 0) this.accessLog.record({ username, action });
    for (const bookingReference of references)
      this.accessLog.record({ username, action, bookingReference });
  }

  /**
   * opened + PRIVACY_ANSWER_DAYS (DPDP Rules 2025 rule 14(3)), Unix ms: the same hour of the day
   * in India, which has no daylight saving.
   */
  dueAt(openedAt: number): number {
    return openedAt + this.config.privacy.answerDays * DAY_MS;
  }

  private mail(
    kind: Parameters<typeof enqueueMail>[1]['kind'],
    to: string,
    subject: string,
    blocks: Block[],
  ): void {
    const m = privacyMail(subject, blocks, this.config.site, this.config.privacy.contact);
    enqueueMail(this.db, { kind, to, ...m }, this.now());
  }

  /** The owner is told of an opened request (NOTIFY_EMAIL), with its due date. */
  private tellOwner(r: RequestRow): void {
    this.mail(
      'owner-privacy-request',
      this.config.mail.notifyEmail,
      `Privacy request: ${REQUEST_KIND_WORDS[r.kind].en}`,
      [
        `A guest asked: ${REQUEST_KIND_WORDS[r.kind].en}. Answer by ${formatInstant(r.dueAt!)} (PRIVACY_ANSWER_DAYS).`,
        { label: 'Open the Privacy dialog', href: `${this.config.site.siteUrl}/admin` },
      ],
    );
  }

  /**
   * A request from the privacy page (PRIV-4). Stored, with a one-time link mailed to `email`,
   * only when a booking holds the address; otherwise nothing is stored or sent. The caller
   * answers 202 either way.
   */
  ask(input: RequestInput): void {
    const holding = this.bookings.holding(input.email);
    // The address as the booking holds it: the guest proved it once already by receiving mail.
    const email = holding.find((b) => b.email)?.email;
    if (!email) return;
    const token = newToken();
    const id = newId();
    this.db
      .transaction(() => {
        insertRequest(this.db, {
          id,
          kind: input.kind,
          email,
          bookingReference: input.bookingReference ?? null,
          message: input.message ?? '',
          createdAt: this.now(),
          status: 'unopened',
          link: { hash: hash(token), expiresAt: this.now() + LINK_HOURS * HOUR_MS },
        });
        this.mail('guest-privacy-link', email, 'Open your privacy request', [
          `We received a request about your data: ${REQUEST_KIND_WORDS[input.kind].en}. To open it, follow this link within ${LINK_HOURS} hours. If you did not ask, ignore this mail: nothing happens.`,
          { label: 'Open my request', href: `${this.config.site.siteUrl}/privacy/open/${token}` },
        ]);
      })
      .immediate();
    this.mailer.poke();
  }

  /** Opens the request of a one-time link (PRIV-4); undefined when used, expired or unknown. */
  open(token: string): RequestRow | undefined {
    if (!/^[A-Za-z0-9_-]{22}$/.test(token)) return undefined;
    const at = this.now();
    const opened = this.db
      .transaction(() => {
        const r = openByLink(this.db, hash(token), this.now(), at, this.dueAt(at));
        if (r) this.tellOwner(r);
        return r;
      })
      .immediate();
    if (opened) this.mailer.poke();
    return opened;
  }

  /** A request from the guest's own booking page: the page's token proves it, open at once. */
  askFromBooking(
    booking: { reference: string; email?: string },
    kind: RequestKind,
    message: string,
  ): RequestRow {
    const at = this.now();
    const id = newId();
    this.db
      .transaction(() => {
        insertRequest(this.db, {
          id,
          kind,
          email: booking.email ?? null,
          bookingReference: booking.reference,
          message,
          createdAt: at,
          status: 'open',
          openedAt: at,
          dueAt: this.dueAt(at),
        });
        this.tellOwner(getRequest(this.db, id)!);
      })
      .immediate();
    this.mailer.poke();
    return getRequest(this.db, id)!;
  }

  private view(r: RequestRow): RequestView {
    const references = r.email ? this.bookings.holding(r.email).map((b) => b.reference) : [];
    if (r.bookingReference && !references.includes(r.bookingReference) && r.email === null)
      references.push(r.bookingReference);
    return {
      id: r.id,
      kind: r.kind,
      status: r.status === 'unopened' ? 'open' : r.status,
      receivedAt: r.openedAt!,
      dueAt: r.dueAt!,
      bookingReferences: references,
      message: r.message,
      ...(r.answeredAt !== null ? { answeredAt: r.answeredAt } : {}),
      ...(r.answerText ? { answer: r.answerText } : {}),
    };
  }

  /** The opened requests (GET /api/privacy/requests), open ones first, soonest due first. */
  list(): RequestView[] {
    return openedRequests(this.db).map((r) => this.view(r));
  }

  /**
   * Everything held about the guest of `email` (DPDP Act s.11(1)): a JSON-ready object but for
   * `madeAt` (Unix ms), which the store writes as ISO 8601 with the summary.
   */
  summaryOf(email: string): SummaryDocument {
    const bookings = this.bookings.holding(email);
    const held = heldAbout(
      this.db,
      bookings.map((b) => b.id),
    );
    return {
      business: this.config.site.businessName,
      contact: this.config.privacy.contact,
      madeAt: this.now(),
      bookings: bookings.map((b) => forOwner(b)),
      ...held,
      sharedWith: [
        'The mail provider that delivers our mail (the mails listed)',
        'Razorpay, for a payment made online (the payments listed)',
        'The GST Network, for a company’s GSTIN on a B2B invoice (the documents listed)',
        'The Bureau of Immigration’s portal, for a foreign guest’s Form III (the register entries listed)',
        'Our storage provider, for the encrypted copy',
      ],
    };
  }

  /**
   * The summary JSON a summary link names, unless expired (PRIV-4); each reading is written to the
   * access log under GUEST_BY_LINK with the summary's booking references (PRIV-10).
   */
  summary(token: string): string | undefined {
    if (!/^[A-Za-z0-9_-]{22}$/.test(token)) return undefined;
    const json = summaryByHash(this.db, hash(token), this.now());
    if (json !== undefined) {
      const bookings = (JSON.parse(json) as { bookings?: { reference?: string }[] }).bookings ?? [];
      this.logAccess(
        GUEST_BY_LINK,
        'summary of the guest’s data opened by its link',
        bookings.flatMap((b) => (b.reference ? [b.reference] : [])),
      );
    }
    return json;
  }

  /**
   * The owner's answer to an open request (PRIV-4, PRIV-6), by `username`, written to the access
   * log in its transaction (PRIV-10). 404 for no such request, 409 when it is no longer open, 400
   * naming `message` (refuse without a reason) or `corrections`.
   */
  answer(id: string, input: AnswerInput, username: string): Answered {
    const r = getRequest(this.db, id);
    if (!r || r.status === 'unopened') throw notFound('id', 'There is no such request.');
    if (r.status !== 'open')
      throw new ApiError(409, 'This request is already answered.', { field: 'id' });
    const message = input.message.trim();
    if (input.action === 'refuse' && message === '')
      throw badRequest(
        'message',
        'Say why you refuse: the guest is told, and may go to the Board.',
      );
    const email = r.email;
    const holding = email ? this.bookings.holding(email) : [];
    const ids = holding.map((b) => b.id);
    const at = this.now();
    let kept: KeptItem[] | undefined;
    const blocks: Block[] = message ? [message] : [];
    let corrections: AnswerInput['corrections'];
    if (input.action === 'correct') corrections = this.checkCorrections(input.corrections);

    this.db
      .transaction(() => {
        if (input.action === 'send-summary') {
          if (!email)
            throw new ApiError(409, 'This request has no e-mail to send a summary to.', {
              field: 'id',
            });
          const token = newToken();
          insertSummary(
            this.db,
            hash(token),
            id,
            this.now() + SUMMARY_DAYS * DAY_MS,
            this.summaryOf(email),
          );
          const base = `${this.config.site.siteUrl}/privacy/summary/${token}`;
          blocks.push(
            `Here is everything we hold about you and who we shared it with. The links work for ${SUMMARY_DAYS} days.`,
            { label: 'Read it', href: base },
            { label: 'Download it (JSON)', href: `${base}/data.json` },
          );
        } else if (input.action === 'erase') {
          kept = this.keptAfterErasure(holding.map((b) => b.id));
          for (const bookingId of ids) this.reviews.eraseOf(bookingId);
          this.bookings.eraseNow(ids);
          blocks.push(
            'We have erased your name, phone, e-mail, messages, reviews and our mail to you.',
            ...(kept.length
              ? kept.map((k) => `Kept: ${k.what}. Why: ${k.why}. Until: ${k.until}.`)
              : ['Nothing else is kept.']),
            `Our encrypted copy keeps the erased data at most ${keptDays('backup', this.config)} more days.`,
          );
        } else if (input.action === 'correct') {
          this.bookings.correct(ids, corrections!);
          blocks.push(`We corrected: ${Object.keys(corrections!).join(', ')}.`);
        } else {
          blocks.push(
            'If this does not settle it, you may complain to the Data Protection Board of India (DPDP Act 2023, section 13(3)).',
          );
        }
        const answerText = blocks.filter((b): b is string => typeof b === 'string').join('\n\n');
        setAnswer(
          this.db,
          id,
          input.action === 'refuse' ? 'refused' : 'answered',
          input.action,
          answerText,
          at,
        );
        const references = holding.map((b) => b.reference);
        if (references.length === 0 && r.bookingReference) references.push(r.bookingReference);
        this.logAccess(username, ANSWER_LOGGED[input.action], references);
        if (email) {
          this.mail(
            'guest-privacy-answer',
            email,
            `Your request about your data: ${REQUEST_KIND_WORDS[r.kind].en}`,
            blocks,
          );
          if (input.action === 'erase') forgetRequestsOf(this.db, email);
        }
      })
      .immediate();
    if (input.action === 'erase') this.bookings.settleErasure();
    this.mailer.poke();
    return { request: this.view(getRequest(this.db, id)!), ...(kept ? { kept } : {}) };
  }

  /** What a law keeps after an erasure of `bookingIds` (PRIV-6): GST documents, register, payments. */
  private keptAfterErasure(bookingIds: string[]): KeptItem[] {
    const held = heldAbout(this.db, bookingIds);
    const kept: KeptItem[] = [];
    if (held.documents.length > 0 || held.companies.length > 0)
      kept.push({
        what: `your name (and a company’s details) on GST documents ${held.documents.map((d) => d.number).join(', ')}`,
        why: 'GST law asks us to keep our accounts and documents (CGST Act 2017 s.35, s.36; CGST Rules rule 56)',
        until: '72 months from the due date of that year’s annual GST return',
      });
    for (const e of held.register) {
      kept.push({
        what: `the guest register entry of your stay from ${formatDate(e.arrival)}`,
        why: 'the law asks us to keep the register (Immigration and Foreigners Rules 2025, rule 17; Form III)',
        until: formatDate(addDays(e.departure, this.config.bookings.registerDays)),
      });
    }
    if (held.payments.some((p) => p.paymentId) || held.recordedPayments.length > 0)
      kept.push({
        what: 'the payment references, amounts and days of what you paid (no card or bank detail)',
        why: 'they are part of our accounts (CGST Act 2017 s.35, s.36)',
        until: '72 months from the due date of that year’s annual GST return',
      });
    kept.push({
      what: 'your e-mail address on this answer',
      why: 'to deliver it',
      until: 'it is delivered (then removed from our outbox)',
    });
    return kept;
  }

  private checkCorrections(c: AnswerInput['corrections']): NonNullable<AnswerInput['corrections']> {
    const out: NonNullable<AnswerInput['corrections']> = {};
    const name = c?.name?.trim();
    if (name) {
      if (name.length > 100 || /[\r\n<>]/.test(name))
        throw badRequest('corrections', 'The name must be at most 100 characters, one line.');
      out.name = name;
    }
    if (c?.phone?.trim()) {
      const phone = readPhone(c.phone.trim());
      if (!phone) throw badRequest('corrections', 'The phone is not a number we can call.');
      out.phone = phone;
    }
    const email = c?.email?.trim();
    if (email) {
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
        throw badRequest('corrections', 'The e-mail is not an address.');
      out.email = email;
    }
    if (Object.keys(out).length === 0)
      throw badRequest('corrections', 'Give the name, phone or e-mail to correct.');
    return out;
  }

  /** The desk's own erasure (PRIV-1): expired links and summaries, year-old answers, sent mail. */
  sweep(): number {
    const answeredBefore = this.now() - ANSWERED_KEPT_DAYS * DAY_MS;
    const erased = this.db
      .transaction(
        () => sweepRequests(this.db, this.now(), answeredBefore) + deleteSentPrivacyMail(this.db),
      )
      .immediate();
    // As the bookings' erasure (RUNTIME-3): no older version of a deleted row stays in the WAL.
    if (erased > 0) this.walToTruncate = true;
    if (this.walToTruncate) this.walToTruncate = !truncateWal(this.db);
    return erased;
  }

  /** A sweep whose WAL a reader kept from being truncated: tried again at the next sweep. */
  private walToTruncate = false;

  /**
   * Records a breach (PRIV-7, PRIV-11, PRIV-15) by `username`, written to the access log. `affected`
   * is "all" or booking references (each once however often named); `discoveredAt` Unix ms, read
   * by the route. 400 naming `affected` for a reference no booking has, `discoveredAt` for a time
   * in the future (beyond five minutes' drift of the owner's phone).
   */
  recordBreach(body: BreachInput, username: string): BreachState {
    // A reference named twice is one booking.
    const input = {
      ...body,
      affected: body.affected === 'all' ? ('all' as const) : [...new Set(body.affected)],
    };
    const discovered = input.discoveredAt;
    if (!Number.isFinite(discovered) || discovered > this.now() + 5 * MINUTE_MS)
      throw badRequest('discoveredAt', 'Give when the breach was discovered, not in the future.');
    if (input.affected !== 'all') {
      const known = new Set(addressesOf(this.db, input.affected).map((a) => a.reference));
      const unknown = input.affected.filter((ref) => !known.has(ref) && !this.referenceExists(ref));
      if (unknown.length > 0)
        throw badRequest('affected', `No booking has the reference ${unknown.join(', ')}.`);
    }
    const id = newId();
    this.db
      .transaction(() => {
        insertBreach(this.db, {
          id,
          discoveredAt: discovered,
          description: input.description,
          dataAffected: input.dataAffected?.trim() ?? '',
          measures: input.measures,
          affected: input.affected,
          createdAt: this.now(),
        });
        this.logAccess(
          username,
          'personal data breach recorded',
          input.affected === 'all' ? [] : input.affected,
        );
      })
      .immediate();
    return this.breachView(getBreach(this.db, id)!);
  }

  private referenceExists(ref: string): boolean {
    return this.db.prepare('SELECT 1 FROM bookings WHERE reference = ?').get(ref) !== undefined;
  }

  /** Every breach, newest first, with its pre-filled mail and report (PRIV-7). */
  breaches(): BreachState[] {
    return listBreaches(this.db).map((b) => this.breachView(b));
  }

  breach(id: string): BreachState {
    const b = getBreach(this.db, id);
    if (!b) throw notFound('id', 'There is no such breach.');
    return this.breachView(b);
  }

  private guestMail(b: BreachRow): { subject: string; text: string } {
    return {
      subject: `${this.config.site.businessName}: a problem with the security of your data`,
      text: [
        `What happened: ${b.description}`,
        ...(b.dataAffected ? [`What data it touched: ${b.dataAffected}`] : []),
        `When: discovered ${formatInstant(b.discoveredAt)} (India time).`,
        'What it may mean for you: someone may have seen or copied your booking details (name, phone, e-mail and stay). Be wary of calls, messages or mail that mention your stay and ask for money or codes.',
        `What we have done: ${b.measures}`,
        'What you can do: do not answer messages asking for payment in our name without calling us; change any password you reused with us; write to us with any question.',
        `Who to contact: ${this.config.privacy.contact}`,
      ].join('\n\n'),
    };
  }

  private breachView(b: BreachRow): BreachState {
    const guests = addressesOf(this.db, b.affected);
    const due = b.discoveredAt + BOARD_REPORT_HOURS * HOUR_MS;
    const mail = this.guestMail(b);
    const report = [
      'Report of a personal data breach to the Data Protection Board of India',
      '(Digital Personal Data Protection Rules 2025, rule 7(2)(b))',
      '',
      `Data Fiduciary: ${this.config.site.businessName}, ${this.config.site.officeAddress}`,
      `Contact: ${this.config.privacy.contact}`,
      `Discovered: ${formatInstant(b.discoveredAt)} (India time); report due by ${formatInstant(due)}`,
      '',
      `Facts, nature and extent: ${b.description}`,
      ...(b.dataAffected ? [`Personal data affected: ${b.dataAffected}`] : []),
      `First intimation to the Board (rule 7(2)(a)): ${b.boardIntimatedAt ? formatInstant(b.boardIntimatedAt) : 'not recorded yet'}`,
      `Affected: ${b.affected === 'all' ? 'every guest with a booking' : `the guests of bookings ${b.affected.join(', ')}`} (${guests.length} guests with an e-mail)`,
      'Causes and circumstances: [to complete]',
      `Measures taken to mitigate the risk: ${b.measures}`,
      'Findings about the person who caused it: [to complete]',
      'Remedial steps to prevent a recurrence: [to complete]',
      `Intimations to the affected guests: ${b.guestsToldAt ? `sent ${formatInstant(b.guestsToldAt)} to ${guests.length} guests` : 'not sent yet'}`,
    ].join('\n');
    return {
      id: b.id,
      discoveredAt: b.discoveredAt,
      boardReportDueAt: due,
      description: b.description,
      measures: b.measures,
      affected: b.affected,
      affectedGuests: guests.length,
      dataAffected: b.dataAffected,
      ...(b.guestsToldAt !== null ? { guestsToldAt: b.guestsToldAt } : {}),
      ...(b.boardIntimatedAt !== null ? { boardIntimatedAt: b.boardIntimatedAt } : {}),
      ...(b.boardReportedAt !== null ? { boardReportedAt: b.boardReportedAt } : {}),
      guestMail: mail,
      boardReport: report,
    };
  }

  /**
   * The owner (`username`) confirms: the intimation goes to each affected guest's address once
   * (rule 7(1)), enqueued in the transaction that marks the breach told and writes the access log
   * (PRIV-10). 409 when it was sent already.
   */
  tellGuests(id: string, username: string): BreachState {
    const b = getBreach(this.db, id);
    if (!b) throw notFound('id', 'There is no such breach.');
    const at = this.now();
    const told = this.db
      .transaction(() => {
        if (!markGuestsTold(this.db, id, at)) return false;
        const mail = this.guestMail(b);
        const guests = addressesOf(this.db, b.affected);
        for (const guest of guests)
          this.mail('guest-breach', guest.email, mail.subject, mail.text.split('\n\n'));
        this.logAccess(
          username,
          'personal data breach: affected guests told (DPDP Rules 2025 rule 7(1))',
          guests.map((g) => g.reference),
        );
        return true;
      })
      .immediate();
    if (!told) throw new ApiError(409, 'The guests were told already.', { field: 'id' });
    this.mailer.poke();
    return this.breach(id);
  }

  /**
   * Records when the Board was told (PRIV-11): `first`, the intimation without delay (DPDP Rules
   * 2025 rule 7(2)(a)); `report`, the detailed report within 72 hours (rule 7(2)(b)). `at` is Unix
   * ms (read by the route), not before the discovery nor in the future (400 naming `at`); 404 for
   * no such breach; 409 when that stage was recorded already. Written to the access log by
   * `username`.
   */
  boardTold(id: string, stage: BoardStage, at: number, username: string): BreachState {
    const b = getBreach(this.db, id);
    if (!b) throw notFound('id', 'There is no such breach.');
    const when = at;
    if (!Number.isFinite(when) || when > this.now() + 5 * MINUTE_MS || when < b.discoveredAt)
      throw badRequest(
        'at',
        'Give when the Board was told: after the discovery, not in the future.',
      );
    const recorded = this.db
      .transaction(() => {
        if (!markBoardTold(this.db, id, stage, when)) return false;
        this.logAccess(
          username,
          stage === 'first'
            ? 'personal data breach: Board told (DPDP Rules 2025 rule 7(2)(a))'
            : 'personal data breach: report sent to the Board (DPDP Rules 2025 rule 7(2)(b))',
          b.affected === 'all' ? [] : b.affected,
        );
        return true;
      })
      .immediate();
    if (!recorded) throw new ApiError(409, 'That was recorded already.', { field: 'stage' });
    return this.breach(id);
  }
}
