/**
 * The stay ledger's events of money and arrival (LEDGER-2, LEDGER-4, decision 051), through the
 * real app (real SQLite file) against the Razorpay stand-in on loopback (test/razorpay-app.ts):
 * a refund asked, made or refused, each once whichever of Razorpay's answer, its list or its
 * webhook tells it first; the cancel's refund after the cancel; a check-in at the owner's first
 * register entry of a booking; a recorded payment's own amount; and a ledger that fails costs
 * nothing it records. Run `node scripts/build.mjs` first (the catalogue is published).
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { today } from '../../shared/calendar-dates.js';
import type { BookingEventsAnswer } from '../../shared/ledger.js';
import { refundEvent } from '../../../test/razorpay-stand-in.js';
import { startPaymentsApp, type PaymentsApp } from '../../../test/razorpay-app.js';

let s: PaymentsApp | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** A booking confirmed through its Razorpay link: its id and advance. */
async function paidBooking(fromDay: number) {
  const { created, link } = await s!.accepted(fromDay);
  await s!.payByLink(link);
  const b = await s!.bookingOf(created.id);
  expect(b.status).toBe('confirmed');
  return { id: created.id, advance: b.advancePaise! };
}

/** The booking's events as `GET /api/bookings/{id}/events` gives them: kind:actor:amount. */
async function history(id: string): Promise<string[]> {
  const res = await s!.owner(`/api/bookings/${id}/events`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as BookingEventsAnswer).events.map(
    (e) => `${e.kind}:${e.actor}${e.amountPaise === undefined ? '' : `:${e.amountPaise}`}`,
  );
}

describe('LEDGER-2: a refund asked, made or refused', () => {
  it("a cancel's refund follows the cancel; a card refund is asked by the owner and made by the gateway", async () => {
    s = await startPaymentsApp();
    const paid = await paidBooking(10);
    const first = paid.advance - 100_000;
    const cancel = await s.owner(`/api/bookings/${paid.id}/cancel`, { refundPaise: first });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const rest = await s.owner(`/api/bookings/${paid.id}/refund`, { amountPaise: 100_000 });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await history(paid.id)).toEqual([
      'requested:guest',
      'accepted:owner',
      `paid:gateway:${paid.advance}`,
      `cancelled:owner:${first}`,
      `refund-asked:owner:${first}`,
      `refunded:gateway:${first}`,
      'refund-asked:owner:100000',
      'refunded:gateway:100000',
    ]);
  });

  it('the webhook before the answer, and the webhook again: refunded once', async () => {
    s = await startPaymentsApp();
    const paid = await paidBooking(10);
    await s.owner(`/api/bookings/${paid.id}/cancel`, { refundPaise: 0 });
    s.rzp.refundFaults = ['webhook-first'];
    s.rzp.beforeRefundAnswer = async (refund) => {
      expect((await s!.webhook(refundEvent(refund), `evt_${refund.id}`)).statusCode).toBe(200);
    };
    const res = await s.owner(`/api/bookings/${paid.id}/refund`, { amountPaise: 200_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await s.webhook(refundEvent(s.rzp.refunds[0]!))).statusCode).toBe(200);
    expect((await history(paid.id)).slice(-3)).toEqual([
      'cancelled:owner:0',
      'refund-asked:owner:200000',
      'refunded:gateway:200000',
    ]);
  });

  it('a refusal is refund-failed; an unanswered refund stays asked until the check finds it made', async () => {
    s = await startPaymentsApp();
    const paid = await paidBooking(10);
    await s.owner(`/api/bookings/${paid.id}/cancel`, { refundPaise: 0 });
    s.rzp.refundFaults = ['refuse'];
    expect(
      (await s.owner(`/api/bookings/${paid.id}/refund`, { amountPaise: 200_000 })).statusCode,
    ).toBe(502);
    s.rzp.refundFaults = ['made-5xx'];
    expect(
      (await s.owner(`/api/bookings/${paid.id}/refund`, { amountPaise: 150_000 })).statusCode,
    ).toBe(202);
    expect((await history(paid.id)).slice(-3)).toEqual([
      'refund-asked:owner:200000',
      'refund-failed:gateway:200000',
      'refund-asked:owner:150000',
    ]);
    s.advance(61_000);
    await s.t.payments.runDue();
    expect((await history(paid.id)).slice(-2)).toEqual([
      'refund-asked:owner:150000',
      'refunded:gateway:150000',
    ]);
    expect(s.rzp.refunds).toHaveLength(1);
  });

  it('a refund made in Razorpay Dashboard is refunded by the gateway, never asked', async () => {
    s = await startPaymentsApp();
    const paid = await paidBooking(10);
    await s.owner(`/api/bookings/${paid.id}/cancel`, { refundPaise: 0 });
    const paymentId = s.rzp.links.at(-1)!.payments[0]!.payment_id;
    const res = await s.webhook(
      refundEvent({
        id: 'rfnd_Dashboard0001',
        paymentId,
        amount: 50_000,
        key: '',
        receipt: null,
        notes: {},
        status: 'processed',
      }),
      'evt_dashboard_refund',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await history(paid.id)).slice(-2)).toEqual([
      'cancelled:owner:0',
      'refunded:gateway:50000',
    ]);
  });

  it('a ledger that fails costs nothing it records: the refund is asked and made, the failure logged', async () => {
    let log = '';
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    s = await startPaymentsApp({ logStream });
    const paid = await paidBooking(10);
    await s.owner(`/api/bookings/${paid.id}/cancel`, { refundPaise: 0 });
    s.t.ctx.db.exec(`CREATE TRIGGER refuse_refund_events BEFORE INSERT ON ledger_events
      WHEN NEW.kind LIKE 'refund%' BEGIN SELECT RAISE(ABORT, 'planted'); END`);
    const res = await s.owner(`/api/bookings/${paid.id}/refund`, { amountPaise: 200_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(s.count("SELECT COUNT(*) AS n FROM payment_refunds WHERE state = 'made'")).toBe(1);
    expect((await history(paid.id)).at(-1)).toBe('cancelled:owner:0');
    expect(log).toContain('a ledger event failed; what it records stands');
  });
});

describe('LEDGER-2: checked in, and the money of a recorded payment', () => {
  it("the owner's first register entry of a booking is its check-in, by the owner's account; a second adult is no second check-in", async () => {
    s = await startPaymentsApp();
    const created = await s.book(0, 2);
    expect((await s.owner(`/api/bookings/${created.id}/accept`, {})).statusCode).toBe(200);
    const total = (await s.bookingOf(created.id)).totalPaise!;
    const part = await s.owner(`/api/bookings/${created.id}/payments`, {
      amountPaise: 200_000,
      paidOn: today(s.now()),
      way: 'cash',
    });
    expect(part.statusCode, part.body).toBe(200);
    const adult = {
      bookingId: created.id,
      category: 'indian',
      address: '12 Temple Road, Udupi, Karnataka',
      phone: '094480 33333',
      idType: 'aadhaar',
      idLast4: '1234 5678 9012',
    };
    for (const name of ['Kavya Hegde', 'Ravi Hegde']) {
      const res = await s.owner('/api/register', { ...adult, name });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(total).toBeGreaterThan(200_000);
    expect(await history(created.id)).toEqual([
      'requested:guest',
      'accepted:owner',
      'paid:owner:200000',
      'checked-in:owner',
    ]);
  });
});
