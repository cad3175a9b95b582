/**
 * What follows a booking change, declared once (decision 041). Bookings is the base: it changes
 * its rows and knows nothing of the features that follow it. Every change of a booking row (a
 * guest's request or withdrawal, the owner's actions, a gateway's payment, an expiry, a new quote)
 * runs these steps, in this order, inside the change's transaction:
 *
 *   1. gst-documents   the receipt voucher of an advance; on a cancel, the invoice of the amount
 *                      kept and the refund voucher (GST-2, GST-4); refuses a refund above the
 *                      advance (the change is rolled back and answered 400)
 *   2. ledger          records the event, who made it and the money it moved (LEDGER-2); before
 *                      the steps whose own events follow from it (a cancel's refund asked), so
 *                      a stay's history reads in the order things followed (decision 051)
 *   3. payment-links   asks for the Razorpay link of an accepted booking, cancels an unpaid one
 *                      (PAY-2, PAY-10), asks a cancel's refund (PAY-13)
 *   4. guest-messages  schedules the messages of a confirmed stay, drops them on a cancel (MSG-4)
 *
 * A step receives the change with its instant `at` as the clock's Unix ms, never as text
 * (decision 062, SHAPE-5). Then bookings enqueues the change's mail (BOOK-8). A step that fails
 * otherwise than by refusing loses only its own writes and is reported with its name; the change
 * stands (decision 041). A step cannot start another booking change (ReentrantChangeError). The owner's inbox view is
 * composed the same way: the documents' part, then the payment's part.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  BOOKING_ERASES,
  type BookingChange,
  type BookingService,
  type ChangeStep,
} from './bookings/service.js';
import { GST_ERASES, type GstService } from './gst/service.js';
import type { PaymentService } from './payments/service.js';
import { RECORDED_ERASES, type RecordedPayments } from './payments/recorded.js';
import type { MessageService } from './messages/service.js';
import type { LedgerService } from './ledger/service.js';
import type { Mailer } from './bookings/service.js';
import type { MailSender } from './mail/sender.js';
import type { CalendarSync } from './calendar/sync.js';
import { REGISTER_ERASES, type RegisterService } from './register/service.js';
import type { DirectEvent } from '../shared/ledger.js';
import { PRIVACY_ERASES, type PrivacyService } from './privacy/service.js';
import { ACCESS_LOG_ERASES, type AccessLog } from './access-log/service.js';
import type { TimedJob } from './jobs/runner.js';
import { DUE_EVERY_MS, GATEWAY_ERASES, RECONCILE_EVERY_MS } from './payments/service.js';
import { MINUTE_MS } from '../shared/instants.js';
import { nightsOf } from '../shared/calendar-dates.js';
import type { ReportSources } from './reports/service.js';

/**
 * The money a change moved, paise: the payment that confirmed it (the owner's recorded amount,
 * DAY-4, else the advance), the part returned on a cancel.
 */
function amountOf(change: BookingChange): number | undefined {
  if (change.event === 'paid') return change.recordedPaise ?? change.booking.quote?.advancePaise;
  if (change.event === 'cancelled') return change.refundPaise;
  return undefined;
}

/** The ordered list of what follows every booking change (decision 041), each step named. */
export function bookingSteps(parts: {
  gst: Pick<GstService, 'onTransition'>;
  payments: Pick<PaymentService, 'onTransition'>;
  messages: Pick<MessageService, 'onTransition'>;
  ledger: Pick<LedgerService, 'recordBooking'>;
}): ChangeStep[] {
  const { gst, payments, messages, ledger } = parts;
  return [
    { name: 'gst-documents', run: (change) => gst.onTransition(change) },
    {
      name: 'ledger',
      run: (change) =>
        ledger.recordBooking(change.booking, change.event, change.actor, {
          at: change.at,
          amountPaise: amountOf(change),
        }),
    },
    { name: 'payment-links', run: payments.onTransition },
    { name: 'guest-messages', run: messages.onTransition },
  ];
}

/**
 * Composes the bookings with what follows them: the ordered list, the owner's view's parts and,
 * on an issued invoice, the guest's mail with its link (GST-5) and the ledger's `invoiced`; the
 * ledger's events of a refund's life (PAY-12) and of a check-in (REG-4) (LEDGER-2, decision 051).
 * Called once by buildApp.
 */
export function composeBookings(parts: {
  bookings: BookingService;
  gst: GstService;
  payments: PaymentService;
  messages: MessageService;
  register: Pick<RegisterService, 'followCheckIns'>;
  ledger: LedgerService;
  mail: Mailer;
  log: FastifyBaseLogger;
  /** The payments the owner records (DAY-4): paid and balance of each booking. */
  recorded: Pick<RecordedPayments, 'moneyOf'>;
  /** The steps; bookingSteps' list unless a test declares its own. */
  steps?: readonly ChangeStep[];
}): void {
  const { bookings, gst, payments, ledger, mail, log } = parts;
  bookings.follow({
    steps: parts.steps ?? bookingSteps(parts),
    ownerParts: [gst.ownerPart, payments.ownerPart],
    money: (rows) => parts.recorded.moneyOf(rows),
    report: (step, err, change) =>
      log.error(
        { step, bookingId: change.booking.id, event: change.event, err },
        'a step that follows a booking change failed; the change stands',
      ),
  });
  gst.onInvoice((b, at, issued) => {
    bookings.mail('guest-invoice', b, at);
    ledger.recordBooking(b, 'invoiced', issued.actor, {
      at,
      amountPaise: issued.totalPaise,
    });
    mail.poke();
  });
  // A refund or a check-in stands without its ledger event: the event's own savepoint is rolled
  // back and the failure logged, as a failing step of the list is (decision 041).
  const record = (
    bookingId: string,
    kind: DirectEvent,
    event: { at: number; actor: string; amountPaise?: number },
  ) => {
    try {
      const b = bookings.get(bookingId);
      if (b) ledger.recordBooking(b, kind, event.actor, event);
    } catch (err) {
      log.error({ bookingId, event: kind, err }, 'a ledger event failed; what it records stands');
    }
  };
  parts.payments.followRefunds((step) => record(step.bookingId, step.kind, step));
  parts.register.followCheckIns((checkIn) => record(checkIn.bookingId, 'checked-in', checkIn));
}

/**
 * Every periodic job of the server, declared once (decisions 042, 051): its name, its period (and
 * for the outbox, when its own work is next due) and what it runs; the job runner
 * (jobs/runner.ts) claims, runs, backs off and reports them (JOB-1..JOB-5). Not here: the backup's
 * copy (backup/service.ts), which is no timed work but a watch of every commit (BACKUP-1).
 */
export function timedJobs(parts: {
  mail: Pick<MailSender, 'sendDue' | 'nextDue'>;
  /** The feeds' sync and its period (syncPeriodMs; none when CALENDAR_SYNC_MINUTES is 0). */
  feeds: { sync: Pick<CalendarSync, 'syncAll'>; everyMs: number | undefined };
  bookings: Pick<BookingService, 'expireStale' | 'eraseOld'>;
  gst: Pick<GstService, 'issueDue' | 'eraseOldRecipients'>;
  payments: Pick<PaymentService, 'runDue' | 'reconcile' | 'eraseOldReferences'>;
  messages: Pick<MessageService, 'run'>;
  register: Pick<RegisterService, 'remindDue' | 'eraseOld'>;
  reviews: { run: () => Promise<void> };
  privacy: Pick<PrivacyService, 'sweep'>;
  recorded: Pick<RecordedPayments, 'eraseOldReferences'>;
  accessLog: Pick<AccessLog, 'eraseOld'>;
}): TimedJob[] {
  const { bookings, gst, payments, messages, register, reviews, privacy, mail, feeds, recorded } =
    parts;
  return [
    // BOOK-9: a request expires at most 5 minutes late; guest data goes GUEST_DATA_DAYS after check-out.
    {
      name: 'booking-expiry',
      everyMs: 5 * MINUTE_MS,
      run: () => ({ expired: bookings.expireStale() }),
    },
    {
      name: 'guest-data-erasure',
      everyMs: 5 * MINUTE_MS,
      erases: BOOKING_ERASES,
      run: () => ({ erased: bookings.eraseOld() }),
    },
    // PAY-2, PAY-10: links to make and cancel (each row has its own next try); PAY-6: missed webhooks.
    { name: 'payment-links', everyMs: DUE_EVERY_MS, run: () => payments.runDue() },
    {
      name: 'payment-checks',
      everyMs: RECONCILE_EVERY_MS,
      run: async () => ({ changed: await payments.reconcile() }),
    },
    // GST-2, CGST Rule 47: the invoices that issue themselves the day after check-out.
    { name: 'invoices', everyMs: 5 * MINUTE_MS, run: () => ({ issued: gst.issueDue() }) },
    // MSG-4: the messages to the guest due this minute.
    { name: 'guest-messages', everyMs: MINUTE_MS, run: () => messages.run() },
    // REG-6: Form III reminders; REG-7: register entries past their keeping.
    {
      name: 'register-reminders',
      everyMs: 5 * MINUTE_MS,
      run: () => ({ reminded: register.remindDue() }),
    },
    {
      name: 'register-erasure',
      everyMs: 5 * MINUTE_MS,
      erases: REGISTER_ERASES,
      run: () => ({ erased: register.eraseOld() }),
    },
    // REV-3: reviews past their 72 hours published, the site published again when they changed.
    { name: 'reviews', everyMs: 5 * MINUTE_MS, run: () => reviews.run() },
    // PRIV-1: unopened requests past their link, summaries past 7 days, answered requests a year on.
    {
      name: 'privacy-sweep',
      everyMs: 5 * MINUTE_MS,
      erases: PRIVACY_ERASES,
      run: () => ({ erased: privacy.sweep() }),
    },
    // BOOK-8: the outbox every minute, or at its next message's try; a change's mail is poked at once.
    {
      name: 'mail-outbox',
      everyMs: MINUTE_MS,
      nextDue: () => mail.nextDue(),
      run: async () => ({ sent: await mail.sendDue() }),
    },
    // AVL-4: every feed, every CALENDAR_SYNC_MINUTES (jittered per process).
    ...(feeds.everyMs === undefined
      ? []
      : [{ name: 'feed-sync', everyMs: feeds.everyMs, run: () => feeds.sync.syncAll() }]),
    // PRIV-9, PRIV-13: recorded payments' and Razorpay's references once their GST keeping is
    // over (a day's precision).
    {
      name: 'payment-reference-erasure',
      everyMs: 60 * MINUTE_MS,
      erases: [...RECORDED_ERASES, ...GATEWAY_ERASES],
      run: () => ({
        erased: recorded.eraseOldReferences(),
        gateway: payments.eraseOldReferences(),
      }),
    },
    // PRIV-13: GST documents' recipients once the documents' keeping is over (a day's precision).
    {
      name: 'gst-recipient-erasure',
      everyMs: 60 * MINUTE_MS,
      erases: GST_ERASES,
      run: () => ({ erased: gst.eraseOldRecipients() }),
    },
    // TEAM-7, PRIV-13: the access log's entries past their year.
    {
      name: 'access-log-erasure',
      everyMs: 60 * MINUTE_MS,
      erases: ACCESS_LOG_ERASES,
      run: () => ({ erased: parts.accessLog.eraseOld() }),
    },
  ];
}

/**
 * What the owner's figures read (FIG-8), composed from the features' services: the published
 * properties, the ledger's stays and events, each direct stay's nightly prices from its stored
 * quote, and the GST documents. Bookings stored before their quotes kept the nights share their
 * room value evenly over their nights (FIG-4).
 */
export function reportSources(parts: {
  propertyIds: () => string[];
  ledger: Pick<LedgerService, 'histories'>;
  bookings: Pick<BookingService, 'many'>;
  gst: Pick<GstService, 'figures'>;
  recorded: Pick<RecordedPayments, 'moneyFigures'>;
}): ReportSources {
  const { ledger, bookings, gst, recorded } = parts;
  return {
    propertyIds: parts.propertyIds,
    stays: (from, to) =>
      ledger.histories(from, to).map(({ stay, events }) => ({
        source: stay.source,
        propertyId: stay.propertyId,
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        bookingId: stay.bookingId ?? undefined,
        feedLabel: stay.feedLabel ?? undefined,
        unavailable: stay.unavailable,
        events,
      })),
    priced: (ids) =>
      new Map(
        bookings.many(ids).flatMap((b) => {
          const q = b.quote;
          if (!q) return [];
          if (q.nights) return [[b.id, { nights: q.nights, discountPaise: q.discountPaise ?? 0 }]];
          return [[b.id, evenNights(b.checkIn, b.checkOut, roomValueOf(q.lines))]];
        }),
      ),
    gst: (from, to) => gst.figures(from, to),
    money: (from, to) => recorded.moneyFigures(from, to),
  };
}

/** The room value of stored quote lines: all but the cleaning fee and GST (FIG-4). */
function roomValueOf(lines: readonly { label: string; amountPaise: number }[]): number {
  return lines
    .filter((l) => !l.label.startsWith('Cleaning fee') && !l.label.startsWith('GST'))
    .reduce((sum, l) => sum + l.amountPaise, 0);
}

/** `valuePaise` shared evenly over the nights of a stay, the last night taking the remainder. */
function evenNights(checkIn: string, checkOut: string, valuePaise: number) {
  const dates = nightsOf(checkIn, checkOut);
  const each = dates.length ? Math.floor(valuePaise / dates.length) : 0;
  return {
    nights: dates.map((date, i) => ({
      date,
      amountPaise: i === dates.length - 1 ? valuePaise - each * (dates.length - 1) : each,
    })),
    discountPaise: 0,
  };
}
