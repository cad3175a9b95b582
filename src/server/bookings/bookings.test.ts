/**
 * The bookings through the real app (real SQLite file, the catalogue imported and published: run
 * `node scripts/build.mjs` first): a guest's request and its refusals (BOOK-1..BOOK-3), the
 * owner's inbox and actions (BOOK-4), accepted nights closed in availability, the owner's calendar
 * and the export feed (BOOK-6), the guest's page and its withdraw form (BOOK-5, BOOK-7), expiry
 * and erasure with a moved clock (BOOK-9), and a new field's place on the property page (BOOK-12).
 */
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import {
  BOOKING_STATUSES,
  type BookingActionBody,
  type BookingCreated,
  type BookingList,
  type BookingRequestBody,
  type OwnerBooking,
} from '../../shared/bookings.js';
import { quoteStay } from '../../shared/quote.js';
import type { Property } from '../../shared/site-data.js';
import { testCatalogue, testProperty } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { replaceCalendar, saveSyncSuccess } from '../calendar/store.js';

let t: TestApp;
let clock = Date.now();
afterEach(async () => {
  await t?.cleanup();
});

const rates: Partial<Property> = {
  nightlyRate: 4500,
  minNights: 2,
  maxGuests: 4,
  cleaningFee: 800,
  advancePercent: 30,
  checkInTime: '14:00',
  checkOutTime: '11:00',
  houseRules: 'No smoking indoors.\nQuiet after 22:00.',
  cancellationPolicy: 'Free cancellation up to 7 days before check-in.',
};

const day = (n: number) => addDays(today(clock), n);

async function start(env: NodeJS.ProcessEnv = {}, property: Partial<Property> = rates) {
  clock = Date.now();
  t = await makeTestApp({ CALENDAR_SYNC_MINUTES: '0', ...env }, { clock: () => clock });
  await t.publishCatalogue(testCatalogue({ propertyList: [property, { name: 'No Price Yet' }] }));
}

const guest: Omit<BookingRequestBody, 'checkIn' | 'checkOut'> = {
  propertyId: 'stay-1',
  guests: 2,
  name: 'Asha Rao',
  phone: '094480 11111',
  email: 'asha@example.test',
  message: 'Arriving late.',
};

let ipCounter = 0;
/** POST /api/bookings from the site, from its own address (the per-address limit is tested apart). */
function request(body: Record<string, unknown>, ip = `10.0.0.${(ipCounter += 1) % 250}`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: ip,
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function book(checkIn = day(10), checkOut = day(12), extra: Record<string, unknown> = {}) {
  clock += 1000; // Requests a second apart: the inbox lists newest first.
  const res = await request({ ...guest, checkIn, checkOut, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as BookingCreated;
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

async function act(id: string, action: string, body: BookingActionBody = {}) {
  return owner('POST', `/api/bookings/${id}/${action}`, body);
}

async function list(status = 'all'): Promise<BookingList> {
  const res = await owner('GET', `/api/bookings?status=${status}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BookingList;
}

const rows = () =>
  (t.ctx.db.prepare('SELECT COUNT(*) AS n FROM bookings').get() as { n: number }).n;

const pathOf = (url: string) => new URL(url).pathname;

describe('BOOK-1, BOOK-2: a guest requests a stay', () => {
  it('stores the request with the E.164 phone and the quote computed by the server, then answers 201 with the page URL', async () => {
    await start();
    const created = await book();
    expect(created.status).toBe('requested');
    expect(created.url).toMatch(/^http:\/\/localhost\/booking\/[a-z2-9]{16}\/[A-Za-z0-9_-]{22}$/);
    expect(created.url).toContain(created.id);
    const [b] = (await list('open')).bookings as [OwnerBooking];
    const property = testProperty({ ...rates, id: 'stay-1' });
    const quote = quoteStay(
      property,
      { checkIn: day(10), checkOut: day(12), guests: 2 },
      { settings: {}, today: today(clock) },
    );
    expect(b).toMatchObject({
      id: created.id,
      propertyName: 'Coffee View Suite',
      phone: '+919448011111',
      phoneDisplay: '+91 94480 11111',
      email: 'asha@example.test',
      message: 'Arriving late.',
      nights: 2,
      status: 'requested',
      totalPaise: quote.totalPaise,
      advancePaise: quote.advancePaise,
      mailProblems: [],
    });
    expect(b.reference).toMatch(/^STY-[2-9A-HJKMNP-TV-Z]{4}$/);
    // The token is kept only as a hash.
    const token = created.url.split('/').pop()!;
    const dump = JSON.stringify(t.ctx.db.prepare('SELECT * FROM booking_tokens').all());
    expect(dump).not.toContain(token);
  });

  it('takes a request for a property without a nightly rate, without a price', async () => {
    await start();
    await book(day(10), day(11), { propertyId: 'stay-2' });
    const [b] = (await list()).bookings as [OwnerBooking];
    expect(b.totalPaise).toBeUndefined();
    expect(b.propertyName).toBe('No Price Yet');
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    await start();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ phone: '12' }, 'phone'],
      [{ phone: 'call me' }, 'phone'],
      [{ email: 'not-an-address' }, 'email'],
      [{ message: 'x'.repeat(2001) }, 'message'],
      [{ guests: 0 }, 'guests'],
      [{ guests: 2.5 }, 'guests'],
      [{ guests: '2' }, 'guests'],
      [{ guests: 5 }, 'guests'], // maxGuests 4
      [{ checkIn: '2026-02-30' }, 'checkIn'],
      [{ checkIn: day(-1), checkOut: day(1) }, 'checkIn'],
      [{ checkOut: day(11) }, 'checkOut'], // minimum stay 2
      [{ checkOut: day(10) }, 'checkOut'],
      [{ checkOut: day(900) }, 'checkOut'],
      [{ propertyId: 'nope' }, 'propertyId'],
      [{ propertyId: '../x' }, 'propertyId'],
    ];
    for (const [change, field] of cases) {
      const res = await request({ ...guest, checkIn: day(10), checkOut: day(12), ...change });
      expect(res.statusCode, `${JSON.stringify(change)} ${res.body}`).toBe(400);
      expect(res.json(), JSON.stringify(change)).toMatchObject({ field });
    }
    for (const payload of ['[]', '"x"', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(rows()).toBe(0);
  });

  it('answers 409 naming checkIn for nights an owner block, a feed or an accepted booking holds', async () => {
    await start();
    const [feedId] = replaceCalendar(
      t.ctx.db,
      'stay-1',
      [{ label: 'Airbnb', url: 'https://airbnb.test/cal.ics' }],
      [{ start: day(20), end: day(22), note: '' }],
      clock,
    );
    saveSyncSuccess(
      t.ctx.db,
      feedId!,
      'https://airbnb.test/cal.ics',
      [{ uid: 'a', start: day(30), end: day(32) }],
      new Date(),
    );
    const accepted = await book(day(40), day(42));
    expect((await act(accepted.id, 'accept')).statusCode).toBe(200);
    for (const [checkIn, checkOut] of [
      [day(21), day(23)],
      [day(29), day(31)],
      [day(41), day(43)],
    ]) {
      const res = await request({ ...guest, checkIn, checkOut });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ field: 'checkIn' });
    }
    expect(rows()).toBe(1);
    // Requests do not hold nights: a second request for the same free nights is stored too.
    await book(day(10), day(12));
    await book(day(10), day(12));
    expect(rows()).toBe(3);
  });

  it('drops a request whose hidden field is filled: 201, nothing stored', async () => {
    await start();
    const res = await request({ ...guest, checkIn: day(10), checkOut: day(12), website: 'x.biz' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'requested' });
    expect(rows()).toBe(0);
  });

  it('BOOK-3: refuses a sixth request within an hour from one address with 429, not another address', async () => {
    await start();
    for (let i = 0; i < 5; i += 1) {
      const res = await request(
        { ...guest, checkIn: day(10 + i * 3), checkOut: day(12 + i * 3) },
        '10.9.9.9',
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await request({ ...guest, checkIn: day(50), checkOut: day(52) }, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ retryAfter: expect.any(Number) });
    expect(
      (await request({ ...guest, checkIn: day(50), checkOut: day(52) }, '10.9.9.8')).statusCode,
    ).toBe(201);
    clock += 61 * 60 * 1000;
    expect(
      (await request({ ...guest, checkIn: day(60), checkOut: day(62) }, '10.9.9.9')).statusCode,
    ).toBe(201);
    expect(rows()).toBe(7);
  });

  it('LIMIT-1: five refused requests and then a valid one: 201; refused ones have their own cap of 30 an hour', async () => {
    await start();
    const from = '10.9.8.7';
    const refusals = [
      { ...guest, phone: '12', checkIn: day(10), checkOut: day(12) },
      { ...guest, phone: '094480', checkIn: day(10), checkOut: day(12) },
      { ...guest, guests: 9, checkIn: day(10), checkOut: day(12) },
      { ...guest, name: 'Asha\nRao', checkIn: day(10), checkOut: day(12) },
      { ...guest, checkIn: day(12), checkOut: day(10) },
    ];
    for (const body of refusals) {
      const res = await request(body, from);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(
      (await request({ ...guest, checkIn: day(10), checkOut: day(12) }, from)).statusCode,
    ).toBe(201);
    // A 409 (nights taken) is a refusal too, and leaves the stored count alone.
    const held = await book(day(30), day(32));
    expect((await owner('POST', `/api/bookings/${held.id}/accept`, {})).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      const res = await request({ ...guest, checkIn: day(30), checkOut: day(32) }, from);
      expect(res.statusCode).toBe(409);
    }
    for (let i = 0; i < 4; i += 1) {
      const res = await request(
        { ...guest, checkIn: day(40 + i * 3), checkOut: day(42 + i * 3) },
        from,
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    // Five stored: the sixth valid one waits.
    expect(
      (await request({ ...guest, checkIn: day(60), checkOut: day(62) }, from)).statusCode,
    ).toBe(429);
    // Thirty refused within the hour (9 so far): the next request of any kind waits.
    const other = '10.9.8.6';
    for (let i = 0; i < 30; i += 1) {
      const res = await request(
        { ...guest, phone: '1', checkIn: day(10), checkOut: day(12) },
        other,
      );
      expect(res.statusCode).toBe(400);
    }
    const capped = await request({ ...guest, checkIn: day(70), checkOut: day(72) }, other);
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
    clock += 61 * 60 * 1000;
    expect(
      (await request({ ...guest, checkIn: day(70), checkOut: day(72) }, other)).statusCode,
    ).toBe(201);
  });

  it('LIMIT-2: IPv6 clients are counted per /64; another /64 and IPv4-mapped addresses apart', async () => {
    await start();
    for (let i = 0; i < 5; i += 1) {
      const res = await request(
        { ...guest, checkIn: day(10 + i * 3), checkOut: day(12 + i * 3) },
        `2001:db8:aa:1:${(i + 1).toString(16)}::${i + 7}`,
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const sameHome = await request(
      { ...guest, checkIn: day(50), checkOut: day(52) },
      '2001:0db8:00aa:0001:ffff:ffff:ffff:fffe',
    );
    expect(sameHome.statusCode).toBe(429);
    for (const address of ['2001:db8:aa:2::1', '::ffff:10.9.7.1']) {
      const res = await request({ ...guest, checkIn: day(50), checkOut: day(52) }, address);
      expect(res.statusCode, address).toBe(201);
    }
  });
});

describe("BOOK-4: the owner's inbox and actions", () => {
  it('needs the owner: 401 without a session', async () => {
    await start();
    const created = await book();
    for (const [method, url] of [
      ['GET', '/api/bookings'],
      ['POST', `/api/bookings/${created.id}/accept`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { origin: 'http://localhost', 'content-type': 'application/json' },
        payload: method === 'POST' ? '{}' : undefined,
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('lists by filter with the open count, and moves a booking through its states', async () => {
    await start();
    const a = await book(day(10), day(12));
    const b = await book(day(20), day(22));
    const c = await book(day(30), day(32));
    expect((await list('open')).openCount).toBe(3);
    expect((await list('open')).bookings.map((x) => x.id)).toEqual([c.id, b.id, a.id]);

    const accepted = await act(a.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().booking).toMatchObject({ id: a.id, status: 'accepted' });
    const declined = await act(b.id, 'decline', { message: 'Sorry, we are closed then.' });
    expect(declined.json().booking).toMatchObject({
      status: 'declined',
      ownerMessage: 'Sorry, we are closed then.',
    });
    expect((await act(a.id, 'paid')).json().booking.status).toBe('confirmed');
    expect((await list('upcoming')).bookings.map((x) => x.id)).toEqual([a.id]);
    expect((await list('open')).openCount).toBe(1);
    expect((await act(a.id, 'cancel', { message: 'Flooded road.' })).json().booking.status).toBe(
      'cancelled',
    );

    // An action the state does not allow: 409 naming the state, nothing changed.
    const again = await act(b.id, 'accept');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'status', status: 'declined' });
    expect(again.json().error).toContain('Declined');
    expect((await act(c.id, 'paid')).json()).toMatchObject({ status: 'requested' });
    expect((await act(c.id, 'cancel')).statusCode).toBe(409);

    expect((await act(c.id, 'nope')).statusCode).toBe(404);
    expect((await act('aaaaaaaaaaaaaaaa', 'accept')).statusCode).toBe(404);
    expect((await act(c.id, 'decline', { message: 'x'.repeat(2001) })).json()).toMatchObject({
      field: 'message',
    });
    expect((await owner('GET', '/api/bookings?status=soon')).json()).toMatchObject({
      field: 'status',
    });
    clock += 40 * 24 * 60 * 60 * 1000;
    // Days later the owner's session has ended (SESS-3, TIME-5): they log in again.
    t.logIn();
    expect((await list('past')).bookings.map((x) => x.id).sort()).toEqual(
      [a.id, b.id, c.id].sort(),
    );
  });

  it('refuses the second of two accepts of overlapping stays, naming the booking that holds them', async () => {
    await start();
    const first = await book(day(10), day(13));
    const second = await book(day(12), day(14));
    expect((await act(first.id, 'accept')).statusCode).toBe(200);
    const res = await act(second.id, 'accept');
    expect(res.statusCode).toBe(409);
    const reference = (await list()).bookings.find((x) => x.id === first.id)!.reference;
    expect(res.json()).toMatchObject({ field: 'checkIn' });
    expect(res.json().error).toContain(`direct booking ${reference}`);
    expect((await list('open')).bookings.map((x) => x.id)).toEqual([second.id]);
  });

  it("refuses an accept when a channel's feed took the nights meanwhile, naming the calendar", async () => {
    await start();
    const created = await book(day(10), day(13));
    const [feedId] = replaceCalendar(
      t.ctx.db,
      'stay-1',
      [{ label: 'Airbnb', url: 'https://airbnb.test/cal.ics' }],
      [],
      clock,
    );
    saveSyncSuccess(
      t.ctx.db,
      feedId!,
      'https://airbnb.test/cal.ics',
      [{ uid: 'a', start: day(12), end: day(15) }],
      new Date(),
    );
    const res = await act(created.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain('Airbnb');
    expect(res.json()).toMatchObject({ heldBy: ['Airbnb'] });
  });
});

describe('BOOK-6: accepted and confirmed bookings close their nights everywhere', () => {
  it('in /api/availability, the owner calendar (as direct bookings) and the export feed as "Booked (direct)", without guest data', async () => {
    await start();
    const created = await book(day(10), day(12));
    const other = await book(day(20), day(22));
    await act(created.id, 'accept');
    await act(other.id, 'accept');
    await act(other.id, 'paid');
    const availability = (
      await t.app.inject({ method: 'GET', url: '/api/availability/stay-1' })
    ).json() as { unavailable: { start: string; end: string }[] };
    expect(availability.unavailable).toEqual([
      { start: day(10), end: day(12) },
      { start: day(20), end: day(22) },
    ]);
    const calendar = (await owner('GET', '/api/calendar/stay-1')).json() as {
      directBookings: unknown[];
      exportUrl: string;
    };
    expect(calendar.directBookings).toEqual([
      expect.objectContaining({ id: created.id, status: 'accepted', start: day(10), end: day(12) }),
      expect.objectContaining({ id: other.id, status: 'confirmed', start: day(20), end: day(22) }),
    ]);
    expect(JSON.stringify(calendar.directBookings)).not.toMatch(/Asha|9448011111|asha@/);
    const feed = await t.app.inject({ method: 'GET', url: pathOf(calendar.exportUrl) });
    expect(feed.statusCode).toBe(200);
    expect(feed.body.match(/SUMMARY:Booked \(direct\)/g)).toHaveLength(2);
    expect(feed.body).toContain(`DTSTART;VALUE=DATE:${day(10).replaceAll('-', '')}`);
    expect(feed.body).not.toMatch(/Asha|9448011111|asha@|Arriving/);
    // A cancelled booking frees its nights.
    await act(created.id, 'cancel');
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/availability/stay-1' })
    ).json() as { unavailable: unknown[] };
    expect(after.unavailable).toEqual([{ start: day(20), end: day(22) }]);
  });
});

describe("BOOK-7: the guest's booking page", () => {
  it('shows the status, stay, times, price, rules and contact; noindex, no-store, only its own script; a wrong id or token is the site 404', async () => {
    await start({
      GSTIN: '29ABCDE1234F1ZW',
      GST_LEGAL_NAME: 'Stays LLP',
      GST_ADDRESS: 'Chikmagalur',
    });
    const created = await book();
    const res = await t.app.inject({ method: 'GET', url: pathOf(created.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['referrer-policy']).toBe('strict-origin');
    const html = res.body;
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    // The page's one script is its own, from this site (PAY-1): nothing inline, nothing else.
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/booking-page.js" defer>']);
    for (const text of [
      'Requested',
      'Coffee View Suite',
      'from 14:00',
      'by 11:00',
      'No smoking indoors.',
      'Free cancellation up to 7 days',
      '+91 94480 12345',
      'GSTIN 29ABCDE1234F1ZW',
      'Withdraw my request',
      '2 nights × ₹4,500',
    ]) {
      expect(html.includes(text), text).toBe(true);
    }
    // The guest's own data is not on the page, which opens with its link alone.
    expect(html).not.toMatch(/Asha|9448011111|asha@/);
    const [, , , , id, token] = created.url.split('/');
    for (const url of [
      `/booking/${id}/${'A'.repeat(22)}`,
      `/booking/${'a'.repeat(16)}/${token}`,
      `/booking/${id}`,
      `/booking/${id}/${token}/more`,
    ]) {
      const miss = await t.app.inject({ method: 'GET', url });
      expect(miss.statusCode, url).toBe(404);
      expect(miss.body, url).toContain('Page not found');
    }
  });

  it('PERF-8: is sent brotli or gzip as the browser accepts (q=0 honoured), the same page decompressed, with Vary', async () => {
    await start();
    const created = await book();
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: pathOf(created.url),
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toContain('Withdraw my request');
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await get('br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const none = await get('br;q=0, gzip;q=0');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);
  });

  it('once accepted shows the advance with its UPI link and QR code, or asks to contact the owner without UPI_ID', async () => {
    await start({ UPI_ID: 'stays@okhdfcbank', BUSINESS_NAME: 'Stays & Co' });
    const created = await book();
    await act(created.id, 'accept');
    const [b] = (await list()).bookings as [OwnerBooking];
    const html = (await t.app.inject({ method: 'GET', url: pathOf(created.url) })).body;
    expect(html).toContain('Accepted – advance due');
    const rupees = (b.advancePaise! / 100).toFixed(2);
    const link = `upi://pay?pa=stays%40okhdfcbank&amp;pn=Stays%20%26%20Co&amp;tr=${b.reference}&amp;am=${rupees}&amp;cu=INR&amp;tn=${b.reference}`;
    expect(html).toContain(`href="${link}"`);
    expect(html).toMatch(/<img[^>]+src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+"/);
    expect(html).not.toContain('Withdraw my request');
    // PAY-1: the UPI id as text to copy, its Copy button shown by the page's own script only.
    expect(html).toContain('<code class="bk-upi-id">stays@okhdfcbank</code>');
    expect(html).toMatch(
      /<button class="bk-copy" type="button" data-copy="stays@okhdfcbank"[^>]* hidden/,
    );
    expect(html).toContain('scan the code shown here');
    expect(html).toContain('<script src="/booking-page.js" defer></script>');
    const script = await t.app.inject({ method: 'GET', url: '/booking-page.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('navigator.clipboard');
    await t.cleanup();

    // PAY-1: a merchant UPI id's category code goes in `mc`.
    await start({ UPI_ID: 'stays@okhdfcbank', UPI_MERCHANT_CODE: '7011' });
    const merchant = await book();
    await act(merchant.id, 'accept');
    const withCode = (await t.app.inject({ method: 'GET', url: pathOf(merchant.url) })).body;
    expect(withCode).toMatch(
      /href="upi:\/\/pay\?pa=stays%40okhdfcbank&amp;pn=[^"&]+&amp;mc=7011&amp;tr=STY-/,
    );
    await t.cleanup();

    await start();
    const plain = await book();
    await act(plain.id, 'accept');
    const without = (await t.app.inject({ method: 'GET', url: pathOf(plain.url) })).body;
    expect(without).toContain('please contact the owner');
    expect(without).not.toContain('upi://');
  });

  it('withdraws a request from the page form: 303 back, status Withdrawn; refused from another site', async () => {
    await start();
    const created = await book();
    const path = pathOf(created.url);
    const cross = await t.app.inject({
      method: 'POST',
      url: `${path}/withdraw`,
      headers: { origin: 'https://evil.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(cross.statusCode).toBe(403);
    expect((await list('open')).openCount).toBe(1);
    const res = await t.app.inject({
      method: 'POST',
      url: `${path}/withdraw`,
      headers: { origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(path);
    expect((await list()).bookings[0]!.status).toBe('withdrawn');
    const page = (await t.app.inject({ method: 'GET', url: path })).body;
    expect(page).toContain('Withdrawn');
    expect(page).not.toContain('Withdraw my request');
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${path.slice(0, -4)}AAAA/withdraw`,
      headers: { origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('BOOK-9: expiry and erasure', () => {
  it('expires requests unanswered for BOOKING_REQUEST_HOURS, and no others', async () => {
    await start({ BOOKING_REQUEST_HOURS: '24' });
    const old = await book(day(10), day(12));
    clock += 23 * 60 * 60 * 1000;
    t.logIn();
    const young = await book(day(20), day(22));
    const accepted = await book(day(30), day(32));
    await act(accepted.id, 'accept');
    expect(t.bookings.expireStale()).toBe(0);
    clock += 2 * 60 * 60 * 1000;
    expect(t.bookings.expireStale()).toBe(1);
    const status = Object.fromEntries((await list()).bookings.map((b) => [b.id, b.status]));
    expect(status).toEqual({
      [old.id]: 'expired',
      [young.id]: 'requested',
      [accepted.id]: 'accepted',
    });
  });

  it('erases name, phone, e-mail and messages GUEST_DATA_DAYS after check-out, keeping dates and amounts', async () => {
    await start({ GUEST_DATA_DAYS: '30' });
    const [checkIn, checkOut] = [day(10), day(12)];
    const created = await book(checkIn, checkOut);
    await act(created.id, 'decline', { message: 'Sorry, Asha.' });
    clock += (12 + 29) * 24 * 60 * 60 * 1000;
    t.logIn();
    expect(t.bookings.eraseOld()).toBe(0);
    clock += 2 * 24 * 60 * 60 * 1000;
    t.logIn();
    expect(t.bookings.eraseOld()).toBe(1);
    const [b] = (await list()).bookings as [OwnerBooking];
    expect(b).toMatchObject({ checkIn, checkOut, status: 'declined' });
    expect(b.totalPaise).toBeGreaterThan(0);
    for (const key of ['name', 'phone', 'email', 'message', 'ownerMessage'] as const) {
      expect(b[key], key).toBeUndefined();
    }
    const dump = JSON.stringify(t.ctx.db.prepare('SELECT * FROM bookings').all());
    expect(dump).not.toMatch(/Asha|9448011111|asha@|Arriving/);
  });
});

describe('BOOK-4: the states', () => {
  it('the table accepts every state of the contract and no other', async () => {
    await start();
    const created = await book();
    const set = t.ctx.db.prepare('UPDATE bookings SET status = ? WHERE id = ?');
    for (const status of BOOKING_STATUSES) expect(set.run(status, created.id).changes).toBe(1);
    expect(() => set.run('lost', created.id)).toThrow(/CHECK/);
  });
});

describe('BOOK-12: house rules and cancellation policy on the property page', () => {
  it('shows them under the description when set, and not otherwise', async () => {
    await start();
    const page = (await t.app.inject({ method: 'GET', url: '/stay/stay-1' })).body;
    expect(page).toContain('House rules');
    expect(page).toContain('No smoking indoors.');
    expect(page).toContain('Cancellation policy');
    const bare = (await t.app.inject({ method: 'GET', url: '/stay/stay-2' })).body;
    expect(bare).not.toContain('House rules');
    expect(bare).not.toContain('Cancellation policy');
  });
});
