/**
 * Advances through Razorpay (PAY-2..PAY-8) against a Razorpay stand-in on loopback
 * (test/razorpay-stand-in.ts, which checks auth, amount, reference, expiry and notify of each
 * call), with webhooks signed here with the test secret, through the real app (real SQLite file,
 * the catalogue imported and published: run `node scripts/build.mjs` first). Mail is counted in
 * the outbox by kind and read as the real SMTP server on loopback received it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import type { BookingCreated, BookingList, OwnerBooking } from '../../shared/bookings.js';
import type { Property } from '../../shared/site-data.js';
import { testCatalogue } from '../../../test/factories.js';
import { listFiles, makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import {
  RAZORPAY_TEST_ENV,
  callbackQuery,
  paidEvent,
  signed,
  startRazorpayStandIn,
  type RazorpayStandIn,
} from '../../../test/razorpay-stand-in.js';
import { startSmtpServer, type SmtpServer } from '../../../test/test-smtp-server.js';

let t: TestApp | undefined;
let rzp: RazorpayStandIn | undefined;
let smtp: SmtpServer | undefined;
let clock = Date.now();
let log = '';
afterEach(async () => {
  await t?.cleanup();
  await rzp?.close();
  await smtp?.close();
  t = undefined;
  rzp = undefined;
  smtp = undefined;
});

const rates: Partial<Property> = {
  nightlyRate: 4500,
  minNights: 2,
  maxGuests: 4,
  advancePercent: 30,
};
const day = (n: number) => addDays(today(clock), n);

async function start(env: NodeJS.ProcessEnv = {}) {
  clock = Date.now();
  rzp = await startRazorpayStandIn();
  smtp = await startSmtpServer();
  log = '';
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  t = await makeTestApp(
    {
      CALENDAR_SYNC_MINUTES: '0',
      SMTP_URL: smtp.url(),
      MAIL_FROM: 'bookings@stays.test',
      GSTIN: '29ABCDE1234F1ZW',
      GST_LEGAL_NAME: 'Malnad Stays LLP',
      GST_ADDRESS: 'IG Road, Chikmagalur, Karnataka 577101',
      UPI_ID: 'stays@okhdfcbank',
      ...RAZORPAY_TEST_ENV,
      RAZORPAY_API_BASE: rzp.base,
      ...env,
    },
    { clock: () => clock, logStream },
  );
  await t.publishCatalogue(testCatalogue({ propertyList: [rates] }));
  return t;
}

let ip = 0;
async function book(checkIn = day(10), checkOut = day(12)): Promise<BookingCreated> {
  clock += 1000;
  const res = await t!.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: `10.1.0.${(ip += 1) % 250}`,
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    payload: JSON.stringify({
      propertyId: 'stay-1',
      checkIn,
      checkOut,
      guests: 2,
      name: 'Asha Rao',
      phone: '094480 11111',
      email: 'asha@example.test',
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as BookingCreated;
}

function owner(url: string, body?: unknown) {
  return t!.app.inject({
    method: body === undefined ? 'GET' : 'POST',
    url,
    headers: {
      ...t!.ownerHeaders,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function bookingOf(id: string): Promise<OwnerBooking> {
  const res = await owner('/api/bookings?status=all');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as BookingList).bookings.find((b) => b.id === id)!;
}

/** Books, accepts, and waits for the link: the booking and its stand-in link. */
async function accepted(checkIn = 10) {
  const created = await book(day(checkIn), day(checkIn + 2));
  const res = await owner(`/api/bookings/${created.id}/accept`, {});
  expect(res.statusCode, res.body).toBe(200);
  await t!.payments.runDue();
  const link = rzp!.links.at(-1)!;
  return { created, link };
}

function webhook(payload: string, signature?: string, eventId?: string) {
  return t!.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-razorpay-signature': signature }),
      ...(eventId === undefined ? {} : { 'x-razorpay-event-id': eventId }),
    },
    payload,
  });
}

const count = (sql: string, ...args: unknown[]) =>
  (t!.ctx.db.prepare(sql).get(...args) as { n: number }).n;
const mails = (kind: string) => count('SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = ?', kind);
const vouchers = () =>
  count("SELECT COUNT(*) AS n FROM gst_documents WHERE type = 'receipt-voucher'");
const pagePath = (url: string) => new URL(url).pathname;

/** Waits until the app's own sender has sent every message (at most 10 s). */
async function mailSent() {
  for (let i = 0; i < 200; i += 1) {
    if (count('SELECT COUNT(*) AS n FROM mail_outbox WHERE sent_at IS NULL') === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('mail not sent within 10 s');
}

describe('PAY-2: a payment link after accept', () => {
  it('asks Razorpay for a link with the advance, the reference and attempt, the guest, notify off and an expiry before check-in; the page and the mail offer it', async () => {
    await start();
    const { created, link } = await accepted();
    expect(rzp!.problems).toEqual([]);
    const b = await bookingOf(created.id);
    const asked = link.request;
    expect(asked).toMatchObject({
      amount: b.advancePaise,
      currency: 'INR',
      accept_partial: false,
      reference_id: `${b.reference}-1`,
      customer: { name: 'Asha Rao', contact: '+919448011111', email: 'asha@example.test' },
      notify: { sms: false, email: false },
      callback_url: 'http://localhost/payments/razorpay/return',
      callback_method: 'get',
    });
    expect(asked.description).toContain(b.propertyName);
    const checkIn = Date.parse(`${b.checkIn}T00:00:00+05:30`) / 1000;
    expect(asked.expire_by as number).toBeLessThanOrEqual(checkIn);
    expect(asked.expire_by as number).toBeGreaterThan(clock / 1000 + 15 * 60);
    expect(b.payment).toEqual({ state: 'link-made', linkUrl: link.short_url });

    const page = await t!.app.inject({ method: 'GET', url: pagePath(created.url) });
    expect(page.body).toContain('Pay the advance of ₹');
    expect(page.body).toContain(`href="${pagePath(created.url)}/pay"`);
    expect(page.body).toContain('Or pay by UPI');
    expect(page.body).toContain(`data-watch="${pagePath(created.url)}/status"`);
    const pay = await t!.app.inject({ method: 'GET', url: `${pagePath(created.url)}/pay` });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(link.short_url);
    await mailSent();
    const mail = smtp!.received.find((m) => m.subject.startsWith('Accepted'))!;
    expect(mail.body).toMatch(
      /Pay the advance of ₹[\d,]+: http:\/\/localhost\/booking\/\w+\/[\w-]+\/pay/,
    );
    expect(mail.body).toContain('Or pay by UPI: upi://pay?');
  });

  it('accepts while Razorpay is down, says the link is not made yet, and makes it on a later try', async () => {
    await start();
    rzp!.down = true;
    const created = await book();
    const res = await owner(`/api/bookings/${created.id}/accept`, {});
    expect(res.statusCode, res.body).toBe(200);
    await t!.payments.runDue();
    const waiting = await bookingOf(created.id);
    expect(waiting.status).toBe('accepted');
    expect(waiting.payment?.state).toBe('link-pending');
    expect(waiting.payment?.problem).toContain('Razorpay answered 503');
    const page = await t!.app.inject({ method: 'GET', url: pagePath(created.url) });
    expect(page.body).toContain('being prepared');
    expect(page.body).toContain('upi://pay?');
    // Not due yet: nothing is asked.
    const asked = rzp!.requests.length;
    await t!.payments.runDue();
    expect(rzp!.requests.length).toBe(asked);

    rzp!.down = false;
    clock += 60_000;
    await t!.payments.runDue();
    expect(rzp!.problems).toEqual([]);
    const made = await bookingOf(created.id);
    expect(made.payment).toEqual({ state: 'link-made', linkUrl: rzp!.links[0]!.short_url });
    // Each try is an attempt of its own: the lost answer of a try cannot block the next.
    expect(rzp!.links[0]!.reference_id).toBe(`${made.reference}-2`);
  });
});

describe('PAY-3: the signed webhook', () => {
  it('confirms the booking once, with one receipt voucher and one mail each, under 5 repeats and 100 identical deliveries at once', async () => {
    await start();
    const { created, link } = await accepted();
    const payment = rzp!.pay(link);
    const { payload, signature } = signed(paidEvent(link, payment));
    // PAY-9: what the open page's script watches moves with the webhook.
    const status = () => t!.app.inject({ method: 'GET', url: `${pagePath(created.url)}/status` });
    expect((await status()).json()).toEqual({ state: 'accepted/link-made' });
    for (let i = 0; i < 5; i += 1) {
      const res = await webhook(payload, signature, 'evt_Paid000000001');
      expect(res.statusCode, res.body).toBe(200);
    }
    const burst = await Promise.all(
      Array.from({ length: 100 }, () => webhook(payload, signature, 'evt_Paid000000001')),
    );
    expect(burst.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    // The same payment in an event with another id (Razorpay's retry, the poll) changes nothing.
    expect((await webhook(payload, signature)).statusCode).toBe(200);
    const b = await bookingOf(created.id);
    expect(b.status).toBe('confirmed');
    expect(b.payment).toMatchObject({
      state: 'paid',
      amountPaise: b.advancePaise,
      method: 'upi',
      paidAt: new Date(payment.created_at * 1000).toISOString(),
    });
    expect(vouchers()).toBe(1);
    expect(mails('guest-confirmed')).toBe(1);
    expect(mails('owner-paid')).toBe(1);
    expect((await status()).json()).toEqual({ state: 'confirmed/paid' });
    // The guest's confirmation mail arrives once, saying the advance is received.
    await mailSent();
    const confirmations = smtp!.received.filter((m) => m.subject.startsWith('Confirmed'));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.body).toContain('we received the advance of ₹');
    const page = await t!.app.inject({ method: 'GET', url: pagePath(created.url) });
    expect(page.body).toContain('Confirmed');
    expect(page.body).not.toContain('Pay the advance');
    // No card or VPA detail is kept.
    const stored = JSON.stringify(t!.ctx.db.prepare('SELECT * FROM booking_payments').all());
    expect(stored).not.toContain('guest@okaxis');
  });

  it('refuses a flipped byte in the body or the signature, and a missing signature, with 400, changing nothing', async () => {
    await start();
    const { created, link } = await accepted();
    const payment = rzp!.pay(link);
    const { payload, signature } = signed(paidEvent(link, payment));
    const flippedBody = Buffer.from(payload);
    flippedBody[20] = flippedBody[20]! ^ 1;
    const flippedSignature = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    for (const [body, sig] of [
      [flippedBody.toString('latin1'), signature],
      [payload, flippedSignature],
      [payload, undefined],
      [payload, signature.slice(2)],
      [payload, signed(paidEvent(link, payment), 'another-secret-123').signature],
    ] as const) {
      const res = await webhook(body, sig, 'evt_Flipped00001');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'x-razorpay-signature' });
    }
    expect(count('SELECT COUNT(*) AS n FROM payment_events')).toBe(0);
    expect((await bookingOf(created.id)).status).toBe('accepted');
    expect(vouchers()).toBe(0);
    // The event id was not spent: the genuine delivery still applies.
    expect((await webhook(payload, signature, 'evt_Flipped00001')).statusCode).toBe(200);
    expect((await bookingOf(created.id)).status).toBe('confirmed');
  });

  it('answers 200 to other events and unknown links, so Razorpay keeps the webhook on', async () => {
    await start();
    for (const body of [
      { event: 'payment.captured', payload: {} },
      {
        event: 'payment_link.paid',
        payload: {
          payment_link: { entity: { id: 'plink_Unknown00001', reference_id: 'elsewhere-1' } },
          payment: { entity: { id: 'pay_Unknown0000001', amount: 100, currency: 'INR' } },
        },
      },
    ]) {
      const { payload, signature } = signed(body);
      expect((await webhook(payload, signature)).statusCode).toBe(200);
    }
  });

  it('flags a payment for a cancelled booking for refund and mails the owner; a refund over what was paid is 400 naming amountPaise', async () => {
    await start();
    const { created, link } = await accepted();
    expect(
      (await owner(`/api/bookings/${created.id}/cancel`, { message: 'Sorry.' })).statusCode,
    ).toBe(200);
    const payment = rzp!.pay(link, 'card');
    const { payload, signature } = signed(paidEvent(link, payment));
    expect((await webhook(payload, signature, 'evt_Late00000001')).statusCode).toBe(200);
    const b = await bookingOf(created.id);
    expect(b.status).toBe('cancelled');
    expect(b.payment).toMatchObject({
      state: 'needs-refund',
      amountPaise: link.amount,
      method: 'card',
    });
    expect(mails('owner-needs-refund')).toBe(1);
    expect(mails('guest-confirmed')).toBe(0);
    expect(vouchers()).toBe(0);

    const over = await owner(`/api/bookings/${created.id}/refund`, {
      amountPaise: link.amount + 1,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ field: 'amountPaise' });
    expect(over.json().error).toContain(`${link.amount} paise`);
    for (const bad of [0, -5, 1.5, '100']) {
      const res = await owner(`/api/bookings/${created.id}/refund`, { amountPaise: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'amountPaise' });
    }
    const part = await owner(`/api/bookings/${created.id}/refund`, { amountPaise: 100_000 });
    expect(part.statusCode, part.body).toBe(200);
    expect(rzp!.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payments/${payment.payment_id}/refund`,
      body: { amount: 100_000 },
    });
    expect((part.json() as { booking: OwnerBooking }).booking.payment).toMatchObject({
      state: 'refunded',
      refundedPaise: 100_000,
    });
    const rest = await owner(`/api/bookings/${created.id}/refund`, {
      amountPaise: link.amount - 100_000 + 1,
    });
    expect(rest.statusCode).toBe(400);
    expect(rzp!.refunds).toHaveLength(1);

    // Razorpay's refund webhook: the refund processed.
    const refund = rzp!.refunds[0]!;
    const processed = signed({
      event: 'refund.processed',
      payload: {
        refund: {
          entity: {
            id: refund.id,
            payment_id: refund.paymentId,
            amount: refund.amount,
            status: 'processed',
          },
        },
      },
    });
    expect((await webhook(processed.payload, processed.signature)).statusCode).toBe(200);
    expect(
      count(
        "SELECT COUNT(*) AS n FROM payment_refunds WHERE state = 'made' AND gateway_status = 'processed' AND amount_paise = 100000",
      ),
    ).toBe(1);
    expect(rzp!.problems).toEqual([]);
  });

  it('refuses a refund with 409 naming the state for a booking still awaiting its advance', async () => {
    await start();
    const { created } = await accepted();
    const res = await owner(`/api/bookings/${created.id}/refund`, { amountPaise: 100 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ field: 'status', status: 'accepted', payment: 'link-made' });
  });
});

describe('PAY-6: the check every 15 minutes', () => {
  it('catches a payment whose webhook was missed, and makes an expired link overdue with Send a new link', async () => {
    await start();
    const { created, link } = await accepted();
    rzp!.pay(link, 'netbanking');
    expect(await t!.payments.reconcile()).toBe(1);
    const paid = await bookingOf(created.id);
    expect(paid.status).toBe('confirmed');
    expect(paid.payment).toMatchObject({ state: 'paid', method: 'netbanking' });
    expect(mails('guest-confirmed')).toBe(1);
    expect(vouchers()).toBe(1);
    expect(await t!.payments.reconcile()).toBe(0);

    const second = await accepted(20);
    const early = await owner(`/api/bookings/${second.created.id}/payment-link`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ field: 'status', payment: 'link-made' });
    rzp!.expire(second.link);
    expect(await t!.payments.reconcile()).toBe(1);
    expect((await bookingOf(second.created.id)).payment?.state).toBe('overdue');
    const again = await owner(`/api/bookings/${second.created.id}/payment-link`, {});
    expect(again.statusCode, again.body).toBe(200);
    const renewed = (again.json() as { booking: OwnerBooking }).booking;
    const newest = rzp!.links.at(-1)!;
    expect(newest.reference_id).toBe(`${renewed.reference}-2`);
    expect(renewed.payment).toEqual({ state: 'link-made', linkUrl: newest.short_url });
    expect(rzp!.problems).toEqual([]);
  });

  it('"Advance received" by hand still confirms, and the advance reads paid by hand', async () => {
    await start();
    const { created } = await accepted();
    const res = await owner(`/api/bookings/${created.id}/paid`, {});
    expect(res.statusCode).toBe(200);
    expect((await bookingOf(created.id)).payment).toEqual({ state: 'paid-by-hand' });
    expect(await t!.payments.reconcile()).toBe(0);
  });
});

/** The cancels the stand-in received, by link id. */
const cancels = () =>
  rzp!.requests
    .filter((r) => r.path.endsWith('/cancel'))
    .map((r) => {
      expect(r).toMatchObject({ method: 'POST', body: undefined });
      return /^\/v1\/payment_links\/([A-Za-z0-9_]+)\/cancel$/.exec(r.path)![1];
    });

describe('PAY-10, PAY-11: a link the booking no longer waits for is cancelled', () => {
  it('cancels the link when the advance is marked received by hand and when the booking is cancelled; sends nothing without a made link', async () => {
    await start();
    const byHand = await accepted(10);
    expect((await owner(`/api/bookings/${byHand.created.id}/paid`, {})).statusCode).toBe(200);
    await t!.payments.runDue();
    expect(cancels()).toEqual([byHand.link.id]);
    expect(byHand.link.status).toBe('cancelled');
    expect((await bookingOf(byHand.created.id)).payment).toEqual({ state: 'paid-by-hand' });

    const cancelled = await accepted(20);
    const res = await owner(`/api/bookings/${cancelled.created.id}/cancel`, { message: 'Sorry.' });
    expect(res.statusCode, res.body).toBe(200);
    await t!.payments.runDue();
    expect(cancels()).toEqual([byHand.link.id, cancelled.link.id]);
    expect(cancelled.link.status).toBe('cancelled');
    // The card no longer offers the link.
    expect((await bookingOf(cancelled.created.id)).payment).toEqual({ state: 'link-cancelled' });

    // Declined and expired requests never had a link; a link not made yet is not made later.
    const declined = await book(day(30), day(32));
    expect((await owner(`/api/bookings/${declined.id}/decline`, {})).statusCode).toBe(200);
    rzp!.down = true;
    const pending = await book(day(40), day(42));
    expect((await owner(`/api/bookings/${pending.id}/accept`, {})).statusCode).toBe(200);
    await t!.payments.runDue();
    expect((await bookingOf(pending.id)).payment?.state).toBe('link-pending');
    expect((await owner(`/api/bookings/${pending.id}/cancel`, {})).statusCode).toBe(200);
    rzp!.down = false;
    clock += 60 * 60_000;
    const linksBefore = rzp!.links.length;
    await t!.payments.runDue();
    expect(rzp!.links).toHaveLength(linksBefore);
    expect(cancels()).toHaveLength(2);
    // A link paid through Razorpay is not cancelled.
    const paidOnline = await accepted(50);
    const payment = rzp!.pay(paidOnline.link);
    const { payload, signature } = signed(paidEvent(paidOnline.link, payment));
    expect((await webhook(payload, signature)).statusCode).toBe(200);
    await t!.payments.runDue();
    expect(cancels()).toHaveLength(2);
    expect(rzp!.problems).toEqual([]);
  });

  it('cancels a link Razorpay makes after the owner cancelled while it was being made', async () => {
    await start();
    const created = await book(day(10), day(12));
    rzp!.delayMs = 300;
    expect((await owner(`/api/bookings/${created.id}/accept`, {})).statusCode).toBe(200);
    const making = t!.payments.runDue();
    await new Promise((r) => setTimeout(r, 100));
    expect(rzp!.links).toHaveLength(1);
    expect((await owner(`/api/bookings/${created.id}/cancel`, {})).statusCode).toBe(200);
    rzp!.delayMs = 0;
    await making;
    await t!.payments.runDue();
    expect(cancels()).toEqual([rzp!.links[0]!.id]);
    expect(rzp!.links[0]!.status).toBe('cancelled');
    expect((await bookingOf(created.id)).payment).toEqual({ state: 'link-cancelled' });
    expect(rzp!.problems).toEqual([]);
  });

  it("keeps the owner's action when Razorpay does not answer, says the link is still open, and tries again later", async () => {
    await start();
    const { created, link } = await accepted();
    rzp!.down = true;
    const res = await owner(`/api/bookings/${created.id}/paid`, {});
    expect(res.statusCode, res.body).toBe(200);
    await t!.payments.runDue();
    const waiting = await bookingOf(created.id);
    expect(waiting.status).toBe('confirmed');
    expect(waiting.payment?.state).toBe('paid-by-hand');
    expect(waiting.payment?.problem).toMatch(
      /^The payment link is not cancelled yet \(Razorpay answered 503: Service unavailable\); tried again by itself\. Until then the guest can still pay through it\.$/,
    );
    expect(cancels()).toEqual([link.id]);
    // Not again before its wait (30 s), then again once due.
    await t!.payments.runDue();
    expect(cancels()).toHaveLength(1);
    rzp!.down = false;
    clock += 31_000;
    await t!.payments.runDue();
    expect(cancels()).toEqual([link.id, link.id]);
    expect(link.status).toBe('cancelled');
    expect((await bookingOf(created.id)).payment).toEqual({ state: 'paid-by-hand' });
    await t!.payments.runDue();
    expect(cancels()).toHaveLength(2);
    expect(log).not.toContain(link.id);
    expect(rzp!.problems).toEqual([]);
  });

  it('finds a link paid meanwhile: the payment needs a refund, the owner is mailed and the card says why, once', async () => {
    await start();
    const cancelled = await accepted(10);
    const late = rzp!.pay(cancelled.link, 'upi');
    expect((await owner(`/api/bookings/${cancelled.created.id}/cancel`, {})).statusCode).toBe(200);
    const byHand = await accepted(20);
    rzp!.pay(byHand.link, 'card');
    expect((await owner(`/api/bookings/${byHand.created.id}/paid`, {})).statusCode).toBe(200);
    await t!.payments.runDue();
    expect(cancels()).toEqual([cancelled.link.id, byHand.link.id]);
    // Each refused cancel was followed by a fetch of that link.
    for (const l of [cancelled.link, byHand.link])
      expect(rzp!.requests.some((r) => r.method === 'GET' && r.path.endsWith(l.id))).toBe(true);

    const one = await bookingOf(cancelled.created.id);
    expect(one.status).toBe('cancelled');
    expect(one.payment).toMatchObject({
      state: 'needs-refund',
      amountPaise: cancelled.link.amount,
      method: 'upi',
      problem:
        'The booking is cancelled, yet the guest paid through the payment link: refund the guest.',
    });
    const two = await bookingOf(byHand.created.id);
    expect(two.status).toBe('confirmed');
    expect(two.payment).toMatchObject({
      state: 'needs-refund',
      method: 'card',
      problem:
        'The advance was also marked received by hand: the guest has paid twice; refund one of the two.',
    });
    expect(mails('owner-needs-refund')).toBe(2);
    expect(mails('guest-confirmed')).toBe(1);

    // The payment's webhook arriving late changes nothing more; nothing is cancelled again.
    const { payload, signature } = signed(paidEvent(cancelled.link, late));
    expect((await webhook(payload, signature)).statusCode).toBe(200);
    await t!.payments.runDue();
    expect(mails('owner-needs-refund')).toBe(2);
    expect(cancels()).toHaveLength(2);
    const refund = await owner(`/api/bookings/${cancelled.created.id}/refund`, {
      amountPaise: cancelled.link.amount,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(rzp!.problems).toEqual([]);
  });
});

describe('PAY-4: the return from the payment page', () => {
  it('says the advance is received for a valid signature, without personal data; 400 for a wrong one', async () => {
    await start();
    const { created, link } = await accepted();
    const payment = rzp!.pay(link);
    const query = callbackQuery(link, payment.payment_id);
    const ok = await t!.app.inject({ method: 'GET', url: `/payments/razorpay/return?${query}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('your advance is received');
    expect(ok.body).not.toMatch(/Asha|9448011111|asha@|STY-|pay_|plink_/);
    expect(ok.headers['cache-control']).toBe('no-store');
    // The return also asked Razorpay, so the booking is confirmed without waiting for the webhook.
    expect((await bookingOf(created.id)).status).toBe('confirmed');
    const wrong = await t!.app.inject({
      method: 'GET',
      url: `/payments/razorpay/return?${query.replace('status=paid', 'status=PAID')}`,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('could not check');
  });
});

describe('PAY-8: secrets and payment ids', () => {
  it('never writes a secret, a payment or link id to a log line or a published file', async () => {
    await start();
    const { created, link } = await accepted();
    const payment = rzp!.pay(link);
    const { payload, signature } = signed(paidEvent(link, payment));
    await webhook(payload, signature.replace(/^./, '0'));
    await webhook(payload, signature);
    await t!.app.inject({
      method: 'GET',
      url: `/payments/razorpay/return?${callbackQuery(link, payment.payment_id)}`,
    });
    await owner(`/api/bookings/${created.id}/cancel`, { message: 'Sorry.', refundPaise: 0 });
    await owner(`/api/bookings/${created.id}/refund`, { amountPaise: 5000 });
    const publish = await owner('/api/generate', {});
    expect(publish.statusCode).toBe(200);
    expect(log).toContain('Razorpay webhook');
    const secrets = [
      RAZORPAY_TEST_ENV.RAZORPAY_KEY_SECRET,
      RAZORPAY_TEST_ENV.RAZORPAY_WEBHOOK_SECRET,
      Buffer.from(
        `${RAZORPAY_TEST_ENV.RAZORPAY_KEY_ID}:${RAZORPAY_TEST_ENV.RAZORPAY_KEY_SECRET}`,
      ).toString('base64'),
      payment.payment_id,
      link.id,
      signature,
    ];
    for (const secret of secrets) expect(log.includes(secret), secret).toBe(false);
    const site = path.join(t!.dataDir, 'site');
    for (const file of listFiles(site)) {
      const text = fs.readFileSync(path.join(site, file)).toString('latin1');
      for (const secret of secrets) expect(text.includes(secret), `${file}: ${secret}`).toBe(false);
    }
  });
});

describe('PAY-2: configuration', () => {
  it('needs all three Razorpay variables or none', async () => {
    const { loadConfig, ConfigError } = await import('../config.js');
    expect(loadConfig({}).razorpay).toBeUndefined();
    expect(loadConfig({ ...RAZORPAY_TEST_ENV }).razorpay).toEqual({
      keyId: RAZORPAY_TEST_ENV.RAZORPAY_KEY_ID,
      keySecret: RAZORPAY_TEST_ENV.RAZORPAY_KEY_SECRET,
      webhookSecret: RAZORPAY_TEST_ENV.RAZORPAY_WEBHOOK_SECRET,
      apiBase: 'https://api.razorpay.com',
    });
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
        return [];
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as InstanceType<typeof ConfigError>).problems;
      }
    };
    const lines = problems({
      RAZORPAY_KEY_ID: 'rzp_test_StaysStandIn01',
      RAZORPAY_KEY_SECRET: 'bad secret with spaces',
    });
    expect(lines).toEqual([
      'RAZORPAY_KEY_SECRET must be 8 to 256 characters without spaces, as Razorpay shows it',
      'RAZORPAY_WEBHOOK_SECRET must be set too when RAZORPAY_KEY_ID is (set all three of RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET or none)',
    ]);
    expect(problems({ RAZORPAY_KEY_ID: 'key_123', RAZORPAY_API_BASE: 'ftp://x' })).toEqual([
      'RAZORPAY_KEY_ID must be a Razorpay key id, rzp_live_… or rzp_test_… (got "key_123")',
      'RAZORPAY_API_BASE must be an absolute http or https URL (got "ftp://x")',
      'RAZORPAY_KEY_SECRET must be set too when RAZORPAY_KEY_ID is (set all three of RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET or none)',
      'RAZORPAY_WEBHOOK_SECRET must be set too when RAZORPAY_KEY_ID is (set all three of RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET or none)',
    ]);
    expect(problems({ RAZORPAY_API_BASE: 'http://127.0.0.1:9' })).toEqual([
      'RAZORPAY_API_BASE is set but RAZORPAY_KEY_ID is not: set the three RAZORPAY_* keys too (got "http://127.0.0.1:9")',
    ]);
  });
});
