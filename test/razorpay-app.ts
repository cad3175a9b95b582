/**
 * Test helper: the real app (real SQLite file, GSTIN set, the catalogue published: run
 * `node scripts/build.mjs` first) with Razorpay pointed at the stand-in on loopback
 * (test/razorpay-stand-in.ts), a clock the test moves, and the owner's and Razorpay's calls as
 * one-liners: book, accept and wait for the link, pay through the link (its signed webhook),
 * cancel with a refund, refund from the card, and the booking as `GET /api/bookings` shows it.
 */
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { expect } from 'vitest';
import { addDays, today } from '../src/shared/calendar-dates.js';
import type { BookingCreated, BookingList, OwnerBooking } from '../src/shared/bookings.js';
import type { Property } from '../src/shared/site-data.js';
import { testCatalogue } from './factories.js';
import { makeTestApp, type TestApp } from './test-helpers.js';
import {
  RAZORPAY_TEST_ENV,
  paidEvent,
  signed,
  startRazorpayStandIn,
  type RazorpayStandIn,
  type StandInLink,
} from './razorpay-stand-in.js';

const RATES: Partial<Property> = {
  nightlyRate: 4500,
  minNights: 2,
  maxGuests: 4,
  advancePercent: 30,
};

export interface PaymentsApp {
  t: TestApp;
  rzp: RazorpayStandIn;
  /** The app's clock, ms; tests move it with `advance`. */
  now(): number;
  advance(ms: number): void;
  /** A guest's request for `nights` nights from `fromDay` days ahead. */
  book(fromDay: number, nights?: number): Promise<BookingCreated>;
  /** Books and accepts, and waits for the link: the booking and its stand-in link. */
  accepted(fromDay: number): Promise<{ created: BookingCreated; link: StandInLink }>;
  /** The guest pays the link and Razorpay's signed webhook arrives (once or `times`). */
  payByLink(link: StandInLink, times?: number): Promise<string>;
  /** An owner's call: GET without a body, POST with one. */
  owner(url: string, body?: unknown): Promise<InjectResponse>;
  /** A signed webhook as Razorpay sends it. */
  webhook(body: unknown, eventId?: string): Promise<InjectResponse>;
  /** The booking as the owner's list shows it. */
  bookingOf(id: string): Promise<OwnerBooking>;
  /** One number from SQL (`SELECT … AS n`). */
  count(sql: string, ...args: unknown[]): number;
  close(): Promise<void>;
}

/**
 * Starts the stand-in and the app; `razorpayTimeoutMs` bounds one Razorpay call; `logStream`
 * receives the server's log.
 */
export async function startPaymentsApp(
  opts: { razorpayTimeoutMs?: number; logStream?: NodeJS.WritableStream } = {},
): Promise<PaymentsApp> {
  let clock = Date.now();
  const rzp = await startRazorpayStandIn();
  const t = await makeTestApp(
    {
      CALENDAR_SYNC_MINUTES: '0',
      GSTIN: '29ABCDE1234F1ZW',
      GST_LEGAL_NAME: 'Malnad Stays LLP',
      GST_ADDRESS: 'IG Road, Chikmagalur, Karnataka 577101',
      ...RAZORPAY_TEST_ENV,
      RAZORPAY_API_BASE: rzp.base,
    },
    { clock: () => clock, ...opts },
  );
  await t.publishCatalogue(testCatalogue({ propertyList: [RATES] }));
  let ip = 0;
  const owner = (url: string, body?: unknown) =>
    t.app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url,
      headers: {
        ...t.ownerHeaders,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const webhook = (body: unknown, eventId?: string) => {
    const { payload, signature } = signed(body);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signature,
        ...(eventId === undefined ? {} : { 'x-razorpay-event-id': eventId }),
      },
      payload,
    });
  };
  const book = async (fromDay: number, nights = 2) => {
    clock += 1000;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: `10.2.${Math.floor((ip += 1) / 250) % 250}.${ip % 250}`,
      headers: { origin: 'http://localhost', 'content-type': 'application/json' },
      payload: JSON.stringify({
        propertyId: 'stay-1',
        checkIn: addDays(today(clock), fromDay),
        checkOut: addDays(today(clock), fromDay + nights),
        guests: 2,
        name: 'Asha Rao',
        phone: '094480 11111',
        email: 'asha@example.test',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as BookingCreated;
  };
  return {
    t,
    rzp,
    now: () => clock,
    advance: (ms) => {
      clock += ms;
    },
    book,
    accepted: async (fromDay) => {
      const created = await book(fromDay);
      const res = await owner(`/api/bookings/${created.id}/accept`, {});
      expect(res.statusCode, res.body).toBe(200);
      await t.payments.runDue();
      return { created, link: rzp.links.at(-1)! };
    },
    payByLink: async (link, times = 1) => {
      const payment = rzp.pay(link);
      for (let i = 0; i < times; i += 1) {
        const res = await webhook(paidEvent(link, payment), `evt_${payment.payment_id}`);
        expect(res.statusCode, res.body).toBe(200);
      }
      return payment.payment_id;
    },
    owner,
    webhook,
    bookingOf: async (id) => {
      const res = await owner('/api/bookings?status=all&limit=100');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as BookingList).bookings.find((b) => b.id === id)!;
    },
    count: (sql, ...args) => (t.ctx.db.prepare(sql).get(...args) as { n: number }).n,
    close: async () => {
      await t.cleanup();
      await rzp.close();
    },
  };
}
