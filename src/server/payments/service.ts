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
 * - refunds are asked of Razorpay by the owner, at most what was paid less earlier refunds, and
 *   follow Razorpay's refund webhooks;
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
import type { Db } from '../store/db.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { BookingService, TransitionHook } from '../bookings/service.js';
import {
  RazorpayClient,
  RazorpayError,
  webhookSignatureValid,
  withoutIds,
  type LinkRequest,
  type RazorpayLink,
} from './razorpay.js';
import {
  askForLink,
  askLinkCancel,
  cancelsDue,
  dropRefund,
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
  refundAsked,
  refundedPaise,
  refundedPaiseOf,
  rememberEvent,
  setPaymentState,
  startRefund,
  type PaymentRow,
} from './store.js';
import type { Booking, OwnerPayment } from '../../shared/bookings.js';
import { formatDate } from '../../shared/calendar-dates.js';
import { formatPaise } from '../../shared/stay-basics.js';
import { MINUTE_MS, type Clock } from '../../shared/instants.js';

/** PAY-6: how often unpaid links are checked with Razorpay (webhooks can be missed). */
export const RECONCILE_EVERY_MS = 15 * MINUTE_MS;
/** How often links waiting to be made are looked at (each has its own next try). */
export const DUE_EVERY_MS = 30_000;
/** Waits between tries at making a link: 30 s doubled, at most 15 minutes. */
function linkRetryDelay(tries: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, tries - 1), 15 * MINUTE_MS);
}
/** How long a link is open (PAY-2): 72 hours, and never past the start of the check-in day (IST). */
const LINK_OPEN_MS = 72 * 60 * MINUTE_MS;
/** Razorpay refuses an expiry less than 15 minutes ahead. */
const LINK_MIN_OPEN_MS = 60 * MINUTE_MS;

/** Where Razorpay sends the guest back after paying (PAY-4): this site, no token. */
export const RETURN_PATH = '/payments/razorpay/return';

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
  paidAt: string;
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
      entity?: { id?: unknown; payment_id?: unknown; amount?: unknown; status?: unknown };
    };
  };
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.length <= 200 ? v : undefined;
const int = (v: unknown): number | undefined =>
  Number.isSafeInteger(v) ? (v as number) : undefined;

/** The advances of one server. */
export class PaymentService {
  private readonly client: RazorpayClient | undefined;
  private running: Promise<void> | undefined;
  private again = false;

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

  /** The owner's view's part (PAY-5): each booking's advance, a page at once (PERF-12). */
  readonly ownerPart = (rows: Booking[]): { payment: OwnerPayment }[] => {
    const ids = rows.map((b) => b.id);
    const [paid, refunded] = [paymentsOf(this.db, ids), refundedPaiseOf(this.db, ids)];
    return rows.map((b) => ({
      payment: this.ownerView(b, { payment: paid.get(b.id), refunded: refunded.get(b.id) ?? 0 }),
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
  readonly onTransition: TransitionHook = ({ booking, action, at }) => {
    if (!this.enabled) return;
    if (action === 'accept' && (booking.quote?.advancePaise ?? 0) > 0) {
      askForLink(this.db, booking.id, at, Date.parse(at));
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
      askLinkCancel(this.db, booking.id, Date.parse(at), at)
    )
      setImmediate(() => this.poke());
  };

  /** Runs due work soon (after a commit that asked for a link). */
  poke(): void {
    void this.runDue();
  }

  /** Waits for work under way (the timed runs are the job runner's: compose.ts, decision 042). */
  async stop(): Promise<void> {
    await this.running;
  }

  /**
   * Makes every link due (PAY-2), then cancels every link whose cancel is due (PAY-10). One run at a time: a poke during a run makes it run again once
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
    const checkInMs = Date.parse(`${b.checkIn}T00:00:00+05:30`);
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
          const at = new Date(this.now()).toISOString();
          const still =
            this.bookings.get(b.id)?.status === 'accepted' &&
            paymentOf(this.db, b.id)?.state === 'link-pending';
          if (still) linkMade(this.db, b.id, made, at);
          else linkMadeLate(this.db, b.id, made, this.now(), at);
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
      linkTryFailed(this.db, b.id, words, next, new Date(this.now()).toISOString());
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
    const at = () => new Date(this.now()).toISOString();
    try {
      try {
        await this.client!.cancelLink(linkId);
      } catch (err) {
        if (!(err instanceof RazorpayError) || err.status !== 400) throw err;
        const link = await this.client!.fetchLink(linkId);
        if (link.status === 'created' || link.status === 'partially_paid')
          throw new RazorpayError(withoutIds(err.message), err.status);
        if (link.status === 'paid') this.applyLink(row, link);
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
    return this.applyLink(row, await this.client.fetchLink(row.linkId));
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
        paidAt: new Date(paid.created_at * 1000).toISOString(),
      });
    }
    if (link.status === 'expired' || link.status === 'cancelled') {
      return this.db
        .transaction(() =>
          setPaymentState(
            this.db,
            row.bookingId,
            ['link-made'],
            'overdue',
            new Date(this.now()).toISOString(),
          ),
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
        const at = new Date(this.now()).toISOString();
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
   * Unknown events and links are 200, so Razorpay keeps the webhook on. Throws only when applying
   * fails (the transaction is rolled back and the event not remembered; Razorpay sends it again).
   */
  webhook(raw: Buffer, signature: unknown, eventId: unknown): WebhookResult {
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
    return this.db
      .transaction((): WebhookResult => {
        if (!rememberEvent(this.db, key, event, new Date(this.now()).toISOString()))
          return { status: 200, outcome: 'already applied' };
        return { status: 200, outcome: this.apply(event, body) };
      })
      .immediate();
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
        paidAt: new Date(received.createdAt ? received.createdAt * 1000 : this.now()).toISOString(),
      });
      return changed ? 'payment recorded' : 'payment known already';
    }
    if (event === 'payment_link.expired' || event === 'payment_link.cancelled') {
      const id = link && str(link.id);
      const row = id && paymentOfLink(this.db, id, undefined);
      if (!row || row.linkId !== id) return 'unknown or replaced payment link';
      setPaymentState(
        this.db,
        row.bookingId,
        ['link-made'],
        'overdue',
        new Date(this.now()).toISOString(),
      );
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
      };
      if (!refund.id || !refund.paymentId || !refund.amountPaise)
        return 'refund event without its refund';
      const known = followRefund(
        this.db,
        {
          id: refund.id,
          paymentId: refund.paymentId,
          amountPaise: refund.amountPaise,
          status: refund.status,
        },
        new Date(this.now()).toISOString(),
      );
      return known ? `refund ${refund.status}` : 'refund of an unknown payment';
    }
    return 'event not used';
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
    const at = new Date(this.now()).toISOString();
    this.db.transaction(() => askForLink(this.db, b.id, at, this.now())).immediate();
    await this.runDue();
  }

  /**
   * `POST /api/bookings/{id}/refund` (PAY-7): refunds `amountPaise` of the Razorpay payment of a
   * cancelled booking or of a payment that needs a refund. 409 naming the state where it does not
   * apply; 400 (field amountPaise) above what was paid less earlier refunds; 503 when Razorpay
   * refuses or does not answer (nothing is recorded then). Resolves with the refund's status.
   */
  async refund(
    bookingId: string,
    amountPaise: number,
  ): Promise<'pending' | 'processed' | 'failed'> {
    const b = this.bookings.get(bookingId);
    if (!b) throw notFound('id', 'There is no booking with this id.');
    const at = new Date(this.now()).toISOString();
    const { rowId, paymentId } = this.db
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
        if (amountPaise > left) {
          throw badRequest(
            'amountPaise',
            `The amount can be at most ${formatPaise(left)} (${left} paise): what was paid less earlier refunds.`,
          );
        }
        return { rowId: startRefund(this.db, b.id, amountPaise, at), paymentId: p.paymentId! };
      })
      .immediate();
    try {
      const refund = await this.client!.refund(paymentId, amountPaise, { booking: b.reference });
      const status =
        refund.status === 'processed' || refund.status === 'failed' ? refund.status : 'pending';
      refundAsked(this.db, rowId, refund.id, status, new Date(this.now()).toISOString());
      this.log.info({ bookingId: b.id, amountPaise, status }, 'refund asked of Razorpay');
      return status;
    } catch (err) {
      dropRefund(this.db, rowId);
      const words = err instanceof RazorpayError ? err.message : 'Razorpay could not be asked';
      throw new ApiError(
        503,
        `The refund is not made: ${words}. Nothing was refunded; try again.`,
        {
          field: 'amountPaise',
        },
      );
    }
  }

  /**
   * PAY-5: how a booking's advance stands, for the owner's list; its payment row and refunds are
   * read unless `known` (a page of the list reads them for every booking at once, PERF-12).
   */
  ownerView(
    b: Booking,
    known?: { payment: PaymentRow | undefined; refunded: number },
  ): OwnerPayment {
    const p = known ? known.payment : paymentsOf(this.db, [b.id]).get(b.id);
    const refunded = known ? known.refunded : (refundedPaiseOf(this.db, [b.id]).get(b.id) ?? 0);
    if (!p) return { state: b.status === 'confirmed' ? 'paid-by-hand' : 'none' };
    const paid = p.paymentId
      ? { amountPaise: p.amountPaise!, method: p.method!, paidAt: p.paidAt! }
      : {};
    const awaiting = ['link-pending', 'link-made', 'overdue'].includes(p.state);
    // PAY-10: an unpaid link of a booking that no longer waits for it (cancelled) is withdrawn.
    const withdrawn = awaiting && b.status !== 'accepted';
    const state = refunded > 0 ? 'refunded' : withdrawn ? 'link-cancelled' : p.state;
    const problem = this.problemOf(b, p, state);
    return {
      state,
      ...(p.linkUrl && !withdrawn && (p.state === 'link-made' || p.state === 'overdue')
        ? { linkUrl: p.linkUrl }
        : {}),
      ...paid,
      ...(refunded > 0 ? { refundedPaise: refunded } : {}),
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
