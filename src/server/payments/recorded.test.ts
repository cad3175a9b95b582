/**
 * The owner's day on the server (DAY-1, DAY-2, DAY-4, DAY-5) through the real app (a real SQLite
 * file, the catalogue published: run `node scripts/build.mjs` first): every booking of the
 * owner's list carries its guest page link, which opens the page; whether the guest was mailed;
 * payments recorded with their receipt vouchers for exactly their amounts, paid and balance on the
 * card and the guest's page, a mistaken payment reversed by a refund voucher, never deleted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, today } from '../../shared/calendar-dates.js';
import type { BookingActionResult, BookingList, OwnerBooking } from '../../shared/bookings.js';
import type { DocumentList } from '../../shared/gst-documents.js';
import type { Property } from '../../shared/site-data.js';
import { guestLinkMessage, whatsappMessageUrl } from '../../shared/owner-day.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';

const GST_ENV = {
  GSTIN: '29ABCDE1234F1ZW',
  GST_LEGAL_NAME: 'Malnad Stays LLP',
  GST_ADDRESS: 'IG Road, Chikmagalur, Karnataka 577101',
};

let t: TestApp;
let clock = Date.now();
afterEach(async () => {
  await t?.cleanup();
});

/** ₹4,500 a night, a ₹800 cleaning fee, 30 % advance. */
const rates: Partial<Property> = {
  nightlyRate: 4500,
  minNights: 1,
  maxGuests: 4,
  cleaningFee: 800,
  advancePercent: 30,
};
const day = (n: number) => addDays(today(clock), n);

async function start(env: NodeJS.ProcessEnv = GST_ENV) {
  clock = Date.now();
  t = await makeTestApp({ CALENDAR_SYNC_MINUTES: '0', ...env }, { clock: () => clock });
  await t.publishCatalogue(testCatalogue({ propertyList: [rates] }));
}

function owner(method: 'GET' | 'POST', url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...t.ownerHeaders,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

let ip = 0;
async function accepted(email?: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: `10.0.2.${(ip += 1)}`,
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    payload: JSON.stringify({
      propertyId: 'stay-1',
      checkIn: day(10),
      checkOut: day(12),
      guests: 2,
      name: 'Asha Rao',
      phone: '094480 11111',
      ...(email ? { email } : {}),
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as { id: string };
  expect((await owner('POST', `/api/bookings/${id}/accept`, {})).statusCode).toBe(200);
  return id;
}

async function card(id: string): Promise<OwnerBooking> {
  const res = await owner('GET', '/api/bookings?status=all');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as BookingList).bookings.find((b) => b.id === id)!;
}

async function pay(id: string, amountPaise: number, extra: Record<string, unknown> = {}) {
  return owner('POST', `/api/bookings/${id}/payments`, {
    amountPaise,
    paidOn: today(clock),
    way: 'upi',
    ...extra,
  });
}

async function vouchers(id: string) {
  const res = await owner('GET', `/api/documents?month=${today(clock).slice(0, 7)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as DocumentList).documents.filter((d) => d.bookingId === id);
}

describe('DAY-1, DAY-2: the guest reached without mail', () => {
  it("gives every booking of the owner's list its guest page link, the same on every read, which opens the guest's page; says the guest was not mailed with mail off", async () => {
    await start({});
    const id = await accepted();
    const first = await card(id);
    expect(first.pageUrl).toMatch(new RegExp(`^http://localhost/booking/${id}/[A-Za-z0-9_-]{22}$`));
    expect((await card(id)).pageUrl).toBe(first.pageUrl);
    expect(first.guestMail).toBe('none');
    const page = await t.app.inject({ method: 'GET', url: new URL(first.pageUrl!).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Coffee View Suite');
    const message = guestLinkMessage(first, 'Malnad Stays');
    expect(message).toContain(first.pageUrl);
    expect(message).toContain('Coffee View Suite');
    const url = whatsappMessageUrl(first.phone!, message);
    expect(url.startsWith('https://wa.me/919448011111?text=')).toBe(true);
    expect(decodeURIComponent(url.split('text=')[1]!)).toBe(message);
  });
});

describe('DAY-4, DAY-5: payments recorded as they happen', () => {
  it('records a part of the advance, then the balance, each with a receipt voucher for exactly its amount; the card and the guest page show paid and balance', async () => {
    await start();
    const id = await accepted();
    const before = await card(id);
    const total = before.totalPaise!;
    expect(before.money).toMatchObject({ paidPaise: 0, balancePaise: total, balanceDue: day(10) });

    const part = await pay(id, 200_000, { way: 'cash', reference: 'Receipt 12' });
    expect(part.statusCode, part.body).toBe(200);
    const afterPart = (part.json() as BookingActionResult).booking;
    expect(afterPart.status).toBe('confirmed');
    expect(afterPart.money).toMatchObject({ paidPaise: 200_000, balancePaise: total - 200_000 });
    expect(afterPart.money!.payments[0]).toMatchObject({
      amountPaise: 200_000,
      way: 'cash',
      reference: 'Receipt 12',
    });

    const over = await pay(id, total);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ field: 'amountPaise' });

    const rest = await pay(id, total - 200_000, { way: 'bank' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((rest.json() as BookingActionResult).booking.money).toMatchObject({
      paidPaise: total,
      balancePaise: 0,
    });
    const docs = await vouchers(id);
    expect(docs.filter((d) => d.type === 'receipt-voucher').map((d) => d.totalPaise)).toEqual([
      200_000,
      total - 200_000,
    ]);

    const c = await card(id);
    const page = await t.app.inject({ method: 'GET', url: new URL(c.pageUrl!).pathname });
    expect(page.body).toContain('Paid ₹');
    expect(page.body).toContain('balance ₹0');
  });

  it('reverses a payment entered by mistake by a refund voucher and keeps it listed; a second reversal is refused', async () => {
    await start();
    const id = await accepted();
    const paid = ((await pay(id, 150_000)).json() as BookingActionResult).booking;
    const p = paid.money!.payments[0]!;
    const reversed = await owner('POST', `/api/bookings/${id}/payments/${p.id}/reverse`);
    expect(reversed.statusCode, reversed.body).toBe(200);
    const b = (reversed.json() as BookingActionResult).booking;
    expect(b.money!.paidPaise).toBe(0);
    expect(b.money!.payments).toHaveLength(1);
    expect(b.money!.payments[0]!.reversedAt).toBeDefined();
    const docs = await vouchers(id);
    expect(docs.find((d) => d.type === 'refund-voucher')?.totalPaise).toBe(150_000);
    expect(docs.find((d) => d.type === 'receipt-voucher')?.totalPaise).toBe(150_000);
    const again = await owner('POST', `/api/bookings/${id}/payments/${p.id}/reverse`);
    expect(again.statusCode).toBe(409);
  });

  it('refuses a day after today, an unknown way and a request that is not accepted, naming the field', async () => {
    await start();
    const id = await accepted();
    expect((await pay(id, 100, { paidOn: day(1) })).json()).toMatchObject({ field: 'paidOn' });
    expect((await pay(id, 100, { way: 'cheque' })).json()).toMatchObject({ field: 'way' });
    expect((await pay(id, 0)).json()).toMatchObject({ field: 'amountPaise' });
    await owner('POST', `/api/bookings/${id}/cancel`, { message: 'Owner away' });
    const refused = await pay(id, 100);
    expect(refused.statusCode).toBe(409);
  });

  it('keeps paid + balance = total over any sequence of part payments within the balance (property)', async () => {
    await start();
    const id = await accepted();
    const total = (await card(id)).totalPaise!;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 400_000 }), { maxLength: 4 }),
        async (parts) => {
          for (const amount of parts) {
            const before = (await card(id)).money!;
            const res = await pay(id, amount);
            expect(res.statusCode).toBe(amount <= before.balancePaise ? 200 : 400);
            const m = (await card(id)).money!;
            expect(m.paidPaise + m.balancePaise).toBe(Math.max(total, m.paidPaise));
            expect(m.paidPaise).toBeLessThanOrEqual(total);
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});
