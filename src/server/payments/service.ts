/**
 * Advances paid through Razorpay Payment Links (PAY-2..PAY-8, decision 020):
 * - accepting a booking with an advance asks for a link in the accept's own transaction (a
 *   `link-pending` row, the transactional outbox pattern); the call to Razorpay is made after it,
 *   outside any transaction, and retried with growing waits while Razorpay does not answer, so the
 *   accept never fails because of Razorpay;
 * - a signed webhook (`payment_link.paid`) or the check every 15 minutes (a missed webhook) records
 *   the payment and confirms the booking through the bookings' own `paid` transition (so GST's
 *   receipt voucher follows, decision 021), with its mails, once: each event is remembered by its
 *   id, and a payment already recorded is not recorded again;
 * - a payment for a booking no longer waiting for it is recorded as needing a refund, the owner
 *   mailed; an expired link makes the advance overdue, and "Send a new link" asks for another;
 * - PAY-12..PAY-15 (decision 039): a refund is a record before it is a request. The owner's
 *   refund (and a cancel with a refund of an advance paid through Razorpay) stores the refund as
 *   `asked` with its own idempotency key, in one transaction with its GST refund documents; it is
 *   then sent by the runner (`X-Refund-Idempotency`, the key as receipt and note) and moves only
 *   forward: `made` (Razorpay's answer or its webhook, whichever first: the webhook adopts the
 *   asked row), `unknown` (no answer, 5xx, lost connection: the payment's refunds are read again,
 *   and the refund re-sent under the same key, with growing waits) or `failed` (a definite 4xx,
 *   its words; its documents are cancelled), never "not done" unless known;
 * - every webhook takes its property's turn (the bookings' keyed queue), as the owner's actions
 *   do, so a payment confirmed while a sync of that property writes waits for it;
 * - PAY-10, PAY-11: a made link the booking no longer waits for ("Advance received" by hand, a
 *   cancel, or a link Razorpay made after either) is cancelled with Razorpay: asked inside the
 *   owner's change, sent after it, retried with growing waits while Razorpay does not answer (the
 *   owner's action is never undone by it, and the inbox says the link is still open and why);
 *   a link Razorpay refuses to cancel is fetched, and a payment found on it is recorded as needing
 *   a refund, the owner mailed and told on the card.
 * Without RAZORPAY_* nothing here calls out; the owner's view still tells "paid by hand".
 * Log lines name bookings and events, never a key, a secret, a payment or link id.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { truncateWal, type Db } from '../store/db.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { BookingService, TransitionHook } from '../bookings/service.js';
import {
  RazorpayClient,
  RazorpayError,
  refundKeyOf,
  webhookSignatureValid,
  withoutIds,
  type LinkRequest,
  type RazorpayLink,
} from './razorpay.js';
import {
  askForLink,
  askLinkCancel,
  askRefund,
  bookingOfPayment,
  cancelsDue,
  followRefund,
  linkCancelDone,
  linkCancelFailed,
  linkMade,
  linkMadeLate,
  linkTryFailed,
  linksDue,
  openLinks,
  paymentOf,
  paymentOfLink,
  paymentsOf,
  recordPayment,
  refundFailed,
  refundMade,
  refundOf,
  refundSumsOf,
  refundUnknown,
  refundedPaise,
  refundsDue,
  eraseGatewayReferencesBefore,
  rememberEvent,
  setPaymentState,
  setRefundDocuments,
  type PaymentRow,
  type RefundRow,
  type RefundSums,
} from './store.js';
import type { Booking, OwnerPayment } from '../../shared/bookings.js';
import { formatDate, today } from '../../shared/calendar-dates.js';
import { startOfPropertyDay } from '../../shared/figures.js';
import { gstKeptFrom, type DataClass } from '../privacy/retention.js';
import { MINUTE_MS, type Clock } from '../../shared/instants.js';
import { formatPaise } from '../../shared/money.js';

/** PAY-6: how often unpaid links are checked with Razorpay (webhooks can be missed). */
export const RECONCILE_EVERY_MS = 15 * MINUTE_MS;
/** How often links waiting to be made are looked at (each has its own next try). */
export const DUE_EVERY_MS = 30_000;
/** Waits between tries at making a link: 30 s doubled, at most 15 minutes. */
function linkRetryDelay(tries: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, tries - 1), 15 * MINUTE_MS);
}
/** Razorpay's smallest refund, paise (Refunds API: "The amount must be at least INR 1.00"). */
const MIN_REFUND_PAISE = 100;
/** Waits between checks of a refund whose outcome is unknown (PAY-12): 1 minute doubled, at most an hour. */
function refundCheckDelay(tries: number): number {
  return Math.min(MINUTE_MS * 2 ** Math.max(0, tries - 1), 60 * MINUTE_MS);
}
/** A refund's own idempotency key (PAY-12): the booking's reference and 48 random bits (29 characters). */
function newRefundKey(b: Booking): string {
  return `${b.reference}-refund-${crypto.randomBytes(6).toString('hex')}`;
}
/** How long a link is open (PAY-2): 72 hours, and never past the start of the check-in day (IST). */
const LINK_OPEN_MS = 72 * 60 * MINUTE_MS;
/** Razorpay refuses an expiry less than 15 minutes ahead. */
const LINK_MIN_OPEN_MS = 60 * MINUTE_MS;

/** Where Razorpay sends the guest back after paying (PAY-4): this site, no token. */
export const RETURN_PATH = '/payments/razorpay/return';

/**
 * The GST refund documents a refund issues or withdraws (PAY-13: the gst feature's, set by app.ts);
 * each runs inside the caller's transaction.
 */
export interface RefundDocuments {
  /** The documents of a refund made after the cancel, their ids (none without GST). */
  refundDocuments(b: Booking, amountPaise: number, at: number): string[];
  /** The refund documents the cancel issued at `at` (ms), their ids. */
  refundDocumentsAt(bookingId: string, at: number): string[];
  /** Cancels the documents of a refund that failed, with the reason. */
  withdrawRefundDocuments(ids: readonly string[], reason: string, at: number): void;
}

/** A refund's outcome as the owner's answer tells it (PAY-12). */
export type RefundOutcome = 'made' | 'unknown' | 'failed';

/**
 * A step in a refund's life, for the stay ledger (LEDGER-2, decision 051): asked (by the owner:
 * the card's refund or a cancel's), made or refused (by the gateway: its answer, its list or its
 * webhook, whichever first). An unknown outcome is no step: the refund stays asked until Razorpay
 * tells. `at` is Unix ms.
 */
export interface RefundStep {
  kind: 'refund-asked' | 'refunded' | 'refund-failed';
  bookingId: string;
  amountPaise: number;
  at: number;
  actor: string;
}

/** The webhook's answer: its HTTP status and a word for the log. */
export interface WebhookResult {
  status: 200 | 400;
  outcome: string;
}

/** A payment as the webhook or the link's fetch tells it. */
interface Received {
  id: string;
  amountPaise: number;
  currency: string;
  method: string;
  /** When Razorpay took the payment, ms. */
  paidAt: number;
}

/** The webhook body's parts used here (Razorpay's event JSON). */
interface WebhookBody {
  event?: unknown;
  payload?: {
    payment_link?: { entity?: Partial<RazorpayLink> };
    payment?: {
      entity?: {
        id?: unknown;
        amount?: unknown;
        currency?: unknown;
        method?: unknown;
        created_at?: unknown;
      };
    };
    refund?: {
      entity?: {
        id?: unknown;
        payment_id?: unknown;
        amount?: unknown;
        status?: unknown;
        receipt?: unknown;
        notes?: unknown;
      };
    };
  };
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.length <= 200 ? v : undefined;
const int = (v: unknown): number | undefined =>
  Number.isSafeInteger(v) ? (v as number) : undefined;

/**
 * PAY-12: what the owner must know of a booking's refunds beyond the sums: refunds Razorpay has
 * not confirmed (never "not refunded": it may have been), or the last refund Razorpay refused.
 */
function refundProblem(sums: RefundSums | undefined): string | undefined {
  if (sums && sums.openPaise > 0)
    return `Refund of ${formatPaise(sums.openPaise)} asked; Razorpay has not confirmed it yet. It is checked with Razorpay by itself.`;
  if (sums?.lastFailed)
    return `Razorpay refused the refund of ${formatPaise(sums.lastFailed.amountPaise)}: ${sums.lastFailed.error}. Nothing of it was refunded; refund again or by hand.`;
  return undefined;
}

/** The class of the retention table the gateway references' erasure erases (PRIV-1, PRIV-13). */
export const GATEWAY_ERASES: readonly DataClass[] = ['payments'];

/** The advances of one server. */
export class PaymentService {
  private readonly client: RazorpayClient | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private documents: RefundDocuments | undefined;
  private refundFollower: ((step: RefundStep) => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'site' | 'razorpay'>,
    private readonly bookings: BookingService,
    private readonly log: FastifyBaseLogger,
    /** The clock (TIME-3): buildApp's, which tests move. */
    private readonly now: Clock,
    /** How long one Razorpay call may take (tests shorten it). */
    timeoutMs = 10_000,
  ) {
    this.client = config.razorpay && new RazorpayClient(config.razorpay, timeoutMs);
  }

  /**
   * Erases the Razorpay references (payment, refund and link ids, the link's address, the webhook
   * events remembered) of payments and refunds whose GST keeping is over on the clock's day in
   * Asia/Kolkata (PRIV-13; the retention table's `payments`, `gstKeptFrom`: CGST Act 2017 s.36,
   * CGST Rules 2017 rule 80: 72 months from 31 December after the financial year); the amount,
   * day, method and state stay in the accounts. Returns how many rows changed. The WAL is
   * truncated after, so no older version of an erased reference stays in it (RUNTIME-3).
   */
  eraseOldReferences(): number {
    const before = startOfPropertyDay(gstKeptFrom(today(this.now())));
    const erased = this.db
      .transaction(() => eraseGatewayReferencesBefore(this.db, before))
      .immediate();
    if (erased > 0) this.walToTruncate = true;
    if (this.walToTruncate) this.walToTruncate = !truncateWal(this.db);
    return erased;
  }

  /** An erasure whose WAL a reader kept from being truncated: tried again at the next run. */
  private walToTruncate = false;

  /** PAY-13: the GST documents refunds issue and withdraw (app.ts sets the gst feature's). */
  setRefundDocuments(documents: RefundDocuments): void {
    this.documents = documents;
  }

  /**
   * Declares, once, what follows each step of a refund (the composition's stay ledger, decision
   * 051). It runs inside the transaction that moves the refund; a second call throws.
   */
  followRefunds(follower: (step: RefundStep) => void): void {
    if (this.refundFollower) throw new Error('What follows a refund is declared once.');
    this.refundFollower = follower;
  }

  /** Tells the follower a refund moved (inside the caller's transaction). */
  private refundMoved(
    kind: RefundStep['kind'],
    row: RefundRow,
    actor = 'gateway',
    at = this.now(),
  ): void {
    this.refundFollower?.({
      kind,
      bookingId: row.bookingId,
      amountPaise: row.amountPaise,
      at,
      actor,
    });
  }

  /** The owner's view's part (PAY-5): each booking's advance, a page at once (PERF-12). */
  readonly ownerPart = (rows: Booking[]): { payment: OwnerPayment }[] => {
    const ids = rows.map((b) => b.id);
    const [paid, refunds] = [paymentsOf(this.db, ids), refundSumsOf(this.db, ids)];
    return rows.map((b) => ({
      payment: this.ownerView(b, { payment: paid.get(b.id), refunds: refunds.get(b.id) }),
    }));
  };

  /** True with RAZORPAY_* set. */
  get enabled(): boolean {
    return this.client !== undefined;
  }

  /**
   * PAY-2, PAY-5, PAY-10: inside an owner's change. Accepting a booking with an advance asks for a
   * link (made after the transaction, by `runDue`); "Advance received" by hand closes the link's
   * row as paid by hand (a later payment on it needs a refund); that and a cancel ask for the
   * made, unpaid link to be cancelled with Razorpay (sent after the transaction, by `runDue`). A
   * confirmation through Razorpay itself (its link paid) asks nothing.
   */
  readonly onTransition: TransitionHook = ({ booking, action, at, actor, refundPaise }) => {
    if (!this.enabled) return;
    if (action === 'cancel' && (refundPaise ?? 0) > 0)
      this.refundOnCancel(booking, refundPaise!, at, actor);
    if (action === 'accept' && (booking.quote?.advancePaise ?? 0) > 0) {
      askForLink(this.db, booking.id, at);
      setImmediate(() => this.poke());
      return;
    }
    const before = paymentOf(this.db, booking.id);
    if (action === 'paid') {
      setPaymentState(
        this.db,
        booking.id,
        ['link-pending', 'link-made', 'overdue'],
        'paid-by-hand',
        at,
      );
    }
    // An expired link (overdue) cannot be paid; a link still being made is cancelled when made.
    if (
      (action === 'paid' || action === 'cancel') &&
      before?.state === 'link-made' &&
      askLinkCancel(this.db, booking.id, at)
    )
      setImmediate(() => this.poke());
  };

  /**
   * PAY-13: a cancel of a booking whose advance came through Razorpay, with a refund: the refund is
   * stored (asked, its own key) in the cancel's transaction, beside the refund documents the GST
   * hook issued in it, and sent after the commit. A cancel of an advance paid by hand asks nothing.
   * It relies on the GST hook running first in the cancel's transaction (app.ts registers it
   * before this feature's): the documents it finds are those issued at the same instant.
   */
  private refundOnCancel(b: Booking, amountPaise: number, at: number, actor: string): void {
    const p = paymentOf(this.db, b.id);
    if (p?.state !== 'paid' || p.paymentId === undefined) return;
    const left = (p.amountPaise ?? 0) - refundedPaise(this.db, b.id);
    if (amountPaise < MIN_REFUND_PAISE)
      throw badRequest(
        'refundPaise',
        `Razorpay refunds at least ${formatPaise(MIN_REFUND_PAISE)}: give ₹0 or from ${formatPaise(MIN_REFUND_PAISE)}.`,
      );
    if (amountPaise > left)
      throw badRequest(
        'refundPaise',
        `The refund can be at most ${formatPaise(left)} (${left} paise): what was paid through Razorpay less earlier refunds.`,
      );
    const asked = askRefund(
      this.db,
      {
        bookingId: b.id,
        paymentId: p.paymentId,
        amountPaise,
        key: newRefundKey(b),
        documentIds: this.documents?.refundDocumentsAt(b.id, at) ?? [],
      },
      at,
    );
    this.refundMoved('refund-asked', asked, actor, at);
    setImmediate(() => this.poke());
  }

  /** Runs due work soon (after a commit that asked for a link). */
  poke(): void {
    void this.runDue();
  }

  /** Waits for work under way (the timed runs are the job runner's: compose.ts, decision 042). */
  async stop(): Promise<void> {
    await this.running;
  }

  /**
   * Makes every link due (PAY-2), cancels every link whose cancel is due (PAY-10), then sends or
   * checks every refund due (PAY-12). One run at a time: a poke during a run makes it run again once
   * done, so a row is never sent twice at once. Resolves when done; never rejects.
   */
  runDue(): Promise<void> {
    if (!this.client) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        for (const row of linksDue(this.db, this.now())) await this.makeLink(row);
        for (const row of cancelsDue(this.db, this.now())) await this.cancelLink(row);
        for (const row of refundsDue(this.db, this.now())) await this.sendRefund(row);
      } while (this.again);
    })()
      .catch((err: unknown) =>
        this.log.error({ err: withoutIds(String(err)) }, 'payment links failed'),
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** The link request of a booking's attempt (PAY-2). */
  linkRequest(b: Booking, attempt: number): LinkRequest {
    const nowMs = this.now();
    const checkInMs = startOfPropertyDay(b.checkIn);
    const expireMs = Math.max(nowMs + LINK_MIN_OPEN_MS, Math.min(nowMs + LINK_OPEN_MS, checkInMs));
    return {
      amount: b.quote!.advancePaise,
      currency: 'INR',
      accept_partial: false,
      reference_id: `${b.reference}-${attempt}`,
      description: `Advance for ${b.propertyName}, ${formatDate(b.checkIn)} to ${formatDate(b.checkOut)} (${b.reference})`,
      customer: {
        ...(b.name ? { name: b.name } : {}),
        ...(b.phone ? { contact: b.phone } : {}),
        ...(b.email ? { email: b.email } : {}),
      },
      notify: { sms: false, email: false },
      reminder_enable: false,
      expire_by: Math.floor(expireMs / 1000),
      callback_url: `${this.config.site.siteUrl}${RETURN_PATH}`,
      callback_method: 'get',
      notes: { booking: b.reference },
    };
  }

  private async makeLink(row: PaymentRow): Promise<void> {
    const b = this.bookings.get(row.bookingId);
    if (!b?.quote || b.status !== 'accepted') return;
    const request = this.linkRequest(b, row.attempt);
    try {
      const link = await this.client!.createLink(request);
      if (typeof link.id !== 'string' || typeof link.short_url !== 'string')
        throw new RazorpayError('Razorpay answered without a link');
      const made = {
        id: link.id,
        reference: request.reference_id,
        url: link.short_url,
        expireBy: request.expire_by,
      };
      // PAY-10: the owner may have marked it paid or cancelled it while Razorpay was answering.
      const late = this.db
        .transaction((): boolean => {
          const at = this.now();
          const still =
            this.bookings.get(b.id)?.status === 'accepted' &&
            paymentOf(this.db, b.id)?.state === 'link-pending';
          if (still) linkMade(this.db, b.id, made, at);
          else linkMadeLate(this.db, b.id, made, at);
          return !still;
        })
        .immediate();
      this.log.info(
        { bookingId: b.id },
        late
          ? 'payment link made after the booking stopped waiting; cancelled'
          : 'payment link made',
      );
    } catch (err) {
      const words = err instanceof RazorpayError ? err.message : 'the link could not be made';
      const next = this.now() + linkRetryDelay(row.tries + 1);
      linkTryFailed(this.db, b.id, words, next, this.now());
      this.log.warn(
        { bookingId: b.id, problem: words },
        'payment link not made yet; tried again later',
      );
    }
  }

  /**
   * PAY-10: asks Razorpay to cancel the booking's link. Cancelled: done. Refused with 400 (Razorpay
   * cancels only a link still `created`): the link is fetched; paid, its payment is recorded as
   * its webhook would be (needing a refund, the owner mailed: the booking no longer waits for it),
   * and paid, expired or cancelled, nothing is left to cancel. Anything else (no answer, 5xx, a
   * refused key, a link still open) is tried again after 30 s doubled, at most 15 minutes, its
   * words kept for the owner's card. Never throws.
   */
  private async cancelLink(row: PaymentRow): Promise<void> {
    const linkId = row.linkId!;
    const at = () => this.now();
    try {
      try {
        await this.client!.cancelLink(linkId);
      } catch (err) {
        if (!(err instanceof RazorpayError) || err.status !== 400) throw err;
        const link = await this.client!.fetchLink(linkId);
        if (link.status === 'created' || link.status === 'partially_paid')
          throw new RazorpayError(withoutIds(err.message), err.status);
        if (link.status === 'paid')
          await this.bookings.inTurn(row.bookingId, () => this.applyLink(row, link));
      }
      this.db.transaction(() => linkCancelDone(this.db, row.bookingId, at())).immediate();
      this.log.info({ bookingId: row.bookingId }, 'payment link cancelled');
    } catch (err) {
      const words = err instanceof RazorpayError ? err.message : 'the link could not be cancelled';
      const next = this.now() + linkRetryDelay(row.cancelTries + 1);
      linkCancelFailed(this.db, row.bookingId, words, next, at());
      this.log.warn(
        { bookingId: row.bookingId, problem: words },
        'payment link not cancelled yet; tried again later',
      );
    }
  }

  /**
   * PAY-6: asks Razorpay for every made link still unpaid of an accepted booking: paid ones are
   * applied as their webhook would be, expired or cancelled ones make the advance overdue.
   * Returns how many changed. A link Razorpay does not answer for is asked again next time.
   */
  async reconcile(): Promise<number> {
    if (!this.client) return 0;
    let changed = 0;
    for (const row of openLinks(this.db)) {
      try {
        if (await this.checkLink(row)) changed += 1;
      } catch (err) {
        this.log.warn(
          { bookingId: row.bookingId, problem: withoutIds(String((err as Error).message)) },
          'payment link not checked; checked again later',
        );
      }
    }
    if (changed > 0) this.log.info({ changed }, 'payment links checked with Razorpay');
    return changed;
  }

  /** Asks Razorpay for one link and applies what it says; true when something changed. Throws RazorpayError. */
  async checkLink(row: PaymentRow): Promise<boolean> {
    if (!this.client || !row.linkId) return false;
    const link = await this.client.fetchLink(row.linkId);
    // PAY-15: a payment confirmed takes its property's turn, as a webhook does.
    return this.bookings.inTurn(row.bookingId, () => this.applyLink(row, link));
  }

  /** Applies a link's state as Razorpay told it (PAY-6); true when something changed. */
  private applyLink(row: PaymentRow, link: RazorpayLink): boolean {
    if (link.status === 'paid') {
      const paid = (link.payments ?? []).find((p) => p.status === 'captured') ?? link.payments?.[0];
      if (!paid) return false;
      return this.applyPaid(row, {
        id: paid.payment_id,
        amountPaise: paid.amount,
        currency: link.currency,
        method: paid.method,
        paidAt: paid.created_at * 1000,
      });
    }
    if (link.status === 'expired' || link.status === 'cancelled') {
      return this.db
        .transaction(() =>
          setPaymentState(this.db, row.bookingId, ['link-made'], 'overdue', this.now()),
        )
        .immediate();
    }
    return false;
  }

  /**
   * PAY-3: records a payment on a booking's link and, when the booking is accepted and the
   * payment is its advance in rupees, confirms it through the bookings' `paid` transition (GST
   * receipt voucher, decision 021; the guest's confirmed mail) and mails the owner; otherwise
   * records it as needing a refund and mails the owner. A payment already recorded changes nothing. One
   * transaction (nested in the webhook's when called from it). True when something changed.
   */
  private applyPaid(row: PaymentRow, payment: Received): boolean {
    return this.db
      .transaction((): boolean => {
        const current = paymentOf(this.db, row.bookingId);
        if (!current || current.paymentId === payment.id) return false;
        const b = this.bookings.get(row.bookingId)!;
        const at = this.now();
        const facts = { amountPaise: payment.amountPaise, method: payment.method };
        const awaited =
          b.status === 'accepted' &&
          ['link-pending', 'link-made', 'overdue'].includes(current.state) &&
          current.paymentId === undefined &&
          payment.currency === 'INR' &&
          payment.amountPaise === b.quote?.advancePaise;
        if (awaited) {
          recordPayment(this.db, b.id, payment, 'paid', at);
          const confirmed = this.bookings.act(b.id, 'paid', undefined, { actor: 'gateway' });
          this.bookings.mail('owner-paid', confirmed, at, facts);
          this.log.info(
            { bookingId: b.id, method: payment.method },
            'advance received through Razorpay',
          );
        } else if (current.paymentId === undefined) {
          recordPayment(this.db, b.id, payment, 'needs-refund', at);
          this.bookings.mail('owner-needs-refund', b, at, facts);
          this.log.warn(
            { bookingId: b.id, status: b.status },
            'payment for a booking not awaiting it: refund needed',
          );
        } else {
          // A second payment on a booking that has one: the owner is told, the first stays recorded.
          this.bookings.mail('owner-needs-refund', b, at, facts);
          this.log.warn({ bookingId: b.id }, 'second payment for a booking: refund needed');
        }
        return true;
      })
      .immediate();
  }

  /**
   * `POST /api/payments/razorpay/webhook` (PAY-3): the signature over the raw body first (400 and
   * nothing stored when missing or wrong), then the event, once (its id, or the body's SHA-256).
   * Unknown events and links are 200, so Razorpay keeps the webhook on. The event is applied in the
   * turn of its booking's property (PAY-15: after a sync of it writing, as the owner's actions).
   * Rejects only when applying fails (the transaction is rolled back and the event not remembered;
   * Razorpay sends it again).
   */
  async webhook(raw: Buffer, signature: unknown, eventId: unknown): Promise<WebhookResult> {
    const secret = this.config.razorpay?.webhookSecret;
    if (!secret || !webhookSignatureValid(secret, raw, signature))
      return { status: 400, outcome: 'signature missing or wrong' };
    let body: WebhookBody;
    try {
      body = JSON.parse(raw.toString('utf8')) as WebhookBody;
    } catch {
      return { status: 400, outcome: 'body is not JSON' };
    }
    const event = str(body?.event) ?? 'unknown';
    const key =
      typeof eventId === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(eventId)
        ? eventId
        : crypto.createHash('sha256').update(raw).digest('hex');
    return this.bookings.inTurn(this.bookingOfEvent(event, body), () =>
      this.db
        .transaction((): WebhookResult => {
          if (!rememberEvent(this.db, key, event, this.now()))
            return { status: 200, outcome: 'already applied' };
          return { status: 200, outcome: this.apply(event, body) };
        })
        .immediate(),
    );
  }

  /** The booking an event is about (its link's, or its refunded payment's), if known. */
  private bookingOfEvent(event: string, body: WebhookBody): string | undefined {
    if (event.startsWith('refund.')) {
      const paymentId = str(body.payload?.refund?.entity?.payment_id);
      return paymentId && bookingOfPayment(this.db, paymentId);
    }
    const link = body.payload?.payment_link?.entity;
    const id = link && str(link.id);
    return id ? paymentOfLink(this.db, id, str(link.reference_id))?.bookingId : undefined;
  }

  /** Applies one verified event; returns what it did, in words for the log. */
  private apply(event: string, body: WebhookBody): string {
    const link = body.payload?.payment_link?.entity;
    if (event === 'payment_link.paid') {
      const payment = body.payload?.payment?.entity;
      const row =
        link && str(link.id) && paymentOfLink(this.db, str(link.id)!, str(link.reference_id));
      if (!row) return 'unknown payment link';
      const received = {
        id: str(payment?.id),
        amountPaise: int(payment?.amount),
        currency: str(payment?.currency) ?? str(link.currency),
        method: str(payment?.method) ?? 'unknown',
        createdAt: int(payment?.created_at),
      };
      if (!received.id || received.amountPaise === undefined || !received.currency)
        return 'paid event without its payment';
      const changed = this.applyPaid(row, {
        id: received.id,
        amountPaise: received.amountPaise,
        currency: received.currency,
        method: received.method,
        paidAt: received.createdAt ? received.createdAt * 1000 : this.now(),
      });
      return changed ? 'payment recorded' : 'payment known already';
    }
    if (event === 'payment_link.expired' || event === 'payment_link.cancelled') {
      const id = link && str(link.id);
      const row = id && paymentOfLink(this.db, id, undefined);
      if (!row || row.linkId !== id) return 'unknown or replaced payment link';
      setPaymentState(this.db, row.bookingId, ['link-made'], 'overdue', this.now());
      return 'advance overdue';
    }
    if (event.startsWith('refund.')) {
      const r = body.payload?.refund?.entity;
      const status = str(r?.status);
      const refund = {
        id: str(r?.id),
        paymentId: str(r?.payment_id),
        amountPaise: int(r?.amount),
        status: (status === 'processed' || status === 'failed' ? status : 'pending') as
          'pending' | 'processed' | 'failed',
        key: r ? refundKeyOf(r) : undefined,
      };
      if (!refund.id || !refund.paymentId || !refund.amountPaise)
        return 'refund event without its refund';
      const at = this.now();
      const followed = followRefund(
        this.db,
        {
          id: refund.id,
          paymentId: refund.paymentId,
          amountPaise: refund.amountPaise,
          status: refund.status,
          key: refund.key,
        },
        at,
      );
      if (followed.kind === 'unknown') return 'refund of an unknown payment';
      if (followed.kind === 'failed') {
        this.documents?.withdrawRefundDocuments(
          followed.row.documentIds,
          'Razorpay could not complete the refund.',
          at,
        );
        this.refundMoved('refund-failed', followed.row);
      }
      // An adopted refund was asked and is made now; an added one made in Razorpay's Dashboard.
      if (
        (followed.kind === 'adopted' || followed.kind === 'added') &&
        followed.row.state === 'made'
      )
        this.refundMoved('refunded', followed.row);
      if (
        followed.kind === 'added' &&
        followed.row.state === 'made' &&
        followed.paymentState === 'paid'
      )
        this.documentsOfDashboardRefund(followed.row, at);
      return followed.kind === 'adopted'
        ? `refund ${refund.status}, adopted`
        : `refund ${refund.status}`;
    }
    return 'event not used';
  }

  /**
   * PAY-13: a refund made in Razorpay's Dashboard of an advance paid through Razorpay gets its
   * refund documents too, so the documents follow the money. When they cannot be issued (above
   * what the documents leave) the refund stays recorded without them and the log says so.
   */
  private documentsOfDashboardRefund(row: RefundRow, at: number): void {
    const b = this.bookings.get(row.bookingId);
    if (!b || !this.documents) return;
    try {
      const ids = this.db.transaction(() =>
        this.documents!.refundDocuments(b, row.amountPaise, at),
      )();
      setRefundDocuments(this.db, row.id, ids);
    } catch (err) {
      this.log.warn(
        { bookingId: b.id, problem: err instanceof Error ? err.message : String(err) },
        'refund made in Razorpay without its GST documents',
      );
    }
  }

  /**
   * PAY-12: sends one refund due, or checks one whose outcome is unknown. An unknown refund is first
   * looked for among the payment's refunds (`GET /v1/payments/{id}/refunds`, by its key); found, it
   * is made. Otherwise (and a refund just asked) it is sent under its key, the same body each time:
   * Razorpay's answer makes it; a 4xx other than 408, 409 (the same key still being processed) and
   * 429 is a definite refusal: failed, with Razorpay's words, its documents cancelled; anything else
   * (no answer in time, a 5xx, a lost connection) leaves it unknown, checked again after 1 minute
   * doubled, at most an hour. Never throws.
   */
  private async sendRefund(row: RefundRow): Promise<void> {
    const b = this.bookings.get(row.bookingId);
    if (!row.paymentId || !b) return;
    try {
      if (row.state === 'unknown') {
        const listed = (await this.client!.refundsOf(row.paymentId)).find(
          (r) => refundKeyOf(r) === row.key,
        );
        if (listed) return this.settleRefund(row, listed.id, listed.status);
        // Asked before refunds had keys: re-sending could refund twice; the Dashboard settles it.
        if (row.key.startsWith('legacy-'))
          throw new RazorpayError('Razorpay does not list it; look for it in its Dashboard');
      }
      const made = await this.client!.refund(row.paymentId, row.amountPaise, row.key, {
        booking: b.reference,
      });
      if (typeof made.id !== 'string')
        throw new RazorpayError('Razorpay answered without a refund');
      this.settleRefund(row, made.id, made.status);
    } catch (err) {
      const words = err instanceof RazorpayError ? err.message : 'Razorpay could not be asked';
      const status = err instanceof RazorpayError ? err.status : undefined;
      const refused =
        status !== undefined && status >= 400 && status < 500 && ![408, 409, 429].includes(status);
      const at = this.now();
      if (refused) {
        this.db
          .transaction(() => {
            const before = refundOf(this.db, row.id)?.state;
            refundFailed(this.db, row.id, words, at);
            this.documents?.withdrawRefundDocuments(
              row.documentIds,
              `Razorpay refused the refund: ${words}.`,
              at,
            );
            if (before !== 'failed') this.refundMoved('refund-failed', row);
          })
          .immediate();
        this.log.warn({ bookingId: b.id, problem: words }, 'refund refused by Razorpay');
      } else {
        refundUnknown(this.db, row.id, words, this.now() + refundCheckDelay(row.tries + 1), at);
        this.log.warn(
          { bookingId: b.id, problem: words },
          'refund not confirmed by Razorpay yet; checked again later',
        );
      }
    }
  }

  /** Razorpay told the refund (answer or list): made, or failed when its status says so. */
  private settleRefund(row: RefundRow, refundId: string, status: string): void {
    const at = this.now();
    this.db
      .transaction(() => {
        // The webhook may have told it first (PAY-14): the ledger hears each step once.
        const before = refundOf(this.db, row.id)?.state;
        if (status === 'failed') {
          refundFailed(this.db, row.id, 'Razorpay could not complete the refund', at);
          this.documents?.withdrawRefundDocuments(
            row.documentIds,
            'Razorpay could not complete the refund.',
            at,
          );
          if (before !== 'failed') this.refundMoved('refund-failed', row);
        } else if (
          refundMade(
            this.db,
            row.id,
            refundId,
            status === 'processed' ? 'processed' : 'pending',
            at,
          ) &&
          before !== 'made'
        )
          this.refundMoved('refunded', row);
      })
      .immediate();
    this.log.info({ bookingId: row.bookingId, status }, 'refund confirmed by Razorpay');
  }

  /**
   * `POST /api/bookings/{id}/payment-link` (PAY-6, "Send a new link"): for an accepted booking
   * whose advance is overdue or whose link is not made yet, asks for a new link now. 404 for an
   * unknown booking, 409 naming the state where it does not apply.
   */
  async newLink(bookingId: string): Promise<void> {
    const b = this.bookings.get(bookingId);
    if (!b) throw notFound('id', 'There is no booking with this id.');
    if (!this.enabled)
      throw new ApiError(409, 'Razorpay is not set up on this site.', { field: 'payment' });
    const state = this.ownerView(b).state;
    if (b.status !== 'accepted' || !['overdue', 'link-pending'].includes(state)) {
      throw new ApiError(
        409,
        `A new link is sent only for an accepted booking whose advance is overdue; this one is ${b.status}, advance ${state}.`,
        { field: 'status', extra: { status: b.status, payment: state } },
      );
    }
    this.db.transaction(() => askForLink(this.db, b.id, this.now())).immediate();
    await this.runDue();
  }

  /**
   * `POST /api/bookings/{id}/refund` (PAY-7, PAY-12, PAY-13): refunds `amountPaise` of the Razorpay
   * payment of a cancelled booking or of a payment that needs a refund, asked by `actor` (the
   * owner's account, for the stay ledger). 409 naming the state where
   * it does not apply; 400 (field amountPaise) above what was paid less earlier refunds not failed.
   * The refund is stored first (asked, its own key; for an advance on a receipt voucher, with its
   * GST refund documents in the same transaction), then sent by the runner. Resolves with `made`,
   * or `unknown` when Razorpay did not answer (the card says so; it is checked by itself); a
   * definite refusal is 502 with Razorpay's words (nothing was refunded then, and its documents
   * are cancelled).
   */
  async refund(bookingId: string, amountPaise: number, actor = 'owner'): Promise<RefundOutcome> {
    const b = this.bookings.get(bookingId);
    if (!b) throw notFound('id', 'There is no booking with this id.');
    const at = this.now();
    const asked = this.db
      .transaction(() => {
        const p = paymentOf(this.db, b.id);
        const state = this.ownerView(b).state;
        const refundable =
          this.enabled &&
          p?.paymentId !== undefined &&
          (p.state === 'needs-refund' || (p.state === 'paid' && b.status === 'cancelled'));
        if (!refundable) {
          throw new ApiError(
            409,
            `Only a payment through Razorpay of a cancelled booking, or one that needs a refund, can be refunded here; this booking is ${b.status}, advance ${state}.`,
            { field: 'status', extra: { status: b.status, payment: state } },
          );
        }
        const left = (p.amountPaise ?? 0) - refundedPaise(this.db, b.id);
        if (amountPaise < MIN_REFUND_PAISE) {
          throw badRequest(
            'amountPaise',
            `Razorpay refunds at least ${formatPaise(MIN_REFUND_PAISE)} (${MIN_REFUND_PAISE} paise).`,
          );
        }
        if (amountPaise > left) {
          throw badRequest(
            'amountPaise',
            `The amount can be at most ${formatPaise(left)} (${left} paise): what was paid less earlier refunds.`,
          );
        }
        // PAY-13: only the advance on a receipt voucher has refund documents; a payment that
        // needs a refund was never receipted.
        const documentIds =
          p.state === 'paid' ? (this.documents?.refundDocuments(b, amountPaise, at) ?? []) : [];
        const row = askRefund(
          this.db,
          {
            bookingId: b.id,
            paymentId: p.paymentId!,
            amountPaise,
            key: newRefundKey(b),
            documentIds,
          },
          at,
        );
        this.refundMoved('refund-asked', row, actor);
        return row;
      })
      .immediate();
    this.log.info({ bookingId: b.id, amountPaise }, 'refund stored; asking Razorpay');
    await this.runDue();
    const row = refundOf(this.db, asked.id)!;
    if (row.state === 'failed') {
      throw new ApiError(
        502,
        `Razorpay refused the refund of ${formatPaise(amountPaise)}: ${row.error ?? 'no reason given'}. Nothing was refunded.`,
        { field: 'amountPaise' },
      );
    }
    return row.state === 'made' ? 'made' : 'unknown';
  }

  /**
   * PAY-13: sends the refunds a cancel asked (with the rest of the due work) and resolves when
   * Razorpay answered or the wait ran out; the cancel's answer then tells how they stand.
   */
  sendRefunds(): Promise<void> {
    return this.runDue();
  }

  /**
   * PAY-5: how a booking's advance stands, for the owner's list; its payment row and refunds are
   * read unless `known` (a page of the list reads them for every booking at once, PERF-12).
   */
  ownerView(
    b: Booking,
    known?: { payment: PaymentRow | undefined; refunds: RefundSums | undefined },
  ): OwnerPayment {
    const p = known ? known.payment : paymentsOf(this.db, [b.id]).get(b.id);
    const sums = known ? known.refunds : refundSumsOf(this.db, [b.id]).get(b.id);
    const refunded = sums?.madePaise ?? 0;
    const asked = sums?.openPaise ?? 0;
    if (!p) return { state: b.status === 'confirmed' ? 'paid-by-hand' : 'none' };
    const paid = p.paymentId
      ? { amountPaise: p.amountPaise!, method: p.method!, paidAt: p.paidAt! }
      : {};
    const awaiting = ['link-pending', 'link-made', 'overdue'].includes(p.state);
    // PAY-10: an unpaid link of a booking that no longer waits for it (cancelled) is withdrawn.
    const withdrawn = awaiting && b.status !== 'accepted';
    const state = refunded > 0 ? 'refunded' : withdrawn ? 'link-cancelled' : p.state;
    const problem =
      [refundProblem(sums), this.problemOf(b, p, state)].filter(Boolean).join(' ') || undefined;
    return {
      state,
      ...(p.linkUrl && !withdrawn && (p.state === 'link-made' || p.state === 'overdue')
        ? { linkUrl: p.linkUrl }
        : {}),
      ...paid,
      ...(refunded > 0 ? { refundedPaise: refunded } : {}),
      ...(asked > 0 ? { refundAskedPaise: asked } : {}),
      ...(problem ? { problem } : {}),
    };
  }

  /**
   * What the owner must know of an advance beyond its state (PAY-5, PAY-11), in words: a link
   * not made yet, a link not cancelled yet (the guest can still pay through it), or a payment on
   * a booking that no longer waited for it.
   */
  private problemOf(b: Booking, p: PaymentRow, state: OwnerPayment['state']): string | undefined {
    if (state === 'link-pending' && p.lastError)
      return `Not made yet: ${p.lastError}; tried again by itself.`;
    if (p.cancelState === 'asked' && p.cancelError)
      return `The payment link is not cancelled yet (${p.cancelError}); tried again by itself. Until then the guest can still pay through it.`;
    if (state !== 'needs-refund') return undefined;
    if (b.status === 'cancelled')
      return 'The booking is cancelled, yet the guest paid through the payment link: refund the guest.';
    if (b.status === 'confirmed')
      return 'The advance was also marked received by hand: the guest has paid twice; refund one of the two.';
    return undefined;
  }

  /**
   * PAY-2: the guest page's part: where "Pay the advance" leads (the current link), and whether
   * the link is still being made. Undefined without Razorpay or for a booking not accepted.
   */
  guestPayment(b: Booking): { linkUrl?: string; preparing?: boolean } | undefined {
    if (!this.enabled || b.status !== 'accepted') return undefined;
    const p = paymentOf(this.db, b.id);
    if (!p) return undefined;
    if (p.state === 'link-made' && p.linkUrl) return { linkUrl: p.linkUrl };
    if (p.state === 'link-pending') return { preparing: true };
    return undefined;
  }

  /** What the guest page's script compares to reload when the payment moves (PAY-9). */
  watchState(b: Booking): string {
    return `${b.status}/${this.ownerView(b).state}`;
  }

  /** PAY-4: the state of the link a verified return names, checking with Razorpay when it says paid. */
  async afterReturn(linkId: string, status: string): Promise<void> {
    if (status !== 'paid') return;
    const row = paymentOfLink(this.db, linkId, undefined);
    if (!row || row.state !== 'link-made' || row.linkId !== linkId) return;
    try {
      await this.checkLink(row);
    } catch (err) {
      this.log.warn(
        { bookingId: row.bookingId, problem: withoutIds(String((err as Error).message)) },
        'paid link not checked at return',
      );
    }
  }
}
