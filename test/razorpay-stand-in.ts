/**
 * Test helper: a Razorpay stand-in, a real HTTP server on 127.0.0.1 answering the four calls the
 * site makes (Payment Links create, fetch and cancel, payment refund) in Razorpay's documented shapes, and
 * checking what it receives: Basic auth with the test key, and for a link the amount in paise,
 * INR, no partial payment, a reference_id of a booking reference and an attempt number, Razorpay's
 * own SMS and e-mail off, an expiry at least 15 minutes ahead, the callback by GET; a cancel by
 * POST without a body, of a link it made, cancelled only while `created` (else 400, as Razorpay
 * does; not written to `problems`: the site is expected to meet it). A request that
 * breaks a rule is answered as Razorpay would (401, 400 with `error.description`) and written to
 * `problems`, which tests expect empty. `down` makes it answer 503 to everything; `pay` and
 * `expire` move a link as a guest or time would. Webhook bodies are signed by `signed`.
 * Refunds (PAY-12): each must carry `X-Refund-Idempotency` (10+ letters, digits, hyphens or
 * underscores) and a receipt and notes.refund_key naming it; the same key with the same body
 * answers the same refund again (none is made twice), with another body 400, as Razorpay does.
 * `refundFaults` are consumed one per refund call: `late` (made, answered after `lateMs`),
 * `webhook-first` (made, `beforeRefundAnswer` awaited, then answered), `made-5xx` (made, answered
 * 500), `5xx` (not made, 503), `refuse` (not made, 400 with Razorpay's words), `drop` (made, the
 * connection closed unanswered). `GET /v1/payments/{id}/refunds` lists a payment's refunds.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The test account's key and webhook secret: fixed, so signatures are reproducible. */
export const RAZORPAY_TEST_ENV = {
  RAZORPAY_KEY_ID: 'rzp_test_StaysStandIn01',
  RAZORPAY_KEY_SECRET: 'stand-in-key-secret-4f9c2a',
  RAZORPAY_WEBHOOK_SECRET: 'stand-in-webhook-secret-81d7',
} as const;

interface StandInPayment {
  payment_id: string;
  amount: number;
  method: string;
  created_at: number;
  status: 'captured';
}

/** A refund as the stand-in keeps it (Razorpay's refund entity's fields, and the key it came with). */
export interface StandInRefund {
  id: string;
  paymentId: string;
  amount: number;
  key: string;
  receipt: string | null;
  notes: Record<string, string>;
  status: 'processed';
}

/** What one refund call meets (PAY-12). */
export type RefundFault = 'late' | 'webhook-first' | 'made-5xx' | '5xx' | 'refuse' | 'drop';

/** A refund as Razorpay's API answers it. */
function refundEntity(r: StandInRefund) {
  return {
    id: r.id,
    entity: 'refund',
    amount: r.amount,
    currency: 'INR',
    payment_id: r.paymentId,
    notes: r.notes,
    receipt: r.receipt,
    status: r.status,
    speed_processed: 'normal',
    speed_requested: 'normal',
  };
}

/** A link as the stand-in keeps it: what was asked, and its state. */
export interface StandInLink {
  id: string;
  short_url: string;
  status: 'created' | 'paid' | 'expired' | 'cancelled';
  amount: number;
  amount_paid: number;
  currency: string;
  reference_id: string;
  request: Record<string, unknown>;
  payments: StandInPayment[];
}

export interface RazorpayStandIn {
  /** RAZORPAY_API_BASE for the app. */
  base: string;
  links: StandInLink[];
  /** Every request: method, path, parsed body, and the X-Refund-Idempotency it carried. */
  requests: { method: string; path: string; body: unknown; key?: string }[];
  /** Refunds made, each once (a replayed key adds none). */
  refunds: StandInRefund[];
  /** What the next refund calls meet, one each (empty: answered at once). */
  refundFaults: RefundFault[];
  /** How long a `late` answer waits, ms. */
  lateMs: number;
  /** Awaited before answering a `webhook-first` refund (a test sends its webhook here). */
  beforeRefundAnswer: ((refund: StandInRefund) => Promise<void>) | undefined;
  /** Rules broken by a request, in words; tests expect none. */
  problems: string[];
  /** While true every call is answered 503. */
  down: boolean;
  /** Milliseconds every answer waits (0: none), so a test can act while a call is under way. */
  delayMs: number;
  /** The link is paid (by UPI unless said): its payment. */
  pay(link: StandInLink, method?: string): StandInPayment;
  expire(link: StandInLink): void;
  close(): Promise<void>;
}

const LINK_RULES: [string, (b: Record<string, unknown>) => boolean][] = [
  [
    'amount is whole paise above 0',
    (b) => Number.isSafeInteger(b.amount) && (b.amount as number) > 0,
  ],
  ['currency is INR', (b) => b.currency === 'INR'],
  ['accept_partial is false', (b) => b.accept_partial === false],
  [
    'reference_id is a booking reference and an attempt number',
    (b) => typeof b.reference_id === 'string' && /^STY-[A-Z0-9]{4}-\d+$/.test(b.reference_id),
  ],
  [
    "Razorpay's own SMS and e-mail are off",
    (b) => JSON.stringify(b.notify) === JSON.stringify({ sms: false, email: false }),
  ],
  [
    'expire_by is at least 15 minutes ahead',
    (b) =>
      Number.isSafeInteger(b.expire_by) && (b.expire_by as number) > Date.now() / 1000 + 15 * 60,
  ],
  ['callback_method is get', (b) => b.callback_method === 'get'],
  [
    'callback_url is an absolute URL without a booking token',
    (b) =>
      typeof b.callback_url === 'string' && /^https?:\/\/[^/]+\/payments\//.test(b.callback_url),
  ],
  ['description is given', (b) => typeof b.description === 'string' && b.description.length > 0],
];

function randomId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** Starts the stand-in on a free loopback port. */
export async function startRazorpayStandIn(): Promise<RazorpayStandIn> {
  const expectedAuth = `Basic ${Buffer.from(
    `${RAZORPAY_TEST_ENV.RAZORPAY_KEY_ID}:${RAZORPAY_TEST_ENV.RAZORPAY_KEY_SECRET}`,
  ).toString('base64')}`;
  const state = {
    links: [] as StandInLink[],
    requests: [] as RazorpayStandIn['requests'],
    refunds: [] as StandInRefund[],
    refundFaults: [] as RefundFault[],
    lateMs: 0,
    beforeRefundAnswer: undefined as RazorpayStandIn['beforeRefundAnswer'],
    /** Bodies by idempotency key, and the refund each made. */
    keys: new Map<string, { body: string; refund?: StandInRefund }>(),
    problems: [] as string[],
    down: false,
    delayMs: 0,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        body = text;
      }
      const sentKey = req.headers['x-refund-idempotency'];
      state.requests.push({
        method: req.method ?? '',
        path,
        body,
        ...(typeof sentKey === 'string' ? { key: sentKey } : {}),
      });
      const answer = (status: number, json: unknown) => {
        setTimeout(() => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(json));
        }, state.delayMs);
      };
      const refuse = (status: number, description: string) => {
        state.problems.push(`${req.method} ${path}: ${description}`);
        answer(status, { error: { code: 'BAD_REQUEST_ERROR', description } });
      };
      if (state.down) return answer(503, { error: { description: 'Service unavailable' } });
      if (req.headers.authorization !== expectedAuth)
        return refuse(401, 'The api key provided is invalid');
      const b = (body ?? {}) as Record<string, unknown>;
      if (req.method === 'POST' && path === '/v1/payment_links') {
        const broken = LINK_RULES.filter(([, ok]) => !ok(b)).map(([rule]) => rule);
        if (broken.length > 0) return refuse(400, broken.join('; '));
        if (state.links.some((l) => l.reference_id === b.reference_id))
          return refuse(400, 'Payment Link with given reference_id already exists');
        const id = randomId('plink');
        const link: StandInLink = {
          id,
          short_url: `https://rzp.io/rzp/${id.slice(6)}`,
          status: 'created',
          amount: b.amount as number,
          amount_paid: 0,
          currency: 'INR',
          reference_id: b.reference_id as string,
          request: b,
          payments: [],
        };
        state.links.push(link);
        return answer(200, { ...link, request: undefined, payments: null });
      }
      const fetchLink = /^\/v1\/payment_links\/([A-Za-z0-9_]+)$/.exec(path);
      if (req.method === 'GET' && fetchLink) {
        const link = state.links.find((l) => l.id === fetchLink[1]);
        if (!link) return refuse(400, 'The id provided does not exist');
        return answer(200, { ...link, request: undefined, payments: link.payments });
      }
      const cancel = /^\/v1\/payment_links\/([A-Za-z0-9_]+)\/cancel$/.exec(path);
      if (cancel) {
        if (req.method !== 'POST') return refuse(405, `a cancel is a POST, not ${req.method}`);
        if (body !== undefined && JSON.stringify(body) !== '{}')
          return refuse(400, 'a cancel carries no body');
        const link = state.links.find((l) => l.id === cancel[1]);
        if (!link) return refuse(400, 'The id provided does not exist');
        if (link.status !== 'created') {
          return answer(400, {
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: `Payment Link cannot be cancelled as it is in ${link.status} state`,
            },
          });
        }
        link.status = 'cancelled';
        return answer(200, { ...link, request: undefined, payments: null });
      }
      const listRefunds = /^\/v1\/payments\/([A-Za-z0-9_]+)\/refunds(?:\?count=\d+)?$/.exec(path);
      if (req.method === 'GET' && listRefunds) {
        const items = state.refunds
          .filter((r) => r.paymentId === listRefunds[1])
          .reverse()
          .map(refundEntity);
        return answer(200, { entity: 'collection', count: items.length, items });
      }
      const refund = /^\/v1\/payments\/([A-Za-z0-9_]+)\/refund$/.exec(path);
      if (req.method === 'POST' && refund) {
        const key = req.headers['x-refund-idempotency'];
        if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{10,}$/.test(key))
          return refuse(400, 'X-Refund-Idempotency is missing or not 10+ letters, digits, - or _');
        const notes = (b.notes ?? {}) as Record<string, string>;
        if (b.receipt !== key || notes.refund_key !== key)
          return refuse(400, 'the receipt and notes.refund_key do not name the idempotency key');
        if (typeof b.receipt !== 'string' || b.receipt.length > 40)
          return refuse(400, 'receipt must be at most 40 characters');
        const fault = state.refundFaults.shift();
        if (fault === '5xx') return answer(503, { error: { description: 'Service unavailable' } });
        const seen = state.keys.get(key);
        if (seen && seen.body !== text)
          return refuse(
            400,
            'Different request with the same idempotency key has already been processed.',
          );
        let made = seen?.refund;
        if (!made) {
          const paid = state.links
            .flatMap((l) => l.payments)
            .find((p) => p.payment_id === refund[1]);
          if (!paid) return refuse(400, 'The id provided does not exist');
          const before = state.refunds
            .filter((r) => r.paymentId === paid.payment_id)
            .reduce((s, r) => s + r.amount, 0);
          if (!Number.isSafeInteger(b.amount) || (b.amount as number) < 100)
            return refuse(400, 'The amount must be atleast INR 1.00');
          if (fault === 'refuse' || (b.amount as number) + before > paid.amount) {
            // A refusal the site is expected to meet (not a broken rule): as Razorpay words it.
            return answer(400, {
              error: {
                code: 'BAD_REQUEST_ERROR',
                description: 'The refund amount provided is greater than amount captured',
              },
            });
          }
          made = {
            id: randomId('rfnd'),
            paymentId: paid.payment_id,
            amount: b.amount as number,
            key,
            receipt: b.receipt,
            notes,
            status: 'processed',
          };
          state.refunds.push(made);
          state.keys.set(key, { body: text, refund: made });
        }
        const entity = refundEntity(made);
        if (fault === 'made-5xx') return answer(500, { error: { description: 'Internal error' } });
        if (fault === 'drop') {
          req.socket.destroy();
          return;
        }
        if (fault === 'late') {
          setTimeout(() => answer(200, entity), state.lateMs);
          return;
        }
        if (fault === 'webhook-first' && state.beforeRefundAnswer) {
          const hook = state.beforeRefundAnswer;
          void hook(made).then(() => answer(200, entity));
          return;
        }
        return answer(200, entity);
      }
      return refuse(404, `no such call ${req.method} ${path}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get links() {
      return state.links;
    },
    get requests() {
      return state.requests;
    },
    get refunds() {
      return state.refunds;
    },
    get refundFaults() {
      return state.refundFaults;
    },
    set refundFaults(value: RefundFault[]) {
      state.refundFaults = value;
    },
    get lateMs() {
      return state.lateMs;
    },
    set lateMs(value: number) {
      state.lateMs = value;
    },
    get beforeRefundAnswer() {
      return state.beforeRefundAnswer;
    },
    set beforeRefundAnswer(value) {
      state.beforeRefundAnswer = value;
    },
    get problems() {
      return state.problems;
    },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    pay(link, method = 'upi') {
      const payment: StandInPayment = {
        payment_id: randomId('pay'),
        amount: link.amount,
        method,
        created_at: Math.floor(Date.now() / 1000),
        status: 'captured',
      };
      link.payments.push(payment);
      link.status = 'paid';
      link.amount_paid = link.amount;
      return payment;
    },
    expire(link) {
      link.status = 'expired';
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A webhook as Razorpay sends it: the raw body and its X-Razorpay-Signature with `secret`. */
export function signed(
  body: unknown,
  secret: string = RAZORPAY_TEST_ENV.RAZORPAY_WEBHOOK_SECRET,
): { payload: string; signature: string } {
  const payload = JSON.stringify(body);
  return {
    payload,
    signature: crypto.createHmac('sha256', secret).update(payload).digest('hex'),
  };
}

/** The `payment_link.paid` event of a paid stand-in link (Razorpay's sample payload's shape). */
export function paidEvent(link: StandInLink, payment: StandInPayment): Record<string, unknown> {
  return {
    entity: 'event',
    account_id: 'acc_StandIn0001',
    event: 'payment_link.paid',
    contains: ['payment_link', 'order', 'payment'],
    payload: {
      payment_link: {
        entity: {
          id: link.id,
          amount: link.amount,
          amount_paid: link.amount_paid,
          currency: 'INR',
          reference_id: link.reference_id,
          status: 'paid',
          short_url: link.short_url,
        },
      },
      order: { entity: { id: 'order_StandIn0001', amount: link.amount, status: 'paid' } },
      payment: {
        entity: {
          id: payment.payment_id,
          entity: 'payment',
          amount: payment.amount,
          currency: 'INR',
          status: 'captured',
          method: payment.method,
          vpa: 'guest@okaxis',
          email: 'guest@example.test',
          contact: '+919448011111',
          created_at: payment.created_at,
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}

/** Razorpay's `refund.processed` (or another status's) event of a stand-in refund. */
export function refundEvent(
  refund: StandInRefund,
  status: 'processed' | 'failed' | 'created' = 'processed',
): Record<string, unknown> {
  return {
    entity: 'event',
    account_id: 'acc_StandIn0001',
    event: `refund.${status}`,
    contains: ['refund', 'payment'],
    payload: { refund: { entity: { ...refundEntity(refund), status } } },
    created_at: Math.floor(Date.now() / 1000),
  };
}

/** The callback query Razorpay adds to callback_url, signed with the key secret. */
export function callbackQuery(link: StandInLink, paymentId: string, status = 'paid') {
  const signature = crypto
    .createHmac('sha256', RAZORPAY_TEST_ENV.RAZORPAY_KEY_SECRET)
    .update(`${link.id}|${link.reference_id}|${status}|${paymentId}`)
    .digest('hex');
  return new URLSearchParams({
    razorpay_payment_id: paymentId,
    razorpay_payment_link_id: link.id,
    razorpay_payment_link_reference_id: link.reference_id,
    razorpay_payment_link_status: status,
    razorpay_signature: signature,
  }).toString();
}
