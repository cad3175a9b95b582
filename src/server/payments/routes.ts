/**
 * The payments' HTTP calls (PAY-3, PAY-4, PAY-6, PAY-7):
 * - `POST /api/payments/razorpay/webhook` (public: Razorpay's servers send it, with no Origin;
 *   its signature is the check): the body is read raw, in this scope only, so that its HMAC is
 *   computed over the bytes Razorpay signed; 400 when the signature is missing or wrong, else 200.
 * - `GET /payments/razorpay/return`: where Razorpay sends the guest after paying; checks the
 *   callback's signature and says, with no personal data, that the advance is received.
 * - the owner's `POST /api/bookings/{id}/refund` `{ amountPaise }` and
 *   `POST /api/bookings/{id}/payment-link` (Send a new link).
 * Log lines carry the event's name and what was done, never an id of Razorpay's or a secret.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { callbackSignatureValid, type CallbackQuery } from './razorpay.js';
import { RETURN_PATH, type PaymentService } from './service.js';
import type { BookingService } from '../bookings/service.js';
import type { BookingActionResult } from '../../shared/bookings.js';
import { PAYMENTS_API } from '../../shared/payments.js';
import { sendNotice } from '../html.js';

const BOOKING_ID_RE = /^[a-z2-9]{16}$/;
const noStore = { cache: 'no-store' as const };
/** Razorpay's webhook bodies are a few kilobytes. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const refundSchema = z.object({
  amountPaise: z
    .number({ error: 'amountPaise must be a whole number of paise from 1' })
    .int({ error: 'amountPaise must be a whole number of paise from 1' })
    .min(1, { error: 'amountPaise must be a whole number of paise from 1' }),
});

export async function paymentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  payments: PaymentService,
  bookings: BookingService,
): Promise<void> {
  const { site } = ctx.config;

  await app.register(async (scope) => {
    // PAY-3: the webhook's HMAC is over the raw bytes: this scope's JSON is not parsed by Fastify.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      PAYMENTS_API.webhook,
      { permission: 'public', config: noStore },
      async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const result = await payments.webhook(
          raw,
          req.headers['x-razorpay-signature'],
          req.headers['x-razorpay-event-id'],
        );
        if (result.status === 400) {
          req.log.warn({ outcome: result.outcome }, 'Razorpay webhook refused');
          throw badRequest('x-razorpay-signature', 'The webhook signature is missing or wrong.');
        }
        req.log.info({ outcome: result.outcome }, 'Razorpay webhook');
        return reply.code(200).send({ ok: true });
      },
    );
  });

  // PAY-8: Razorpay's ids are in the return's query: it is logged without it.
  const returnLog = {
    config: noStore,
    logSerializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: req.url.replace(/\?.*$/s, '?[query]'),
        remoteAddress: req.ip,
      }),
    },
  };

  app.get<{ Querystring: CallbackQuery }>(RETURN_PATH, returnLog, async (req, reply) => {
    const secret = ctx.config.razorpay?.keySecret;
    const valid = secret !== undefined && callbackSignatureValid(secret, req.query);
    // PAY-4: the notice page, words only (no booking, no guest, no amount); Razorpay's ids are
    // in this address's query, so nothing is passed on as Referer.
    const answer = (status: number, title: string, text: string) =>
      sendNotice(
        reply,
        status,
        {
          title,
          text,
          businessName: site.businessName,
          link: { href: '/', label: site.businessName },
        },
        'no-referrer',
      );
    if (!valid) {
      req.log.warn('Razorpay return with a missing or wrong signature');
      return answer(
        400,
        'We could not check this payment',
        'This address does not carry a valid payment confirmation. If you paid, your booking page shows Confirmed within minutes and a mail follows; otherwise contact us.',
      );
    }
    const paid = req.query.razorpay_payment_link_status === 'paid';
    if (paid) await payments.afterReturn(req.query.razorpay_payment_link_id!, 'paid');
    return paid
      ? answer(
          200,
          'Thank you: your advance is received',
          'Razorpay confirmed your payment. Your booking page shows Confirmed within minutes, and a confirmation mail follows. You can close this page.',
        )
      : answer(
          200,
          'Your payment is not complete yet',
          'Razorpay has not confirmed the payment yet. If money left your account, your booking page will show Confirmed within minutes; otherwise pay again from your booking page.',
        );
  });

  function bookingId(id: string): string {
    if (!BOOKING_ID_RE.test(id) || !bookings.get(id))
      throw notFound('id', 'There is no booking with this id.');
    return id;
  }

  app.post<{ Params: { id: string } }>(
    PAYMENTS_API.refund,
    { permission: 'money', bodyLimit: 1024, config: noStore },
    async (req, reply) => {
      const parsed = refundSchema.safeParse(req.body ?? {});
      if (!parsed.success)
        throw badRequest(
          'amountPaise',
          parsed.error.issues[0]?.message ?? 'amountPaise is missing',
        );
      const id = bookingId(req.params.id);
      const outcome = await payments.refund(id, parsed.data.amountPaise, req.owner ?? 'owner');
      req.log.info({ bookingId: id, outcome }, 'refund asked by the owner');
      // PAY-12: 202 while Razorpay has not confirmed it; the card says so in words.
      return reply
        .code(outcome === 'made' ? 200 : 202)
        .send({ booking: bookings.ownerView([bookings.get(id)!])[0]! });
    },
  );

  app.post<{ Params: { id: string } }>(
    PAYMENTS_API.paymentLink,
    { permission: 'money', bodyLimit: 1024, config: noStore },
    async (req): Promise<BookingActionResult> => {
      const id = bookingId(req.params.id);
      await payments.newLink(id);
      req.log.info({ bookingId: id }, 'new payment link asked by the owner');
      return { booking: bookings.ownerView([bookings.get(id)!])[0]! };
    },
  );
}
