/**
 * PAY-16: property-based tests (fast-check) of the money, through the real app against the
 * Razorpay stand-in on loopback (test/razorpay-app.ts): random sequences of a payment (through
 * the link, its webhook on time, repeated, or after the 15-minute check found it; or by hand),
 * repeated and reordered webhooks, a cancel with a random refund, refunds from the card, each
 * meeting a random Razorpay (answer, late answer, webhook before the answer, 5xx, refund made but
 * 5xx, dropped connection, 4xx refusal), and the check of unknown refunds. After every step:
 * never more refunded than paid, at Razorpay or in the records; every refund Razorpay made is one
 * record (none made twice); the gateway's refunds not failed equal the refund documents; one
 * receipt voucher per payment; every GST series gap-free (numbers of cancelled documents stay in
 * it). After the sequence, once the check has run: every refund is made or failed, and the
 * refunds made equal the refund documents. Run `node scripts/build.mjs` first.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerBooking } from '../../shared/bookings.js';
import { paidEvent, refundEvent, type RefundFault } from '../../../test/razorpay-stand-in.js';
import { startPaymentsApp, type PaymentsApp } from '../../../test/razorpay-app.js';

let s: PaymentsApp;
beforeAll(async () => {
  s = await startPaymentsApp({ razorpayTimeoutMs: 250 });
  s.rzp.lateMs = 400;
  s.rzp.beforeRefundAnswer = async (refund) => {
    expect((await s.webhook(refundEvent(refund))).statusCode).toBe(200);
  };
}, 60_000);
afterAll(async () => {
  await s?.close();
});

type Fault = RefundFault | 'none';
const fault = fc.constantFrom<Fault>(
  'none',
  'late',
  'webhook-first',
  'made-5xx',
  '5xx',
  'refuse',
  'drop',
);
type Step =
  | { kind: 'cancel'; part: number; fault: Fault }
  | { kind: 'refund'; part: number; fault: Fault }
  | { kind: 'paid-webhook-again' }
  | { kind: 'refund-webhooks' }
  | { kind: 'check' };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('cancel' as const),
    part: fc.integer({ min: 0, max: 100 }),
    fault,
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    part: fc.integer({ min: 0, max: 100 }),
    fault,
  }),
  fc.record({ kind: fc.constant('paid-webhook-again' as const) }),
  fc.record({ kind: fc.constant('refund-webhooks' as const) }),
  fc.record({ kind: fc.constant('check' as const) }),
);
/** Most sequences start with the cancel, so that the card's refunds that follow can be made. */
const firstCancel = fc.option(
  fc.record({
    kind: fc.constant('cancel' as const),
    part: fc.integer({ min: 0, max: 100 }),
    fault,
  }),
  { freq: 5 },
);
const pay = fc.constantFrom(
  'link' as const,
  'link-repeated' as const,
  'link-check-first' as const,
  'hand' as const,
);

let nextDay = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The GST series each hold 1..n with no gap (a cancelled document keeps its number). */
function seriesGapFree() {
  const rows = s.t.ctx.db
    .prepare(
      'SELECT series, COUNT(*) AS n, MAX(seq) AS top, MIN(seq) AS low FROM gst_documents GROUP BY series',
    )
    .all() as { series: string; n: number; top: number; low: number }[];
  for (const r of rows) expect(r, r.series).toMatchObject({ low: 1, top: r.n });
}

describe('PAY-16: the money over random sequences', () => {
  it('never refunds more than paid, never twice; gateway refunds equal refund documents; one receipt voucher per payment; series gap-free', async () => {
    await fc.assert(
      fc.asyncProperty(
        pay,
        firstCancel,
        fc.array(step, { maxLength: 5 }),
        async (how, first, rest) => {
          const steps: Step[] = [...(first ? [first] : []), ...rest];
          const problemsBefore = s.rzp.problems.length;
          const { created, link } = await s.accepted((nextDay += 3));
          let paymentId: string | undefined;
          if (how === 'hand') {
            expect((await s.owner(`/api/bookings/${created.id}/paid`, {})).statusCode).toBe(200);
          } else {
            const payment = s.rzp.pay(link);
            paymentId = payment.payment_id;
            if (how === 'link-check-first') expect(await s.t.payments.reconcile()).toBe(1);
            for (let i = 0; i < (how === 'link-repeated' ? 3 : 1); i += 1) {
              const res = await s.webhook(paidEvent(link, payment), `evt_${paymentId}_${i % 2}`);
              expect(res.statusCode).toBe(200);
            }
          }
          const booking = async () => s.bookingOf(created.id);
          const paidPaise = (await booking()).advancePaise!;
          const refundsAtRazorpay = () => s.rzp.refunds.filter((r) => r.paymentId === paymentId);

          const invariants = (b: OwnerBooking) => {
            const made = b.payment?.refundedPaise ?? 0;
            const asked = b.payment?.refundAskedPaise ?? 0;
            const atRazorpay = refundsAtRazorpay();
            expect(made + asked).toBeLessThanOrEqual(paidPaise);
            expect(atRazorpay.reduce((n, r) => n + r.amount, 0)).toBeLessThanOrEqual(paidPaise);
            // Every refund Razorpay made is one record of ours, not failed (none twice, none lost).
            const rows = s.t.ctx.db
              .prepare(
                'SELECT idempotency_key AS key, state FROM payment_refunds WHERE booking_id = ?',
              )
              .all(created.id) as { key: string; state: string }[];
            for (const r of atRazorpay) {
              expect(rows.filter((row) => row.key === r.key)).toHaveLength(1);
              expect(rows.find((row) => row.key === r.key)!.state).not.toBe('failed');
            }
            expect(new Set(atRazorpay.map((r) => r.key)).size).toBe(atRazorpay.length);
            // Gateway refunds not failed = refund documents (by hand: no gateway refund at all).
            expect(made + asked).toBe(paymentId ? (b.refundDocumentsPaise ?? 0) : 0);
            expect(
              s.count(
                "SELECT COUNT(*) AS n FROM gst_documents WHERE booking_id = ? AND type = 'receipt-voucher'",
                created.id,
              ),
            ).toBe(1);
            seriesGapFree();
          };

          for (const st of steps) {
            const b = await booking();
            if (st.kind === 'cancel') {
              if (b.status !== 'confirmed') continue;
              // Razorpay refunds at least ₹1: a smaller refund is refused before anything is stored.
              const refundPaise = Math.floor((paidPaise * st.part) / 100);
              const tooSmall = paymentId !== undefined && refundPaise > 0 && refundPaise < 100;
              s.rzp.refundFaults = st.fault === 'none' ? [] : [st.fault];
              const res = await s.owner(`/api/bookings/${created.id}/cancel`, { refundPaise });
              s.rzp.refundFaults = [];
              expect(res.statusCode, res.body).toBe(tooSmall ? 400 : 200);
            } else if (st.kind === 'refund') {
              const left =
                paidPaise - (b.payment?.refundedPaise ?? 0) - (b.payment?.refundAskedPaise ?? 0);
              const amountPaise = Math.max(1, Math.floor((left * st.part) / 100));
              s.rzp.refundFaults = st.fault === 'none' ? [] : [st.fault];
              const res = await s.owner(`/api/bookings/${created.id}/refund`, { amountPaise });
              s.rzp.refundFaults = [];
              if (!paymentId || b.status !== 'cancelled') expect(res.statusCode).toBe(409);
              else if (amountPaise > left || amountPaise < 100) expect(res.statusCode).toBe(400);
              else if (st.fault === 'refuse') expect(res.statusCode).toBe(502);
              else if (['late', 'made-5xx', '5xx', 'drop'].includes(st.fault))
                expect(res.statusCode).toBe(202);
              else expect(res.statusCode, res.body).toBe(200);
            } else if (st.kind === 'paid-webhook-again') {
              if (paymentId) {
                const payment = link.payments[0]!;
                expect((await s.webhook(paidEvent(link, payment))).statusCode).toBe(200);
              }
            } else if (st.kind === 'refund-webhooks') {
              // Razorpay's refund events, in reverse order and twice each.
              for (const r of [...refundsAtRazorpay()].reverse())
                for (let i = 0; i < 2; i += 1)
                  expect((await s.webhook(refundEvent(r), `evt_${r.id}`)).statusCode).toBe(200);
            } else {
              await sleep(s.rzp.lateMs);
              s.advance(61 * 60_000);
              await s.t.payments.runDue();
            }
            invariants(await booking());
          }

          // Settled: late answers in, the check run; nothing is left unknown.
          await sleep(s.rzp.lateMs);
          s.advance(61 * 60_000);
          await s.t.payments.runDue();
          const settled = await booking();
          invariants(settled);
          expect(settled.payment?.refundAskedPaise ?? 0).toBe(0);
          expect(settled.payment?.refundedPaise ?? 0).toBe(
            paymentId ? (settled.refundDocumentsPaise ?? 0) : 0,
          );
          expect(s.rzp.problems.slice(problemsBefore)).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);
});
