/**
 * The owner's figures through the real app (FIG-8): a real guest request, accepted and paid by
 * the owner, leaves its events in the ledger; GET /api/reports counts its nights and its room
 * revenue to the paisa across a month's end, `asOf` before it knows nothing, and the CSV gives
 * one row per month and property. Channel feeds shaped like Airbnb's and Booking.com's exports,
 * served on 127.0.0.1 and synced, count their reservations as booked and their "not available"
 * nights as blocked (FIG-2). Run `node scripts/build.mjs` first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import { monthStart, type Report } from '../../shared/figures.js';
import type { Property } from '../../shared/site-data.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { startFeedServer, type FeedServer } from '../../../test/test-feed-server.js';
import type { StaysAnswer } from '../../shared/ledger.js';

let t: TestApp | undefined;
let feeds: FeedServer | undefined;
afterEach(async () => {
  await t?.cleanup();
  await feeds?.close();
  t = undefined;
  feeds = undefined;
});

const rates: Partial<Property> = {
  nightlyRate: 4500,
  minNights: 1,
  maxGuests: 4,
  advancePercent: 30,
  weeklyDiscount: 10,
};

function owner(method: 'GET' | 'POST', url: string, body?: unknown) {
  return t!.app.inject({
    method,
    url,
    headers: {
      ...t!.ownerHeaders,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

describe('GET /api/reports (FIG-8)', () => {
  it('counts a paid direct stay across a month end from the ledger, to the paisa', async () => {
    t = await makeTestApp({ CALENDAR_SYNC_MINUTES: '0' });
    await t.publishCatalogue(testCatalogue({ propertyList: [rates] }));
    const now = today(Date.now());
    // Seven nights, three before the first of the month after next and four from it.
    const nextMonths = monthStart(now, 2);
    const checkIn = addDays(nextMonths, -3);
    const checkOut = addDays(nextMonths, 4);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: '10.9.0.1',
      headers: { origin: 'http://localhost', 'content-type': 'application/json' },
      payload: JSON.stringify({
        propertyId: 'stay-1',
        checkIn,
        checkOut,
        guests: 2,
        name: 'Asha Rao',
        phone: '094480 11111',
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    const accepted = await owner('POST', `/api/bookings/${id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    // ₹5,000 received by UPI, recorded by the owner (DAY-4): it confirms the booking.
    const advancePaise = 500_000;
    const paid = await owner('POST', `/api/bookings/${id}/payments`, {
      amountPaise: advancePaise,
      paidOn: now,
      way: 'upi',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const from = monthStart(now, 1);
    const to = monthStart(now, 3);
    const res = await owner('GET', `/api/reports?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as Report;
    // ₹4,500 × 7 less 10 % = ₹28,350; each night ₹4,050.
    expect(r.nights).toMatchObject({ booked: 7, bookedDirect: 7, bookedChannel: 0, held: 0 });
    expect(r.roomRevenuePaise).toBe(2_835_000);
    expect(r.adrPaise).toBe(405_000);
    expect(r.byMonth.map((m) => [m.month, m.nights, m.roomRevenuePaise])).toEqual([
      [from.slice(0, 7), 3, 1_215_000],
      [nextMonths.slice(0, 7), 4, 1_620_000],
    ]);
    expect(r.requests).toMatchObject({ received: 0 });
    expect(r.stays).toEqual({ count: 1, averageNights: 7 });
    expect(r.byChannel[0]).toEqual({ channel: 'direct', nights: 7, stays: 1, blocked: 0 });

    // The request, accept and payment happened today: the day before, the books were empty.
    const before = (
      await owner('GET', `/api/reports?from=${from}&to=${to}&asOf=${addDays(now, -1)}`)
    ).json() as Report;
    expect(before.nights.booked).toBe(0);
    expect(before.roomRevenuePaise).toBe(0);

    // Requests and money are counted on the day they happened: today's range has them.
    const todays = (
      await owner('GET', `/api/reports?from=${now}&to=${addDays(now, 1)}`)
    ).json() as Report;
    expect(todays.requests).toMatchObject({ received: 1, accepted: 1 });
    expect(todays.money).toEqual({
      receivedPaise: advancePaise,
      refundedPaise: 0,
      byWay: { upi: { receivedPaise: advancePaise, refundedPaise: 0 } },
    });

    const csv = await owner('GET', `/api/reports.csv?from=${from}&to=${to}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')).toEqual([
      'month,propertyId,nights,occupancy,occupancyAllNights,roomRevenuePaise,adrPaise,revparPaise',
      expect.stringMatching(new RegExp(`^${from.slice(0, 7)},stay-1,3,`)),
      expect.stringMatching(new RegExp(`^${nextMonths.slice(0, 7)},stay-1,4,`)),
      '',
    ]);
  });

  it('gives the GST that GSTR-1 files for the same month (FIG-7, GST-8)', async () => {
    let clock = Date.now();
    t = await makeTestApp(
      {
        CALENDAR_SYNC_MINUTES: '0',
        GSTIN: '29ABCDE1234F1ZW',
        GST_LEGAL_NAME: 'Malnad Stays LLP',
        GST_ADDRESS: 'IG Road, Chikmagalur, Karnataka 577101',
      },
      { clock: () => clock },
    );
    await t.publishCatalogue(testCatalogue({ propertyList: [{ ...rates, cleaningFee: 800 }] }));
    const checkIn = addDays(today(clock), 3);
    const checkOut = addDays(checkIn, 3);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: '10.9.0.2',
      headers: { origin: 'http://localhost', 'content-type': 'application/json' },
      payload: JSON.stringify({
        propertyId: 'stay-1',
        checkIn,
        checkOut,
        guests: 2,
        name: 'Ravi Kumar',
        phone: '094480 22222',
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    expect((await owner('POST', `/api/bookings/${id}/accept`, {})).statusCode).toBe(200);
    expect((await owner('POST', `/api/bookings/${id}/paid`, {})).statusCode).toBe(200);
    // The day after check-out the invoice is issued, dated that day.
    clock = Date.parse(`${addDays(checkOut, 1)}T06:00:00+05:30`);
    t.logIn();
    const invoice = await owner('POST', `/api/bookings/${id}/invoice`, {});
    expect(invoice.statusCode, invoice.body).toBe(201);
    const month = addDays(checkOut, 1).slice(0, 7);
    const from = `${month}-01`;
    const to = monthStart(from, 1);
    const report = (await owner('GET', `/api/reports?from=${from}&to=${to}`)).json() as Report;
    // GSTR-1's HSN summary (b2c: the guest gave no GSTIN) for the month.
    const hsn = await owner('GET', `/api/gst/gstr1?period=${month}&section=hsn&supply=b2c`);
    expect(hsn.statusCode).toBe(200);
    const [header, ...rows] = hsn.body.trim().split('\r\n');
    const col = (name: string) => header!.split(',').indexOf(name);
    const sum = (name: string) =>
      Math.round(rows.reduce((a, r) => a + Number(r.split(',')[col(name)]), 0) * 100);
    expect(rows.length).toBeGreaterThan(0);
    expect(report.gst).toEqual({
      taxablePaise: sum('Taxable Value'),
      cgstPaise: sum('Central Tax Amount'),
      sgstPaise: sum('State/UT Tax Amount'),
    });
    expect(report.gst.taxablePaise).toBeGreaterThan(0);
  });

  it('refuses a bad query naming the field, and a visitor with 401', async () => {
    t = await makeTestApp();
    await t.publishCatalogue(testCatalogue({ propertyList: [rates] }));
    const ask = async (q: string) => {
      const r = await owner('GET', `/api/reports?${q}`);
      expect(r.statusCode, r.body).toBe(400);
      return (r.json() as { field: string }).field;
    };
    expect(await ask('from=2026-12-01')).toBe('to');
    expect(await ask('from=2026-12-01&to=2026-12-01')).toBe('to');
    expect(await ask('from=2026-13-01&to=2027-01-01')).toBe('from');
    expect(await ask('from=2026-01-01&to=2029-06-01')).toBe('to');
    expect(await ask('from=2026-12-01&to=2027-01-01&propertyId=nope')).toBe('propertyId');
    expect(await ask('from=2026-12-01&to=2027-01-01&asOf=today')).toBe('asOf');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/reports?from=2026-12-01&to=2027-01-01',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('channel reservations and channel blocks (FIG-2, decision 049)', () => {
  it('counts "Reserved" as booked and "Not available" as blocked, from feeds synced over HTTP', async () => {
    feeds = await startFeedServer();
    // airbnb.ics: "Reserved" 12–15 and 18–20 Jan 2099, "Airbnb (Not available)" 1–5 Feb.
    // booking.ics: "CLOSED - Not available" 20–22 Jan and 10–14 Feb (Booking.com's every event).
    feeds.set('/airbnb.ics', { kind: 'file', name: 'airbnb.ics' });
    feeds.set('/booking.ics', { kind: 'file', name: 'booking.ics' });
    t = await makeTestApp({ CALENDAR_SYNC_MINUTES: '0', CALENDAR_ALLOW_PRIVATE: 'true' });
    await t.publishCatalogue(testCatalogue({ propertyList: [rates, rates] }));
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/calendar/stay-1',
      headers: t.ownerHeaders,
      payload: {
        feeds: [
          { label: 'Airbnb', url: `${feeds.origin}/airbnb.ics` },
          { label: 'Booking.com', url: `${feeds.origin}/booking.ics` },
        ],
        // The owner's blocks: over a reserved night (13 Jan: booked, not blocked), over two
        // empty nights (25, 26 Jan), and over Airbnb's last "not available" night and the next
        // (4 Feb: the owner's, counted once; 5 Feb).
        blocks: [
          { start: '2099-01-13', end: '2099-01-14', note: '' },
          { start: '2099-01-25', end: '2099-01-27', note: 'Painting' },
          { start: '2099-02-04', end: '2099-02-06', note: '' },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const sync = async () => {
      const res = await owner('POST', '/api/calendar/stay-1/sync');
      expect(res.statusCode, res.body).toBe(200);
      const calendar = res.json() as { feeds: { lastError: string | null }[] };
      expect(calendar.feeds.map((f) => f.lastError)).toEqual([null, null]);
    };
    await sync();

    const report = async () => {
      const res = await owner('GET', '/api/reports?from=2099-01-01&to=2099-03-01');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Report;
    };
    // 59 nights × 2 apartments = 118. Booked: Airbnb's 12, 13, 14, 18, 19 Jan = 5. Blocked: the
    // owner's 25, 26 Jan, 4, 5 Feb = 4; Airbnb's 1, 2, 3 Feb = 3; Booking.com's 20, 21 Jan and
    // 10–13 Feb = 6; 13 = 13.
    const r = await report();
    expect(r.nights).toEqual({
      available: 118,
      blocked: 13,
      booked: 5,
      bookedDirect: 0,
      bookedChannel: 5,
      held: 0,
    });
    expect(r.occupancy).toBe(0.0476); // 5 ÷ (118 − 13) = 0.047619
    expect(r.occupancyAllNights).toBe(0.0424); // 5 ÷ 118 = 0.042373
    expect(r.byChannel).toEqual([
      { channel: 'direct', nights: 0, stays: 0, blocked: 4 },
      { channel: 'airbnb', nights: 5, stays: 2, blocked: 3 },
      { channel: 'booking', nights: 0, stays: 0, blocked: 6 },
      { channel: 'other', nights: 0, stays: 0, blocked: 0 },
    ]);
    // Only the reservations are stays: 3 and 2 nights.
    expect(r.stays).toEqual({ count: 2, averageNights: 2.5 });
    // Channel feeds carry no price.
    expect([r.roomRevenuePaise, r.adrPaise, r.revparPaise]).toEqual([0, null, 0]);
    expect(r.byMonth.map((m) => [m.month, m.nights, m.occupancy, m.occupancyAllNights])).toEqual([
      // January: 62 nights, 4 blocked (25, 26, 20, 21): 5 ÷ 58 = 0.086207, 5 ÷ 62 = 0.080645.
      ['2099-01', 5, 0.0862, 0.0806],
      ['2099-02', 0, 0, 0],
    ]);
    // The ledger tells the channel's blocks apart on its stays.
    const stays = (
      await owner('GET', '/api/stays?from=2099-01-01&to=2099-03-01&propertyId=stay-1')
    ).json() as StaysAnswer;
    expect(
      stays.stays
        .filter((s) => s.source === 'feed')
        .map((s) => [s.feedLabel, s.checkIn, s.unavailable ?? false]),
    ).toEqual([
      ['Airbnb', '2099-01-12', false],
      ['Airbnb', '2099-01-18', false],
      ['Booking.com', '2099-01-20', true],
      ['Airbnb', '2099-02-01', true],
      ['Booking.com', '2099-02-10', true],
    ]);

    // Airbnb turns its "not available" nights into a reservation under the same UID: the ledger
    // records it changed, and its nights move from blocked to booked (4 Feb is now Airbnb's
    // booked night; 5 Feb stays the owner's block).
    const airbnb = fs.readFileSync(
      path.join(import.meta.dirname, '../calendar/test-fixtures/airbnb.ics'),
      'utf8',
    );
    feeds.set('/airbnb.ics', {
      kind: 'text',
      body: airbnb.replace('SUMMARY:Airbnb (Not available)', 'SUMMARY:Reserved'),
      contentType: 'text/calendar; charset=utf-8',
    });
    await sync();
    const after = await report();
    expect(after.nights).toMatchObject({ available: 118, blocked: 9, booked: 9 });
    expect(after.occupancy).toBe(0.0826); // 9 ÷ 109 = 0.082569
    expect(after.byChannel.map((c) => [c.channel, c.nights, c.stays, c.blocked])).toEqual([
      ['direct', 0, 0, 3],
      ['airbnb', 9, 3, 0],
      ['booking', 0, 0, 6],
      ['other', 0, 0, 0],
    ]);
    expect(after.stays).toEqual({ count: 3, averageNights: 3 });

    // Before today nothing of it was known (the feeds were first synced today).
    const before = (
      await owner(
        'GET',
        `/api/reports?from=2099-01-01&to=2099-03-01&asOf=${addDays(today(Date.now()), -1)}`,
      )
    ).json() as Report;
    expect(before.nights).toMatchObject({ blocked: 0, booked: 0 });
  });
});
