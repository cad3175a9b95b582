/**
 * Razorpay's API as this site uses it (PAY-2, PAY-6, PAY-7), through `fetch` at RAZORPAY_API_BASE
 * with Basic auth (key id, key secret), and the two signatures Razorpay sends:
 * - `POST /v1/payment_links` (Payment Links API: create), `GET /v1/payment_links/{id}` (fetch),
 *   `POST /v1/payment_links/{id}/cancel` (cancel, PAY-10: no body; answers the link, status
 *   `cancelled`; only a link in state `created` can be cancelled, any other answers 400),
 *   `POST /v1/payments/{id}/refund` (Refunds API: create a normal refund, idempotent with
 *   `X-Refund-Idempotency`, PAY-12) and `GET /v1/payments/{id}/refunds` (fetch a payment's refunds);
 * - webhooks: `X-Razorpay-Signature` is the hex HMAC-SHA256 of the raw body with the webhook
 *   secret; the payment link's return (callback_url): `razorpay_signature` is the hex HMAC-SHA256
 *   of `{payment_link_id}|{reference_id}|{status}|{payment_id}` with the key secret.
 * Errors are RazorpayError with words fit for the owner: no key, no secret, no Razorpay id.
 */
import crypto from 'node:crypto';
import type { RazorpayConfig } from '../config.js';

/** A payment link as Razorpay answers it (the fields used here). Amounts in paise. */
export interface RazorpayLink {
  id: string;
  short_url: string;
  status: 'created' | 'partially_paid' | 'expired' | 'cancelled' | 'paid';
  amount: number;
  amount_paid: number;
  currency: string;
  reference_id: string;
  payments?:
    | { payment_id: string; amount: number; method: string; created_at: number; status: string }[]
    | null;
}

/** A refund as Razorpay answers it (Refunds API's refund entity; the fields used here). */
export interface RazorpayRefund {
  id: string;
  payment_id: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  receipt?: string | null;
  notes?: Record<string, string> | unknown[] | null;
}

/** The refund's own key as this site sent it (receipt, or notes.refund_key), if any. */
export function refundKeyOf(r: { receipt?: unknown; notes?: unknown }): string | undefined {
  const notes = r.notes && typeof r.notes === 'object' ? (r.notes as Record<string, unknown>) : {};
  const key = typeof notes.refund_key === 'string' ? notes.refund_key : r.receipt;
  return typeof key === 'string' && key.length <= 100 ? key : undefined;
}

/** `POST /v1/payment_links`'s body as this site sends it (PAY-2). */
export interface LinkRequest {
  amount: number;
  currency: 'INR';
  accept_partial: false;
  reference_id: string;
  description: string;
  customer: { name?: string; contact?: string; email?: string };
  notify: { sms: false; email: false };
  reminder_enable: false;
  /** Seconds since the epoch. */
  expire_by: number;
  callback_url: string;
  callback_method: 'get';
  notes: Record<string, string>;
}

/** Razorpay did not answer, or refused; `status` is its HTTP status when it answered. */
export class RazorpayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RazorpayError';
  }
}

/** Razorpay's ids (pay_…, plink_…, rfnd_…) replaced, for words shown to the owner or logged. */
export function withoutIds(text: string): string {
  return text.replace(/\b(?:pay|plink|rfnd|order|inv)_[A-Za-z0-9]+/g, '[id]');
}

/** Hex HMAC-SHA256 of `data` with `key`. */
function hmac(key: string, data: string | Buffer): Buffer {
  return crypto.createHmac('sha256', key).update(data).digest();
}

/** True when `given` is the hex HMAC-SHA256 of `data` with `key`, compared in constant time. */
function signatureMatches(key: string, data: string | Buffer, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return crypto.timingSafeEqual(hmac(key, data), Buffer.from(given, 'hex'));
}

/** PAY-3: the webhook's `X-Razorpay-Signature` over the raw body, with the webhook secret. */
export function webhookSignatureValid(
  secret: string,
  rawBody: Buffer,
  signature: unknown,
): boolean {
  return signatureMatches(secret, rawBody, signature);
}

/** The callback's query parameters Razorpay adds to callback_url (PAY-4). */
export interface CallbackQuery {
  razorpay_payment_id?: string;
  razorpay_payment_link_id?: string;
  razorpay_payment_link_reference_id?: string;
  razorpay_payment_link_status?: string;
  razorpay_signature?: string;
}

/** PAY-4: the return's `razorpay_signature` over `link id|reference|status|payment id`, with the key secret. */
export function callbackSignatureValid(keySecret: string, q: CallbackQuery): boolean {
  const parts = [
    q.razorpay_payment_link_id,
    q.razorpay_payment_link_reference_id,
    q.razorpay_payment_link_status,
    q.razorpay_payment_id,
  ];
  if (parts.some((p) => typeof p !== 'string' || p.length > 200)) return false;
  return signatureMatches(keySecret, parts.join('|'), q.razorpay_signature);
}

/** One Razorpay account's API. `timeoutMs`: how long one call may take before it counts as no answer. */
export class RazorpayClient {
  private readonly auth: string;

  constructor(
    private readonly config: RazorpayConfig,
    private readonly timeoutMs = 10_000,
  ) {
    this.auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.config.apiBase}${path}`, {
        method,
        headers: {
          authorization: this.auth,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...extraHeaders,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timeout = (err as Error).name === 'TimeoutError';
      throw new RazorpayError(
        timeout ? 'Razorpay did not answer in time' : 'Razorpay could not be reached',
      );
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) {
      let description = '';
      try {
        description = String(
          (JSON.parse(text) as { error?: { description?: unknown } }).error?.description ?? '',
        );
      } catch {
        // Not JSON (a proxy's error page): the status alone says it.
      }
      throw new RazorpayError(
        withoutIds(
          `Razorpay answered ${res.status}${description ? `: ${description.slice(0, 200)}` : ''}`,
        ),
        res.status,
      );
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new RazorpayError('Razorpay answered something that is not JSON', res.status);
    }
  }

  /** Creates a payment link (PAY-2). Throws RazorpayError. */
  createLink(request: LinkRequest): Promise<RazorpayLink> {
    return this.call('POST', '/v1/payment_links', request);
  }

  /** A payment link's current state and payments (PAY-6). Throws RazorpayError. */
  fetchLink(id: string): Promise<RazorpayLink> {
    return this.call('GET', `/v1/payment_links/${encodeURIComponent(id)}`);
  }

  /**
   * Cancels a payment link, so it can no longer be paid (PAY-10). Razorpay cancels only a link
   * still `created`: a paid, expired or cancelled one is a 400 (RazorpayError with its status).
   * Throws RazorpayError.
   */
  cancelLink(id: string): Promise<RazorpayLink> {
    return this.call('POST', `/v1/payment_links/${encodeURIComponent(id)}/cancel`);
  }

  /**
   * Refunds `amountPaise` of payment `paymentId` (PAY-7, PAY-12) under the refund's own `key`
   * (`X-Refund-Idempotency`: Razorpay refunds once whatever the number of tries with the same key
   * and body; 10+ letters, digits, hyphens or underscores), naming it as the `receipt` (at most
   * 40 characters) and in `notes.refund_key`. The body is the same on every try. Throws
   * RazorpayError: with a 4xx status for a refusal, none or 5xx when the outcome is unknown.
   */
  refund(
    paymentId: string,
    amountPaise: number,
    key: string,
    notes: Record<string, string>,
  ): Promise<RazorpayRefund> {
    return this.call(
      'POST',
      `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
      { amount: amountPaise, receipt: key, notes: { ...notes, refund_key: key } },
      { 'x-refund-idempotency': key },
    );
  }

  /** The refunds of payment `paymentId` (at most 100, newest first; PAY-12's check). Throws RazorpayError. */
  async refundsOf(paymentId: string): Promise<RazorpayRefund[]> {
    const list = await this.call<{ items?: RazorpayRefund[] }>(
      'GET',
      `/v1/payments/${encodeURIComponent(paymentId)}/refunds?count=100`,
    );
    return Array.isArray(list.items) ? list.items : [];
  }
}
