/**
 * Messages to the guest (MSG-1..MSG-8, decision 023): the owner's rules, each property's private
 * fields, and the schedule of each (booking, rule) of a confirmed booking.
 *
 * - A booking is scheduled in the transaction that confirms it (`onTransition`, the bookings'
 *   hook); a cancel drops what it had not been sent. `run` (jobs.ts, every minute) keeps the
 *   schedule true to the bookings and rules as they are now (a date change recomputes the time,
 *   a rule turned off drops its unsent rows) and sends what is due.
 * - A message whose time passed before its booking was confirmed goes within minutes, unless its
 *   rule skips late bookings; one whose time passed before its rule existed is skipped (turning a
 *   rule on never mails past guests).
 * - Sending: the e-mail is enqueued in the outbox (`../mail/`) in the transaction that marks the
 *   row sent, so it goes once and survives a restart; without the guest's e-mail (or when the
 *   rule says WhatsApp) the row waits in the owner's inbox with its WhatsApp link until the owner
 *   taps it. A variable without a value holds the message and the inbox says which: never a blank.
 * Times are ms since the epoch from `now`; days are Asia/Kolkata calendar days.
 */
import type { Config } from '../config.js';
import type { Db } from '../store/db.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import { enqueueMail } from '../mail/store.js';
import { messageMail } from '../mail/templates.js';
import type { BookingService, Mailer, TransitionHook } from '../bookings/service.js';
import { bookingPagePath, type Booking } from '../../shared/bookings.js';
import { addDays, formatDate, nights } from '../../shared/calendar-dates.js';
import { PROPERTY_TIME_ZONE, zonedTimeToUtc, type Clock } from '../../shared/instants.js';
import {
  DEFAULT_RULES,
  renderMessage,
  unknownVariable,
  VARIABLE_WORDS,
  variablesOf,
  whatsappLink,
  type MessagePreview,
  type MessageRule,
  type MessageVariable,
  type PropertyPrivate,
  type WaitingMessage,
} from '../../shared/messages.js';
import type { Property } from '../../shared/site-data.js';
import {
  dropUnsent,
  dueRows,
  getPrivate,
  markMessageSent,
  putScheduled,
  savePrivate,
  saveRules,
  scheduledOf,
  storedRules,
  unsentRows,
  type ScheduledRow,
} from './store.js';
import crypto from 'node:crypto';
import { formatPaise } from '../../shared/money.js';

/** A held or WhatsApp message still waiting this long after its time is given up (skipped). */
const STALE_AFTER_MS = 14 * 24 * 60 * 60 * 1000;

/** What a booking page link looks like in a preview: the real one is made for each message sent. */
const PREVIEW_TOKEN = '•••••';

/**
 * When a rule's message is due for a stay, ms: the rule's day (check-in or check-out, days
 * before or after) at its time in India; `confirmedAt` for the confirmed trigger.
 */
function dueAt(
  rule: Pick<MessageRule, 'trigger' | 'days' | 'time'>,
  stay: { checkIn: string; checkOut: string },
  confirmedAt: number,
): number {
  const day = {
    confirmed: undefined,
    'before-check-in': addDays(stay.checkIn, -rule.days),
    'check-in-day': stay.checkIn,
    'before-check-out': addDays(stay.checkOut, -rule.days),
    'after-check-out': addDays(stay.checkOut, rule.days),
  }[rule.trigger];
  if (day === undefined) return confirmedAt;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = rule.time.split(':').map(Number) as [number, number];
  return zonedTimeToUtc({ year, month, day: date, hour, minute, second: 0 }, PROPERTY_TIME_ZONE);
}

/** A message waiting for the owner (MSG-5, MSG-6): the API's WaitingMessage, its due time Unix ms. */
export type Waiting = Omit<WaitingMessage, 'dueAt'> & { dueAt: number };

/** The rules of one server and the messages they send. */
export class MessageService {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'site' | 'mail'>,
    private readonly mailer: Mailer,
    /** The published properties by id (their name, address and times). */
    private readonly properties: () => Map<string, Property>,
    /** The clock (ms since the epoch); tests move it. */
    private readonly now: Clock,
    /** The bookings, read through their service (decision 041). */
    private readonly bookings: Pick<BookingService, 'get' | 'list' | 'newPageToken'>,
  ) {}

  /** The rules: the owner's, or the shipped ones (all off) until the owner saves (MSG-1). */
  rules(): MessageRule[] {
    return storedRules(this.db) ?? DEFAULT_RULES.map((r) => ({ ...r }));
  }

  /**
   * Saves the rules whole (MSG-1, MSG-2) and reschedules at once. The shape is checked by the
   * route; here: 400 `rules.{i}.subject` or `.body` naming an unknown variable, `rules.{i}.id`
   * for an id given twice, `rules.{i}.propertyIds.{j}` for a property not published. A rule
   * without an id gets one.
   */
  saveRules(rules: (Omit<MessageRule, 'id'> & { id?: string })[]): MessageRule[] {
    const published = this.properties();
    const seen = new Set<string>();
    const saved = rules.map((r, i): MessageRule => {
      for (const field of ['subject', 'body'] as const) {
        const unknown = unknownVariable(r[field]);
        if (unknown !== undefined) {
          throw badRequest(
            `rules.${i}.${field}`,
            `“${unknown}” in double braces is not a word a message can fill in: use the words under the text.`,
          );
        }
      }
      const id = r.id ?? crypto.randomUUID().slice(0, 8);
      if (seen.has(id)) throw badRequest(`rules.${i}.id`, 'Two rules have the same id.');
      seen.add(id);
      r.propertyIds.forEach((p, j) => {
        if (!published.has(p)) {
          throw badRequest(
            `rules.${i}.propertyIds.${j}`,
            'There is no published property with this id.',
          );
        }
      });
      return { ...r, id };
    });
    const now = this.now();
    this.db
      .transaction(() => {
        saveRules(this.db, saved, now);
        this.reschedule(now);
      })
      .immediate();
    return saved;
  }

  /** A property's private fields (MSG-3), for the owner only. 404 for a property not published. */
  privateOf(propertyId: string): PropertyPrivate {
    if (!this.properties().has(propertyId)) throw notFound('id', 'There is no such property.');
    return getPrivate(this.db, propertyId);
  }

  /** Replaces a property's private fields (MSG-3); held messages waiting for them go at the next run. */
  savePrivate(propertyId: string, fields: PropertyPrivate): PropertyPrivate {
    if (!this.properties().has(propertyId)) throw notFound('id', 'There is no such property.');
    savePrivate(this.db, propertyId, fields, this.now());
    return getPrivate(this.db, propertyId);
  }

  /** The bookings' hook (MSG-4): a confirm schedules the booking, a cancel drops what was not sent. */
  readonly onTransition: TransitionHook = ({ booking, action, at }) => {
    if (action === 'cancel') dropUnsent(this.db, booking.id);
    if (booking.status === 'confirmed') this.schedule(booking, at, true);
  };

  /**
   * Schedules each enabled rule of a confirmed booking (MSG-4); `late` when the booking was just
   * confirmed: a time already past is then due at `now` (or skipped when the rule skips late
   * bookings). A stay whose dates changed since its row was computed is due again at its new time.
   */
  private schedule(b: Booking, now: number, late: boolean): void {
    const rows = new Map(scheduledOf(this.db, b.id).map((r) => [r.ruleId, r]));
    const confirmedAt = late ? now : b.updatedAt;
    for (const rule of this.rules()) {
      if (!applies(rule, b)) continue;
      const due = dueAt(rule, b, confirmedAt);
      const stay = { bookingId: b.id, ruleId: rule.id, checkIn: b.checkIn, checkOut: b.checkOut };
      const row = rows.get(rule.id);
      if (!row) {
        if (due > now) putScheduled(this.db, { ...stay, dueAt: due, state: 'scheduled' });
        else if (late && !rule.skipLate)
          putScheduled(this.db, { ...stay, dueAt: now, state: 'scheduled' });
        else putScheduled(this.db, { ...stay, dueAt: due, state: 'skipped' });
        continue;
      }
      if (row.state !== 'scheduled' && row.state !== 'held') continue;
      const datesChanged = row.checkIn !== b.checkIn || row.checkOut !== b.checkOut;
      if (due === row.dueAt && !datesChanged) continue;
      if (due > now) putScheduled(this.db, { ...stay, dueAt: due, state: 'scheduled' });
      else if (datesChanged) {
        putScheduled(
          this.db,
          rule.skipLate
            ? { ...stay, dueAt: due, state: 'skipped' }
            : { ...stay, dueAt: now, state: 'scheduled' },
        );
      } else if (row.dueAt > now) {
        // The owner moved the rule's time into the past: not sent now, as a new rule would not be.
        putScheduled(this.db, { ...row, dueAt: due, state: 'skipped' });
      }
    }
  }

  /** Makes the schedule true to every confirmed booking and rule as they are now. Call inside a transaction. */
  private reschedule(now: number): void {
    const confirmed = new Map(
      this.bookings
        .list('all')
        .filter((b) => b.status === 'confirmed' && b.erasedAt === undefined)
        .map((b) => [b.id, b]),
    );
    const rules = new Map(this.rules().map((r) => [r.id, r]));
    for (const row of unsentRows(this.db)) {
      const b = confirmed.get(row.bookingId);
      const rule = rules.get(row.ruleId);
      if (!b || !rule || !applies(rule, b)) dropUnsent(this.db, row.bookingId, row.ruleId);
      else if (row.state !== 'scheduled' && row.dueAt < now - STALE_AFTER_MS) {
        // Too late to be of use: off the owner's inbox, its text (the guest's words) dropped.
        putScheduled(this.db, {
          ...row,
          state: 'skipped',
          problem: undefined,
          whatsappText: undefined,
        });
      }
    }
    for (const b of confirmed.values()) this.schedule(b, now, false);
  }

  /**
   * The job (MSG-4, MSG-5): reschedules, then sends each message due by now, or holds it when a
   * variable has no value, or leaves it for the owner's WhatsApp. Returns the counts of changes.
   */
  run(): { sent: number; held: number; whatsapp: number } {
    const now = this.now();
    // `still`: held before for the same reason, not counted again.
    const counts = { sent: 0, held: 0, whatsapp: 0, still: 0 };
    this.db.transaction(() => this.reschedule(now)).immediate();
    const rules = new Map(this.rules().map((r) => [r.id, r]));
    for (const row of dueRows(this.db, now)) {
      this.db
        .transaction(() => {
          const b = this.bookings.get(row.bookingId);
          const rule = rules.get(row.ruleId);
          if (!b || !rule || b.status !== 'confirmed' || b.erasedAt !== undefined) {
            dropUnsent(this.db, row.bookingId, row.ruleId);
            return;
          }
          const outcome = this.send(row, rule, b, now);
          counts[outcome] += 1;
        })
        .immediate();
    }
    if (counts.sent > 0) this.mailer.poke();
    return { sent: counts.sent, held: counts.held, whatsapp: counts.whatsapp };
  }

  private send(
    row: ScheduledRow,
    rule: MessageRule,
    b: Booking,
    now: number,
  ): 'sent' | 'held' | 'whatsapp' | 'still' {
    const probe = this.rendered(rule, b, `${this.config.site.siteUrl}/`);
    if (probe.missing.length > 0) {
      const what = probe.missing.map((v) => VARIABLE_WORDS[v]).join(', ');
      const problem = `“${rule.name}” to ${b.name ?? 'the guest'} is held: ${what} ${probe.missing.length === 1 ? 'is' : 'are'} not set. Set ${probe.missing.length === 1 ? 'it' : 'them'} in Messages (Wi-Fi, arrival instructions) or on the property’s page, and it goes within minutes.`;
      if (row.state === 'held' && row.problem === problem) return 'still';
      putScheduled(this.db, { ...row, state: 'held', problem });
      return 'held';
    }
    const uses = variablesOf(`${rule.subject}\n${rule.body}`);
    const link =
      uses.includes('booking_page_url') || uses.includes('review_url')
        ? this.newPageUrl(b.id, now)
        : '';
    const { subject, body } = this.rendered(rule, b, link);
    const byMail = rule.channel !== 'whatsapp' && b.email !== undefined && this.mailer.enabled;
    if (byMail) {
      enqueueMail(
        this.db,
        {
          kind: 'guest-message',
          bookingId: b.id,
          to: b.email!,
          ...messageMail(subject, body, this.config.site),
        },
        now,
      );
      markMessageSent(this.db, b.id, rule.id, ['scheduled', 'held'], 'email', now);
      return 'sent';
    }
    putScheduled(this.db, {
      ...row,
      state: 'whatsapp',
      whatsappText: `${subject}\n\n${body}`,
    });
    return 'whatsapp';
  }

  /** A fresh token for the booking's page, stored hashed (BOOK-5); its URL. */
  private newPageUrl(bookingId: string, at: number): string {
    return this.pageUrl(bookingId, this.bookings.newPageToken(bookingId, at));
  }

  private pageUrl(bookingId: string, token: string): string {
    return `${this.config.site.siteUrl}${bookingPagePath(bookingId, token)}`;
  }

  /** The values of every variable for a booking (MSG-2); `link` the booking page's URL. */
  private values(b: Booking, link: string): Partial<Record<MessageVariable, string>> {
    const p = this.properties().get(b.propertyId);
    const priv = getPrivate(this.db, b.propertyId);
    const address = p?.address;
    return {
      guest_first_name: b.name?.trim().split(/\s+/)[0],
      property_name: p?.name ?? b.propertyName,
      property_address: address,
      // Google Maps URLs (a documented, key-free link): a search for the address.
      map_url: address
        ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
        : undefined,
      check_in_date: formatDate(b.checkIn),
      check_in_time: p?.checkInTime,
      check_out_date: formatDate(b.checkOut),
      check_out_time: p?.checkOutTime,
      nights: String(nights(b.checkIn, b.checkOut)),
      guests: String(b.guests),
      reference: b.reference,
      booking_page_url: link,
      balance_due: b.quote ? formatPaise(b.quote.totalPaise - b.quote.advancePaise) : undefined,
      owner_phone: this.config.site.phone,
      wifi_name: priv.wifiName,
      wifi_password: priv.wifiPassword,
      arrival_instructions: priv.arrivalInstructions,
      review_url: link && `${link}/review`,
    };
  }

  private rendered(rule: Pick<MessageRule, 'subject' | 'body'>, b: Booking, link: string) {
    const values = this.values(b, link);
    const subject = renderMessage(rule.subject, values);
    const body = renderMessage(rule.body, values);
    return {
      subject: subject.text,
      body: body.text,
      missing: [...new Set([...subject.missing, ...body.missing])],
    };
  }

  /**
   * A rule (as edited, unsaved) rendered for a booking (MSG-7): the booking page's link shown
   * with its token hidden (each message sent gets a link of its own). 404 for an unknown booking,
   * 400 `rule.body` naming an unknown variable.
   */
  preview(rule: Pick<MessageRule, 'subject' | 'body'>, bookingId: string): MessagePreview {
    for (const field of ['subject', 'body'] as const) {
      const unknown = unknownVariable(rule[field]);
      if (unknown !== undefined) {
        throw badRequest(
          `rule.${field}`,
          `“${unknown}” in double braces is not a word a message can fill in: use the words under the text.`,
        );
      }
    }
    const b = this.bookings.get(bookingId);
    if (!b || b.erasedAt !== undefined) throw notFound('bookingId', 'There is no such booking.');
    return this.rendered(rule, b, this.pageUrl(b.id, PREVIEW_TOKEN));
  }

  /** "Send a test" (MSG-7): the preview mailed to NOTIFY_EMAIL. 409 when mail is off. */
  sendTest(rule: Pick<MessageRule, 'subject' | 'body'>, bookingId: string): { to: string } {
    const shown = this.preview(rule, bookingId);
    if (!this.mailer.enabled) {
      throw new ApiError(
        409,
        'Mail is off (no mail server is set up for this site): no test can be sent.',
        {
          field: 'mail',
        },
      );
    }
    const to = this.config.mail.notifyEmail;
    const now = this.now();
    enqueueMail(
      this.db,
      {
        kind: 'owner-message-test',
        to,
        ...messageMail(`[Test] ${shown.subject}`, shown.body, this.config.site),
      },
      now,
    );
    this.mailer.poke();
    return { to };
  }

  /**
   * The messages waiting for the owner (MSG-5, MSG-6): held ones with their problem, WhatsApp ones
   * with their link; `dueAt` Unix ms (the route answers it as ISO 8601, SHAPE-7).
   */
  waiting(): Waiting[] {
    const rules = new Map(this.rules().map((r) => [r.id, r]));
    const out: Waiting[] = [];
    for (const row of unsentRows(this.db)) {
      if (row.state !== 'held' && row.state !== 'whatsapp') continue;
      const b = this.bookings.get(row.bookingId);
      if (!b) continue;
      out.push({
        bookingId: b.id,
        ruleId: row.ruleId,
        reference: b.reference,
        ...(b.name === undefined ? {} : { guestName: b.name }),
        ruleName: rules.get(row.ruleId)?.name ?? row.ruleId,
        state: row.state,
        ...(row.problem === undefined ? {} : { problem: row.problem }),
        ...(row.state === 'whatsapp' && b.phone && row.whatsappText
          ? { whatsappUrl: whatsappLink(b.phone, row.whatsappText) }
          : {}),
        dueAt: row.dueAt,
      });
    }
    return out;
  }

  /** The owner tapped "Send on WhatsApp" (MSG-6): the message is sent. 404 when none waits. */
  markWhatsAppSent(bookingId: string, ruleId: string): void {
    if (!markMessageSent(this.db, bookingId, ruleId, ['whatsapp'], 'whatsapp', this.now())) {
      throw notFound('ruleId', 'No WhatsApp message waits for this booking and rule.');
    }
  }
}

/** True when a rule is on and covers the booking's property (no properties named: every one). */
function applies(rule: MessageRule, b: Booking): boolean {
  return rule.enabled && (rule.propertyIds.length === 0 || rule.propertyIds.includes(b.propertyId));
}
