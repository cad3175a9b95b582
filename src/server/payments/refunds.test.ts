/**
 * PAY-12..PAY-15: a refund is a record before it is a request; the cancel's refund and Razorpay's
 * are one act; webhooks take the property's turn. Through the real app against the Razorpay
 * stand-in on loopback (test/razorpay-app.ts), which checks the idempotency key, receipt and
 * notes of every refund call, can answer late, after its webhook, with a 5xx, drop the
 * connection or refuse with a 4xx, and counts the refunds it made. Run `node scripts/build.mjs`
 * first (the catalogue is published).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { OwnerBooking } from '../../shared/bookings.js';
import { refundEvent } from '../../../test/razorpay-stand-in.js';
import { startPaymentsApp, type PaymentsApp } from '../../../test/razorpay-app.js';
import { formatPaise } from '../../shared/money.js';

let s: PaymentsApp | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** A booking confirmed through its Razorpay link: its id, advance and payment id. */
async function paidBooking(fromDay: number) {
  const { created, link } = await s!.accepted(fromDay);
  const paymentId = await s!.payByLink(link);
  const b = await s!.bookingOf(created.id);
  expect(b.status).toBe('confirmed');
  return { id: created.id, advance: b.advancePaise!, paymentId };
}

/** A paid booking cancelled with no refund (all kept), ready for the card's Refund. */
async function cancelledKeepingAll(fromDay: number) {
  const paid = await paidBooking(fromDay);
  const res = await s!.owner(`/api/bookings/${paid.id}/cancel`, { refundPaise: 0 });
  expect(res.statusCode, res.body).toBe(200);
  return paid;
}

const refundCalls = () => s!.rzp.requests.filter((r) => /\/refund$/.test(r.path));
const rows = (bookingId: string) =>
  s!.t.ctx.db
    .prepare('SELECT state, refund_id, idempotency_key FROM payment_refunds WHERE booking_id = ?')
    .all(bookingId) as { state: string; refund_id: string | null; idempotency_key: string }[];

/** The card's figures: gateway refunds made, asked, and the refund documents' total. */
function figures(b: OwnerBooking) {
  return {
    made: b.payment?.refundedPaise ?? 0,
    asked: b.payment?.refundAskedPaise ?? 0,
    documents: b.refundDocumentsPaise ?? 0,
  };
}

describe('PAY-13: cancel and refund are one act', () => {
  it('a cancel with a refund asks Razorpay for the same amount under its own key, with its refund voucher; a later refund from the card issues its own document', async () => {
    s = await startPaymentsApp();
    const paid = await paidBooking(10);
    const first = paid.advance - 100_000;
    const cancel = await s.owner(`/api/bookings/${paid.id}/cancel`, { refundPaise: first });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = (cancel.json() as { booking: OwnerBooking }).booking;
    expect(after.status).toBe('cancelled');
    expect(after.payment).toMatchObject({ state: 'refunded', refundedPaise: first });
    expect(after.payment?.problem).toBeUndefined();
    expect(figures(after)).toEqual({ made: first, asked: 0, documents: first });
    expect(s.rzp.refunds).toHaveLength(1);
    const [call] = refundCalls();
    expect(call).toMatchObject({
      method: 'POST',
      path: `/v1/payments/${paid.paymentId}/refund`,
      body: { amount: first, receipt: call!.key, notes: { refund_key: call!.key } },
    });
    expect(call!.key).toMatch(/^STY-[A-Z0-9]{4}-refund-[0-9a-f]{12}$/);
    expect(s.count("SELECT COUNT(*) AS n FROM gst_documents WHERE type = 'refund-voucher'")).toBe(
      1,
    );

    // The rest, from the card: a credit note on the cancellation's invoice of what was kept.
    const rest = await s.owner(`/api/bookings/${paid.id}/refund`, { amountPaise: 100_000 });
    expect(rest.statusCode, rest.body).toBe(200);
    const all = (rest.json() as { booking: OwnerBooking }).booking;
    expect(figures(all)).toEqual({ made: paid.advance, asked: 0, documents: paid.advance });
    expect(s.count("SELECT COUNT(*) AS n FROM gst_documents WHERE type = 'credit-note'")).toBe(1);
    expect(s.rzp.refunds.map((r) => r.amount)).toEqual([first, 100_000]);
    const over = await s.owner(`/api/bookings/${paid.id}/refund`, { amountPaise: 100 });
    expect(over.statusCode).toBe(400);
    expect(s.rzp.refunds).toHaveLength(2);
    expect(s.rzp.problems).toEqual([]);
  });

  it('a cancel of an advance paid by hand issues the refund voucher and asks Razorpay nothing', async () => {
    s = await startPaymentsApp();
    const { created } = await s.accepted(10);
    expect((await s.owner(`/api/bookings/${created.id}/paid`, {})).statusCode).toBe(200);
    const advance = (await s.bookingOf(created.id)).advancePaise!;
    const res = await s.owner(`/api/bookings/${created.id}/cancel`, { refundPaise: advance });
    expect(res.statusCode, res.body).toBe(200);
    const b = (res.json() as { booking: OwnerBooking }).booking;
    expect(figures(b)).toEqual({ made: 0, asked: 0, documents: advance });
    expect(refundCalls()).toHaveLength(0);
  });
});

describe('PAY-12: a refund is a record before it is a request', () => {
  it("the webhook arrives before Razorpay's answer: it adopts the asked refund, the answer confirms it; one row, one refund", async () => {
    s = await startPaymentsApp();
    const paid = await cancelledKeepingAll(10);
    let webhookStatus = 0;
    s.rzp.refundFaults = ['webhook-first'];
    s.rzp.beforeRefundAnswer = async (refund) => {
      webhookStatus = (await s!.webhook(refundEvent(refund), `evt_${refund.id}`)).statusCode;
      expect(rows(paid.id)).toMatchObject([{ state: 'made', refund_id: refund.id }]);
    };
    const res = await s.owner(`/api/bookings/${paid.id}/refund`, { amountPaise: 200_000 });
    expect(webhookStatus).toBe(200);
    expect(res.statusCode, res.body).toBe(200);
    const b = (res.json() as { booking: OwnerBooking }).booking;
    expect(b.payment).toMatchObject({ state: 'refunded', refundedPaise: 200_000 });
    expect(figures(b)).toEqual({ made: 200_000, asked: 0, documents: 200_000 });
    expect(rows(paid.id)).toEqual([
      { state: 'made', refund_id: s.rzp.refunds[0]!.id, idempotency_key: s.rzp.refunds[0]!.key },
    ]);
    expect(s.rzp.refunds).toHaveLength(1);
    // The webhook again (Razorpay retries) changes nothing.
    expect((await s.webhook(refundEvent(s.rzp.refunds[0]!))).statusCode).toBe(200);
    expect(rows(paid.id)).toHaveLength(1);
    expect(s.rzp.problems).toEqual([]);
  });

  it('Razorpay answers after the timeout: the owner hears it is asked, not confirmed; the check finds it made; nothing is refunded twice', async () => {
    s = await startPaymentsApp({ razorpayTimeoutMs: 300 });
    const paid = await cancelledKeepingAll(10);
    s.rzp.refundFaults = ['late'];
    s.rzp.lateMs = 900;
    const res = await s.owner(`/api/bookings/${paid.id}/refund`, { amountPaise: 200_000 });
    expect(res.statusCode, res.body).toBe(202);
    const b = (res.json() as { booking: OwnerBooking }).booking;
    expect(b.payment?.problem).toContain(
      `Refund of ${formatPaise(200_000)} asked; Razorpay has not confirmed it yet.`,
    );
    expect(res.body).not.toMatch(/nothing was refunded/i);
    expect(figures(b)).toEqual({ made: 0, asked: 200_000, documents: 200_000 });
    expect(rows(paid.id)).toMatchObject([{ state: 'unknown' }]);
    // The owner tries again: the amount asked is not refundable a second time.
    const again = await s.owner(`/api/bookings/${paid.id}/refund`, {
      amountPaise: paid.advance - 200_000 + 1,
    });
    expect(again.statusCode).toBe(400);
    await new Promise((r) => setTimeout(r, 1000));
    expect(s.rzp.refunds).toHaveLength(1);
    // Not checked before its wait (a minute), then read from the payment's refunds.
    await s.t.payments.runDue();
    expect(s.rzp.requests.filter((r) => r.path.includes('/refunds'))).toHaveLength(0);
    s.advance(61_000);
    await s.t.payments.runDue();
    expect(
      s.rzp.requests.filter((r) => r.method === 'GET' && r.path.includes('/refunds')),
    ).toHaveLength(1);
    const made = await s.bookingOf(paid.id);
    expect(figures(made)).toEqual({ made: 200_000, asked: 0, documents: 200_000 });
    expect(made.payment?.problem).toBeUndefined();
    expect(refundCalls()).toHaveLength(1);
    expect(s.rzp.refunds).toHaveLength(1);
    expect(s.rzp.problems).toEqual([]);
  });

  for (const fault of ['5xx', 'made-5xx', 'drop'] as const) {
    it(`a ${fault} answer leaves it unknown; the check and a retry under the same key make it once`, async () => {
      s = await startPaymentsApp();
      const paid = await cancelledKeepingAll(10);
      s.rzp.refundFaults = [fault];
      const res = await s.owner(`/api/bookings/${paid.id}/refund`, { amountPaise: 250_000 });
      expect(res.statusCode, res.body).toBe(202);
      expect((res.json() as { booking: OwnerBooking }).booking.payment?.problem).toContain(
        'Razorpay has not confirmed it yet',
      );
      expect(s.rzp.refunds).toHaveLength(fault === '5xx' ? 0 : 1);
      s.advance(61_000);
      await s.t.payments.runDue();
      const b = await s.bookingOf(paid.id);
      expect(figures(b)).toEqual({ made: 250_000, asked: 0, documents: 250_000 });
      expect(s.rzp.refunds).toHaveLength(1);
      const keys = refundCalls().map((r) => r.key);
      // Re-sent only when Razorpay does not list it; always under the first key.
      expect(keys).toHaveLength(fault === '5xx' ? 2 : 1);
      expect(new Set(keys).size).toBe(1);
      expect(s.rzp.problems).toEqual([]);
    });
  }

  it("a definite refusal (4xx) is failed with Razorpay's words, its refund voucher cancelled; a new refund then goes through", async () => {
    s = await startPaymentsApp();
    const paid = await cancelledKeepingAll(10);
    s.rzp.refundFaults = ['refuse'];
    const res = await s.owner(`/api/bookings/${paid.id}/refund`, { amountPaise: 200_000 });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      field: 'amountPaise',
      error: `Razorpay refused the refund of ${formatPaise(200_000)}: Razorpay answered 400: The refund amount provided is greater than amount captured. Nothing was refunded.`,
    });
    const b = await s.bookingOf(paid.id);
    expect(figures(b)).toEqual({ made: 0, asked: 0, documents: 0 });
    expect(b.payment?.problem).toContain(`Razorpay refused the refund of ${formatPaise(200_000)}`);
    expect(s.rzp.refunds).toHaveLength(0);
    const retry = await s.owner(`/api/bookings/${paid.id}/refund`, { amountPaise: 200_000 });
    expect(retry.statusCode, retry.body).toBe(200);
    const done = (retry.json() as { booking: OwnerBooking }).booking;
    expect(figures(done)).toEqual({ made: 200_000, asked: 0, documents: 200_000 });
    expect(done.payment?.problem).toBeUndefined();
    expect(s.rzp.refunds).toHaveLength(1);
    // The refused refund's document is kept, cancelled with the reason; its number is not reused.
    expect(
      s.count(
        "SELECT COUNT(*) AS n FROM gst_documents WHERE type = 'credit-note' AND status = 'cancelled' AND cancel_reason LIKE 'Razorpay refused the refund: %'",
      ),
    ).toBe(1);
  });

  it('a cancel whose refund Razorpay does not answer in time: cancelled, the refund asked and said so, then made by the check', async () => {
    s = await startPaymentsApp({ razorpayTimeoutMs: 300 });
    const paid = await paidBooking(10);
    s.rzp.refundFaults = ['late'];
    s.rzp.lateMs = 900;
    const res = await s.owner(`/api/bookings/${paid.id}/cancel`, { refundPaise: paid.advance });
    expect(res.statusCode, res.body).toBe(200);
    const b = (res.json() as { booking: OwnerBooking }).booking;
    expect(b.status).toBe('cancelled');
    expect(b.payment?.problem).toContain(
      `Refund of ${formatPaise(paid.advance)} asked; Razorpay has not confirmed it yet.`,
    );
    expect(figures(b)).toEqual({ made: 0, asked: paid.advance, documents: paid.advance });
    await new Promise((r) => setTimeout(r, 1000));
    s.advance(61_000);
    await s.t.payments.runDue();
    expect(figures(await s.bookingOf(paid.id))).toEqual({
      made: paid.advance,
      asked: 0,
      documents: paid.advance,
    });
    expect(s.rzp.refunds).toHaveLength(1);
    expect(s.rzp.problems).toEqual([]);
  });
});

describe("PAY-15: webhooks take the property's turn", () => {
  it('a payment confirmed while a sync of that property writes waits for it', async () => {
    s = await startPaymentsApp();
    const { created, link } = await s.accepted(10);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const writing = s.t.conflicts.exclusive('stay-1', () => gate);
    const confirming = s.payByLink(link);
    await new Promise((r) => setTimeout(r, 150));
    const status = () =>
      (
        s!.t.ctx.db.prepare('SELECT status FROM bookings WHERE id = ?').get(created.id) as {
          status: string;
        }
      ).status;
    expect(status()).toBe('accepted');
    release();
    await writing;
    await confirming;
    expect(status()).toBe('confirmed');
  });
});
