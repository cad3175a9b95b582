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
import { requireOwner } from '../auth/guard.js';
import { badRequest, notFound } from '../errors.js';
import { callbackSignatureValid, type CallbackQuery } from './razorpay.js';
import { RETURN_PATH, type PaymentService } from './service.js';
import type { BookingService } from '../bookings/service.js';
import { getBooking } from '../bookings/store.js';
import type { BookingActionResult } from '../../shared/bookings.js';
import { PAYMENTS_API } from '../../shared/payments.js';
import { escapeHtml } from '../html.js';

const BOOKING_ID_RE = /^[a-z2-9]{16}$/;
/** Razorpay's webhook bodies are a few kilobytes. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const refundSchema = z.object({
  amountPaise: z
    .number({ error: 'amountPaise must be a whole number of paise from 1' })
    .int({ error: 'amountPaise must be a whole number of paise from 1' })
    .min(1, { error: 'amountPaise must be a whole number of paise from 1' }),
});

/** The return page's policy: no script, its one style block, nothing framed or posted. */
const RETURN_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** PAY-4: the return page, words only (no booking, no guest, no amount). */
function returnPage(businessName: string, title: string, words: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} – ${escapeHtml(businessName)}</title>
<style>body{margin:0;font:1.05rem/1.5 system-ui,sans-serif;color:#1d2a24;background:#f6f4ef}main{max-width:560px;margin:0 auto;padding:32px 20px}h1{font-size:1.6rem;margin:0 0 12px}a{color:#1f5f46;font-weight:650}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(words)}</p>
<p><a href="/">${escapeHtml(businessName)}</a></p>
</main>
</body>
</html>
`;
}

export async function paymentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  payments: PaymentService,
  bookings: BookingService,
): Promise<void> {
  const owner = requireOwner(ctx.db, ctx.config.site);
  const { site } = ctx.config;

  await app.register(async (scope) => {
    // PAY-3: the webhook's HMAC is over the raw bytes: this scope's JSON is not parsed by Fastify.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.post(PAYMENTS_API.webhook, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const result = payments.webhook(
        raw,
        req.headers['x-razorpay-signature'],
        req.headers['x-razorpay-event-id'],
      );
      if (result.status === 400) {
        req.log.warn({ outcome: result.outcome }, 'Razorpay webhook refused');
        throw badRequest('x-razorpay-signature', 'The webhook signature is missing or wrong.');
      }
      req.log.info({ outcome: result.outcome }, 'Razorpay webhook');
      return reply.code(200).header('cache-control', 'no-store').send({ ok: true });
    });
  });

  // PAY-8: Razorpay's ids are in the return's query: it is logged without it.
  const returnLog = {
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
    void reply.type('text/html; charset=utf-8').headers({
      'cache-control': 'no-store',
      'content-security-policy': RETURN_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    });
    if (!valid) {
      req.log.warn('Razorpay return with a missing or wrong signature');
      return reply
        .code(400)
        .send(
          returnPage(
            site.businessName,
            'We could not check this payment',
            'This address does not carry a valid payment confirmation. If you paid, your booking page shows Confirmed within minutes and a mail follows; otherwise contact us.',
          ),
        );
    }
    const paid = req.query.razorpay_payment_link_status === 'paid';
    if (paid) await payments.afterReturn(req.query.razorpay_payment_link_id!, 'paid');
    return reply.send(
      paid
        ? returnPage(
            site.businessName,
            'Thank you: your advance is received',
            'Razorpay confirmed your payment. Your booking page shows Confirmed within minutes, and a confirmation mail follows. You can close this page.',
          )
        : returnPage(
            site.businessName,
            'Your payment is not complete yet',
            'Razorpay has not confirmed the payment yet. If money left your account, your booking page will show Confirmed within minutes; otherwise pay again from your booking page.',
          ),
    );
  });

  function bookingId(id: string): string {
    if (!BOOKING_ID_RE.test(id) || !getBooking(ctx.db, id))
      throw notFound('id', 'There is no booking with this id.');
    return id;
  }

  app.post<{ Params: { id: string } }>(
    PAYMENTS_API.refund,
    { onRequest: owner, bodyLimit: 1024 },
    async (req, reply): Promise<BookingActionResult> => {
      const parsed = refundSchema.safeParse(req.body ?? {});
      if (!parsed.success)
        throw badRequest(
          'amountPaise',
          parsed.error.issues[0]?.message ?? 'amountPaise is missing',
        );
      const id = bookingId(req.params.id);
      const status = await payments.refund(id, parsed.data.amountPaise);
      req.log.info({ bookingId: id, status }, 'refund asked by the owner');
      void reply.header('cache-control', 'no-store');
      return { booking: bookings.ownerView([getBooking(ctx.db, id)!])[0]! };
    },
  );

  app.post<{ Params: { id: string } }>(
    PAYMENTS_API.paymentLink,
    { onRequest: owner, bodyLimit: 1024 },
    async (req, reply): Promise<BookingActionResult> => {
      const id = bookingId(req.params.id);
      await payments.newLink(id);
      req.log.info({ bookingId: id }, 'new payment link asked by the owner');
      void reply.header('cache-control', 'no-store');
      return { booking: bookings.ownerView([getBooking(ctx.db, id)!])[0]! };
    },
  );
}
