/**
 * PRIV-9: the two classes of the retention table the owner's day added, honoured by their erasure
 * jobs, with a real SQLite file, real HTTP on loopback and an injected clock:
 * - `share-links`: the link the owner hands out works until GUEST_DATA_DAYS after check-out; the
 *   guest-data erasure then deletes it (the page answers 404) and the owner's list makes none again;
 * - `payment-references`: a recorded payment's reference stays while GST keeps the accounts (until
 *   31 December of the seventh year after its financial year, CGST Act s.36 and Rules rule 80) and
 *   is erased the day after, the amount and day kept; the bytes leave the file and its WAL.
 * PRIV-13: the classes kept by a law reach their erasure jobs on the same day: Razorpay's references
 * (`payments`: the payment, refund and link ids, the link's address) and the GST documents'
 * recipients (`gst-recipient`) go, their amounts, days and numbers kept; the access log (`logs`)
 * loses its entries past their year.
 * Needs the build (`node scripts/build.mjs`): bookings are made on a published catalogue.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import type { BookingCreated, OwnerBooking } from '../../shared/bookings.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { RecordedPayments } from '../payments/recorded.js';
import { gstKeptFrom } from './retention.js';

/** 20 Mar 2027, 10:00 in India: the last days of the financial year 2026-27. */
const START = Date.parse('2027-03-20T04:30:00.000Z');
const GUEST_DATA_DAYS = 30;
const DAY = 86_400_000;
/** A UPI reference the owner notes: it names the payer. */
const UPI_REFERENCE = 'UPI 708812345678 leela.payer@okaxis';

let t: TestApp;
let base: string;
let clock = START;
let recorded: RecordedPayments;
let booking: { id: string; checkOut: string; url: string };

async function call(method: 'GET' | 'POST', url: string, body?: unknown, owner = true) {
  const { host: _host, ...headers } = t.ownerHeaders;
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(owner ? headers : { origin: 'http://localhost' }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as unknown };
}

async function ownerList(): Promise<OwnerBooking[]> {
  const res = await call('GET', '/api/bookings?status=all');
  expect(res.status, res.text).toBe(200);
  return (res.json() as { bookings: OwnerBooking[] }).bookings;
}

function fileHas(text: string): boolean {
  const db = path.join(t.dataDir, 'stays.sqlite3');
  const bytes = Buffer.concat([
    fs.readFileSync(db),
    fs.existsSync(`${db}-wal`) ? fs.readFileSync(`${db}-wal`) : Buffer.alloc(0),
  ]);
  return bytes.includes(Buffer.from(text, 'utf8'));
}

beforeAll(async () => {
  t = await makeTestApp(
    {
      CALENDAR_SYNC_MINUTES: '0',
      GUEST_DATA_DAYS: String(GUEST_DATA_DAYS),
      // Registered for GST: the payment's receipt voucher names the guest (PRIV-13).
      GSTIN: '29ABCDE1234F1ZW',
      GST_LEGAL_NAME: 'Malnad Stays LLP',
      GST_ADDRESS: 'IG Road, Chikmagalur, Karnataka 577101',
    },
    { clock: () => clock },
  );
  recorded = new RecordedPayments(t.ctx.db, t.ctx.config, t.bookings, t.gst, () => clock);
  await t.publishCatalogue(testCatalogue({ propertyList: [{ nightlyRate: 5000 }] }));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
  const checkOut = addDays(today(clock), 5);
  const res = await call(
    'POST',
    '/api/bookings',
    {
      propertyId: 'stay-1',
      checkIn: addDays(today(clock), 3),
      checkOut,
      guests: 2,
      name: 'Leela Prabhakar',
      phone: '+91 98450 11223',
      email: 'leela.p@sweep.test',
    },
    false,
  );
  expect(res.status, res.text).toBe(201);
  const created = res.json() as BookingCreated;
  booking = { id: created.id, checkOut, url: new URL(created.url, base).pathname };
  expect((await call('POST', `/api/bookings/${booking.id}/accept`, {})).status).toBe(200);
  const paid = await call('POST', `/api/bookings/${booking.id}/payments`, {
    amountPaise: 300_000,
    paidOn: today(clock),
    way: 'upi',
    reference: UPI_REFERENCE,
  });
  expect(paid.status, paid.text).toBe(200);
});
afterAll(async () => {
  await t?.cleanup();
});

describe('PRIV-9, PRIV-14: the shared link and the mailed link are kept GUEST_DATA_DAYS after check-out, then deleted', () => {
  it('works on the last day of its keeping; the day after, the erasure deletes it and the list makes none again', async () => {
    const link = (await ownerList()).find((b) => b.id === booking.id)?.pageUrl;
    expect(link).toMatch(/\/booking\//);
    const page = new URL(link!).pathname;
    expect((await call('GET', page, undefined, false)).status).toBe(200);

    // The last day: check-out + GUEST_DATA_DAYS - 1, in India.
    clock = Date.parse(`${addDays(booking.checkOut, GUEST_DATA_DAYS - 1)}T12:00:00+05:30`);
    t.logIn();
    t.bookings.eraseOld();
    expect((await call('GET', page, undefined, false)).status).toBe(200);
    // PRIV-14: the link mailed with the request too.
    expect((await call('GET', booking.url, undefined, false)).status).toBe(200);
    expect((await ownerList()).find((b) => b.id === booking.id)?.pageUrl).toBe(link);

    clock += DAY;
    t.logIn();
    expect(t.bookings.eraseOld()).toBeGreaterThanOrEqual(1);
    expect((await call('GET', page, undefined, false)).status).toBe(404);
    expect((await call('GET', booking.url, undefined, false)).status).toBe(404);
    const row = t.ctx.db
      .prepare('SELECT count(*) AS n FROM booking_share_links WHERE booking_id = ?')
      .get(booking.id);
    expect(row).toEqual({ n: 0 });
    expect((await ownerList()).find((b) => b.id === booking.id)?.pageUrl).toBeUndefined();
    expect(row).toEqual(
      t.ctx.db
        .prepare('SELECT count(*) AS n FROM booking_share_links WHERE booking_id = ?')
        .get(booking.id),
    );
    expect(fileHas(new URL(link!).pathname.split('/').at(-1)!)).toBe(false);
  });
});

describe('PRIV-9: a recorded payment’s reference is kept as long as GST keeps the accounts', () => {
  it('gstKeptFrom: a day of the financial year starting 1 April Y is kept until 31 December Y+7', () => {
    expect(gstKeptFrom('2034-12-31')).toBe('2027-04-01');
    expect(gstKeptFrom('2035-01-01')).toBe('2028-04-01');
  });

  it('stays through 31 December 2033, is erased on 1 January 2034 (India), the amount and day kept', async () => {
    const reference = () =>
      t.ctx.db
        .prepare(
          'SELECT reference, amount_paise, paid_on FROM recorded_payments WHERE booking_id = ?',
        )
        .get(booking.id);
    const paidOn = today(START);
    expect(paidOn).toBe('2027-03-20');

    clock = Date.parse('2033-12-31T23:59:00+05:30');
    expect(recorded.eraseOldReferences()).toBe(0);
    expect(reference()).toEqual({
      reference: UPI_REFERENCE,
      amount_paise: 300_000,
      paid_on: paidOn,
    });

    clock = Date.parse('2034-01-01T00:01:00+05:30');
    expect(recorded.eraseOldReferences()).toBe(1);
    expect(reference()).toEqual({ reference: null, amount_paise: 300_000, paid_on: paidOn });
    expect(fileHas('leela.payer@okaxis')).toBe(false);
    expect(recorded.eraseOldReferences()).toBe(0);
  });
});

describe('PRIV-13: Razorpay’s references, GST recipients and the access log reach their erasure jobs', () => {
  const RAZORPAY_PAYMENT = 'pay_LeelaP0000000001';
  const LINK_URL = 'https://rzp.io/i/leelaLink01';
  const gateway = () =>
    t.ctx.db
      .prepare(
        `SELECT payment_id, link_id, link_url, amount_paise, method, paid_at, state
           FROM booking_payments WHERE booking_id = ?`,
      )
      .get(booking.id);
  const refund = () =>
    t.ctx.db
      .prepare(
        'SELECT payment_id, refund_id, amount_paise, state FROM payment_refunds WHERE booking_id = ?',
      )
      .get(booking.id);
  const documents = () =>
    t.ctx.db
      .prepare(
        'SELECT number, issued_at, total_paise, body_json, recipient_erased_at FROM gst_documents WHERE booking_id = ?',
      )
      .all(booking.id) as {
      number: string;
      issued_at: string;
      total_paise: number;
      body_json: string;
      recipient_erased_at: string | null;
    }[];
  const logged = () =>
    t.ctx.db.prepare("SELECT count(*) AS n FROM access_log WHERE username = 'sweep-test'").get();

  it('keeps all through 31 December 2033 and erases the references and the recipient on 1 January 2034 (India)', async () => {
    const paidAt = new Date(START).toISOString();
    t.ctx.db
      .prepare(
        `INSERT INTO booking_payments (booking_id, state, link_id, link_reference, link_url,
           payment_id, amount_paise, method, paid_at, updated_at)
         VALUES (?, 'paid', 'plink_LeelaP01', 'STY-LEELA', ?, ?, 200000, 'upi', ?, ?)`,
      )
      .run(booking.id, LINK_URL, RAZORPAY_PAYMENT, paidAt, paidAt);
    t.ctx.db
      .prepare(
        `INSERT INTO payment_refunds (booking_id, payment_id, idempotency_key, refund_id,
           amount_paise, state, created_at, updated_at)
         VALUES (?, ?, 'sweep-refund-1', 'rfnd_LeelaP0001', 50000, 'made', ?, ?)`,
      )
      .run(booking.id, RAZORPAY_PAYMENT, paidAt, paidAt);
    t.ctx.db
      .prepare("INSERT INTO access_log (at, username, action) VALUES (?, 'sweep-test', 'x')")
      .run(paidAt);
    const issued = documents();
    expect(issued.length).toBeGreaterThan(0);
    expect(issued.every((d) => d.body_json.includes('Leela Prabhakar'))).toBe(true);
    // The guest-data erasure has run (the share link's test): the name is in the documents only.
    t.logIn();
    const moneyBefore = (await call('GET', '/api/reports?from=2027-03-01&to=2027-04-01')).json();

    clock = Date.parse('2033-12-31T23:59:00+05:30');
    t.logIn();
    expect(await t.runner.runNow('payment-reference-erasure')).toBe(true);
    expect(await t.runner.runNow('gst-recipient-erasure')).toBe(true);
    expect(gateway()).toMatchObject({ payment_id: RAZORPAY_PAYMENT, link_url: LINK_URL });
    expect(refund()).toMatchObject({ refund_id: 'rfnd_LeelaP0001' });
    expect(documents()).toEqual(issued);

    clock = Date.parse('2034-01-01T00:01:00+05:30');
    t.logIn();
    expect(await t.runner.runNow('payment-reference-erasure')).toBe(true);
    expect(await t.runner.runNow('gst-recipient-erasure')).toBe(true);
    expect(await t.runner.runNow('access-log-erasure')).toBe(true);
    expect(gateway()).toEqual({
      payment_id: `erased-${booking.id}`,
      link_id: null,
      link_url: null,
      amount_paise: 200000,
      method: 'upi',
      paid_at: paidAt,
      state: 'paid',
    });
    expect(refund()).toMatchObject({ payment_id: `erased-${booking.id}`, amount_paise: 50000 });
    expect((refund() as { refund_id: string }).refund_id).toMatch(/^erased-\d+$/);
    const erased = documents();
    expect(erased.map((d) => [d.number, d.issued_at, d.total_paise])).toEqual(
      issued.map((d) => [d.number, d.issued_at, d.total_paise]),
    );
    for (const d of erased) {
      expect(JSON.parse(d.body_json).recipient).toEqual({});
      expect(d.recipient_erased_at).toBe(new Date(clock).toISOString());
    }
    expect(logged()).toEqual({ n: 0 });
    for (const text of [RAZORPAY_PAYMENT, LINK_URL, 'rfnd_LeelaP0001', 'Leela Prabhakar'])
      expect(fileHas(text), text).toBe(false);
    // The accounts keep their money: the same figures for the month as before.
    const moneyAfter = (await call('GET', '/api/reports?from=2027-03-01&to=2027-04-01')).json();
    expect((moneyAfter as { money: unknown }).money).toEqual(
      (moneyBefore as { money: unknown }).money,
    );
    expect((moneyAfter as { gst: unknown }).gst).toEqual((moneyBefore as { gst: unknown }).gst);
  });

  it('the documents stay as issued otherwise: the trigger refuses any other change, and a second erasure', () => {
    const [doc] = documents();
    expect(() =>
      t.ctx.db
        .prepare('UPDATE gst_documents SET total_paise = total_paise + 1 WHERE number = ?')
        .run(doc!.number),
    ).toThrow(/kept as issued/);
    expect(() =>
      t.ctx.db
        .prepare(
          `UPDATE gst_documents SET body_json = json_set(body_json, '$.totals.totalPaise', 1),
             recipient_erased_at = 'again' WHERE number = ?`,
        )
        .run(doc!.number),
    ).toThrow(/kept as issued/);
    expect(t.gst.eraseOldRecipients()).toBe(0);
  });
});
