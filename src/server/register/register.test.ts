/**
 * The guest register through the real app (real SQLite file, the catalogue imported and
 * published: run `npm run build` first), a real SMTP server and a moved clock: the confirmed mail's
 * link, the guest's form round trip (two adults, one foreign), each refusal naming its field with
 * the form coming back as typed, the owner's API shapes, the owner's entry at check-in, Mark
 * submitted, the CSV and the printable register, the 24-hour deadline and the one reminder,
 * retention with REGISTER_DAYS=400 and GUEST_DATA_DAYS=30, REGISTER_DAYS below 365 refused, and no
 * register field in a published file or a log line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import type { BookingCreated } from '../../shared/bookings.js';
import { formIIIState, type RegisterEntry, type RegisterList } from '../../shared/register.js';
import { testCatalogue } from '../../../test/factories.js';
import { listFiles, makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { startSmtpServer, type SmtpServer } from '../../../test/test-smtp-server.js';
import { ConfigError, loadConfig } from '../config.js';
import { arrivalInstant } from './service.js';
import { registerFormHtml } from './page.js';

let t: TestApp | undefined;
let smtp: SmtpServer | undefined;
let clock = Date.now();
let log = '';
afterEach(async () => {
  await t?.cleanup();
  await smtp?.close().catch(() => undefined);
  t = undefined;
  smtp = undefined;
});

const OWNER_MAIL = 'owner@stays.test';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const day = (n: number) => addDays(today(clock), n);

async function start(env: NodeJS.ProcessEnv = {}) {
  // 09:00 in India: the stays below start days later, whatever the hour the test runs.
  clock = Date.parse(`${today()}T03:30:00Z`);
  log = '';
  smtp = await startSmtpServer();
  const logStream = new PassThrough();
  logStream.on('data', (c: Buffer) => (log += c.toString('utf8')));
  t = await makeTestApp(
    {
      CALENDAR_SYNC_MINUTES: '0',
      NOTIFY_EMAIL: OWNER_MAIL,
      SMTP_URL: smtp.url(),
      MAIL_FROM: 'bookings@stays.test',
      ...env,
    },
    { clock: () => clock, logStream },
  );
  const catalogue = testCatalogue({
    propertyList: [{ nightlyRate: 4000, advancePercent: 25, maxGuests: 4, checkInTime: '14:00' }],
  });
  await t!.publishCatalogue(catalogue);
}

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

let ip = 0;
/** A request for nights `from`..`from + 3` days ahead, accepted and paid: its id and page path. */
async function confirmedBooking(from = 5, guests = 3) {
  const res = await t!.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: `10.2.0.${(ip += 1)}`,
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    payload: JSON.stringify({
      propertyId: 'stay-1',
      checkIn: day(from),
      checkOut: day(from + 3),
      guests,
      name: 'Booker Person',
      phone: '+91 98450 22222',
      email: 'booker@guest.test',
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as BookingCreated;
  for (const action of ['accept', 'paid']) {
    const r = await owner('POST', `/api/bookings/${created.id}/${action}`, {});
    expect(r.statusCode, r.body).toBe(200);
  }
  await settled();
  return { id: created.id, page: new URL(created.url).pathname };
}

/** Waits (at most 10 s) until every mail enqueued so far has been tried: closing the app mid-send is not what is tested. */
async function settled() {
  const untried = () =>
    (
      t!.ctx.db.prepare('SELECT COUNT(*) AS n FROM mail_outbox WHERE attempts = 0').get() as {
        n: number;
      }
    ).n;
  const until = Date.now() + 10_000;
  while (untried() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  expect(untried()).toBe(0);
}

const INDIAN = {
  name: 'Kavya Hegde',
  category: 'indian',
  address: '12 Temple Road, Udupi, Karnataka',
  phone: '094480 33333',
  idType: 'aadhaar',
  idLast4: '1234 5678 9012',
};

/** A foreign adult whose stay is days `from`..`from + 3`: every Form III particular. */
const foreigner = (from = 5) => ({
  name: 'Jane Q Traveller',
  category: 'foreign',
  nationality: 'United Kingdom',
  address: '4 Canal Street, Manchester M1 3HE, United Kingdom',
  phone: '+44 7911 123456',
  idType: 'passport',
  idLast4: '',
  surname: 'TRAVELLER',
  givenName: 'JANE QUINN',
  sex: 'female',
  dateOfBirth: '1988-04-17',
  passportNumber: 'ZX9081726',
  passportPlaceOfIssue: 'London, United Kingdom',
  passportIssued: '2021-06-01',
  passportExpiry: addDays(day(from), 700),
  visaNumber: 'EVISA55501234',
  visaIssued: day(-20),
  visaPlaceOfIssue: 'e-Visa, India',
  visaExpiry: addDays(day(from), 40),
  visaType: 'e-Tourist',
  arrivedFrom: 'London, United Kingdom',
  arrivalInIndia: day(from - 2),
  purpose: 'Tourism',
  nextDestination: 'Mysuru, India',
  contactInIndia: 'Priya Nair +91 98860 44444',
});

/** The urlencoded body of the guest's form. */
function formBody(adults: Record<string, string>[], arrivalTime = '15:30'): string {
  const p = new URLSearchParams({ arrivalTime });
  adults.forEach((a, i) => {
    for (const [k, v] of Object.entries(a)) p.set(`adults.${i}.${k}`, v);
  });
  return p.toString();
}

function postForm(pagePath: string, body: string, origin = 'http://localhost') {
  return t!.app.inject({
    method: 'POST',
    url: `${pagePath}/register`,
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
}

async function list(from: string, to: string): Promise<RegisterList> {
  const res = await owner('GET', `/api/register?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RegisterList;
}

/** Waits (at most 10 s) until the SMTP server has `count` messages. */
/**
 * Waits for `count` mails at the SMTP server and for the sender to have marked each one sent: a
 * test that then moves the clock hours ahead would otherwise find a claim still held past its
 * lease and see the mail sent twice.
 */
async function arrived(count: number) {
  const claimed = () =>
    (
      t!.ctx.db.prepare('SELECT COUNT(*) AS n FROM mail_outbox WHERE claim IS NOT NULL').get() as {
        n: number;
      }
    ).n;
  const until = Date.now() + 10_000;
  while ((smtp!.received.length < count || claimed() > 0) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(smtp!.received.length).toBe(count);
}

describe('REG-2: the guest’s form', () => {
  it('is linked from the confirmed mail and the booking page, and stores one entry per adult', async () => {
    await start();
    const { id, page } = await confirmedBooking();
    // Received, accepted, confirmed to the guest; the request to the owner.
    await arrived(4);
    const confirmed = smtp!.received.find((m) => m.subject.startsWith('Confirmed:'))!;
    const link = /http:\/\/localhost(\/booking\/[a-z2-9]{16}\/[A-Za-z0-9_-]{22}\/register)/.exec(
      confirmed.body,
    )?.[1];
    expect(link, confirmed.body).toBeDefined();

    const bookingPage = await t!.app.inject({ method: 'GET', url: page });
    expect(bookingPage.body).toContain(`href="${page}/register"`);

    const form = await t!.app.inject({ method: 'GET', url: link! });
    expect(form.statusCode).toBe(200);
    expect(form.headers['cache-control']).toBe('no-store');
    expect(form.headers['x-robots-tag']).toContain('noindex');
    expect(form.headers['content-security-policy']).toContain("form-action 'self'");
    expect(form.body).not.toContain('<script');
    expect(form.body).toContain('What we collect, why, and for how long');
    expect(form.body).toContain('400 days after check-out');
    expect(form.body).toContain('Immigration and Foreigners Act, 2025');
    expect(form.body.match(/<fieldset class="adult">/g)).toHaveLength(3);

    // Two adults; the third slot (a child) stays empty.
    const res = await postForm(link!.replace(/\/register$/, ''), formBody([INDIAN, foreigner()]));
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`${link!}`.replace(/^.*(\/booking\/)/, '/booking/'));
    const again = await t!.app.inject({ method: 'GET', url: link! });
    expect(again.body).toContain('We received the register for 2 adults');
    // The page opened by its link alone never shows what was sent.
    expect(again.body).not.toContain('ZX9081726');
    expect(again.body).not.toContain('Kavya');

    const { entries, missing } = await list(day(0), day(30));
    expect(missing).toEqual([]);
    expect(entries).toHaveLength(2);
    const [indian, foreign] = entries as [RegisterEntry, RegisterEntry];
    expect(indian).toMatchObject({
      bookingId: id,
      propertyId: 'stay-1',
      name: 'Kavya Hegde',
      nationality: 'Indian',
      category: 'indian',
      phone: '+91 94480 33333',
      idType: 'aadhaar',
      idLast4: '9012',
      arrival: day(5),
      departure: day(8),
      arrivalTime: '15:30',
      source: 'guest',
    });
    expect(indian.reference).toMatch(/^STY-/);
    expect(indian.formIII).toBeUndefined();
    // The full Aadhaar number is nowhere in the database (nor its log).
    t!.ctx.db.pragma('wal_checkpoint(TRUNCATE)');
    const dbFile = fs.readFileSync(path.join(t!.dataDir, 'stays.sqlite3'));
    expect(dbFile.includes('5678')).toBe(false);
    expect(dbFile.includes('ZX9081726')).toBe(true);
    expect(foreign).toMatchObject({
      name: 'Jane Q Traveller',
      nationality: 'United Kingdom',
      idType: 'passport',
      idLast4: '1726',
      formIII: {
        passportNumber: 'ZX9081726',
        visaNumber: 'EVISA55501234',
        due: new Date(arrivalInstant(day(5), '15:30') + DAY).toISOString(),
      },
    });
    expect(foreign.formIII!.submittedAt).toBeUndefined();

    // Sending again replaces what was sent.
    const replaced = await postForm(link!.replace(/\/register$/, ''), formBody([INDIAN]));
    expect(replaced.statusCode).toBe(303);
    expect((await list(day(0), day(30))).entries).toHaveLength(1);
  });

  it.each([
    ['name', { name: '' }, 'Give the full name'],
    ['category', { category: 'martian' }, 'Indian citizen'],
    ['nationality', { nationality: '' }, 'nationality'],
    ['phone', { phone: '12' }, 'phone number'],
    ['idLast4', { idLast4: '', passportNumber: '' }, 'last four'],
    ['sex', { sex: 'x' }, 'sex'],
    ['dateOfBirth', { dateOfBirth: '2999-01-01' }, 'date of birth must be in the past'],
    ['dateOfBirth', { dateOfBirth: '17/04/1988' }, 'as a date'],
    ['passportExpiry', { passportExpiry: day(6) }, 'valid after check-out'],
    ['passportExpiry', { passportExpiry: day(8) }, 'valid after check-out'],
    ['visaExpiry', { visaExpiry: day(4) }, 'valid on the day of arrival'],
    ['visaExpiry', { visaExpiry: '' }, 'only an OCI card'],
    ['visaIssued', { visaIssued: day(6) }, 'before the day of arrival'],
    ['arrivalInIndia', { arrivalInIndia: day(6) }, 'cannot be after the arrival here'],
    ['contactInIndia', { contactInIndia: '' }, 'contact in india'],
  ])(
    'refuses %s (%j): 400 naming the field, the form back as typed',
    async (field, change, words) => {
      if (!t) await start();
      const { page } = await confirmedBooking(5, 2);
      const res = await postForm(page, formBody([INDIAN, { ...foreigner(), ...change }]));
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      const id = field === 'category' ? 'a1-category' : `a1-${field}`;
      expect(res.body).toMatch(new RegExp(`id="${id}"[^>]*aria-invalid="true"`));
      expect(res.body).toContain(`href="#${id}"`);
      expect(res.body.toLowerCase()).toContain(words.toLowerCase());
      // What was typed comes back: the other adult, and this one's other fields.
      expect(res.body).toContain('value="Kavya Hegde"');
      expect(res.body).toContain('12 Temple Road, Udupi, Karnataka');
      expect(res.body).toContain('value="9012"');
      expect(res.body).not.toContain('5678');
      expect(res.body).toContain('value="London, United Kingdom"');
      expect(res.body).toContain('value="15:30"');
      // Nothing stored.
      expect((await list(day(0), day(30))).entries).toHaveLength(0);
      await t!.cleanup();
      t = undefined;
    },
  );

  it('an OCI card needs no expiry; a refused arrival time and the first adult missing name their fields', async () => {
    await start();
    const { page } = await confirmedBooking(5, 2);
    const blank = await postForm(page, formBody([]));
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toMatch(/id="a0-name"[^>]*aria-invalid="true"/);
    const time = await postForm(page, formBody([INDIAN], '25:00'));
    expect(time.statusCode).toBe(400);
    expect(time.body).toMatch(/id="arrivalTime"[^>]*aria-invalid="true"/);
    const oci = await postForm(
      page,
      formBody([{ ...foreigner(), category: 'oci', visaType: 'OCI', visaExpiry: '' }]),
    );
    expect(oci.statusCode, oci.body).toBe(303);
    const [entry] = (await list(day(0), day(30))).entries;
    expect(entry!.category).toBe('oci');
    expect(entry!.formIII!.visaExpiry).toBeUndefined();
  });

  it('is closed before confirmation, refused cross-site, and 404 with a wrong token', async () => {
    await start();
    const res = await t!.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: '10.2.9.1',
      headers: { origin: 'http://localhost', 'content-type': 'application/json' },
      payload: JSON.stringify({
        propertyId: 'stay-1',
        checkIn: day(5),
        checkOut: day(7),
        guests: 1,
        name: 'A B',
        phone: '+91 98450 22222',
      }),
    });
    const requested = new URL((res.json() as BookingCreated).url).pathname;
    const closed = await t!.app.inject({ method: 'GET', url: `${requested}/register` });
    expect(closed.statusCode).toBe(200);
    expect(closed.body).toContain('opens once your booking is confirmed');
    expect(closed.body).not.toContain('<form');
    expect((await postForm(requested, formBody([INDIAN]))).statusCode).toBe(409);

    const { page } = await confirmedBooking();
    expect((await postForm(page, formBody([INDIAN]), 'https://evil.example')).statusCode).toBe(403);
    const wrong = page.replace(/\/[^/]+$/, `/${'A'.repeat(22)}`);
    expect((await t!.app.inject({ method: 'GET', url: `${wrong}/register` })).statusCode).toBe(404);
    expect((await list(day(0), day(30))).entries).toHaveLength(0);
  });
});

describe('REG-4, REG-5, REG-6: the owner’s calls', () => {
  it('lists missing bookings, records a walk-in, marks Form III submitted, gives CSV and print', async () => {
    await start();
    const { id } = await confirmedBooking();
    let answer = await list(day(0), day(30));
    expect(answer.entries).toEqual([]);
    expect(answer.missing).toEqual([
      {
        bookingId: id,
        reference: expect.stringMatching(/^STY-/),
        propertyId: 'stay-1',
        propertyName: 'Coffee View Suite',
        arrival: day(5),
        departure: day(8),
        guests: 3,
      },
    ]);

    // A walk-in: property and dates given; the property's check-in time is the arrival time.
    const walkIn = await owner('POST', '/api/register', {
      ...foreigner(1),
      name: '=HYPERLINK("http://x")',
      propertyId: 'stay-1',
      arrival: day(1),
      departure: day(4),
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const entry = (walkIn.json() as { entry: RegisterEntry }).entry;
    expect(entry).toMatchObject({ source: 'owner', arrivalTime: '14:00', arrival: day(1) });
    expect(entry.bookingId).toBeUndefined();
    // One of the direct booking's adults, at check-in.
    const direct = await owner('POST', '/api/register', {
      ...INDIAN,
      bookingId: id,
      arrivalTime: '18:05',
    });
    expect(direct.statusCode, direct.body).toBe(201);

    for (const [body, field] of [
      [{ ...INDIAN, propertyId: 'nowhere', arrival: day(1), departure: day(2) }, 'propertyId'],
      [{ ...INDIAN, propertyId: 'stay-1', arrival: day(3), departure: day(2) }, 'departure'],
      [{ ...INDIAN, bookingId: 'abcdefghijkmnpqr' }, 'bookingId'],
      [{ ...INDIAN, bookingId: id, phone: 'none' }, 'phone'],
      [
        {
          ...foreigner(1),
          passportExpiry: day(2),
          propertyId: 'stay-1',
          arrival: day(1),
          departure: day(4),
        },
        'passportExpiry',
      ],
    ] as const) {
      const res = await owner('POST', '/api/register', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ field });
    }

    answer = await list(day(0), day(30));
    expect(answer.missing).toEqual([]);
    expect(answer.entries.map((e) => [e.name, e.arrival, e.source])).toEqual([
      ['=HYPERLINK("http://x")', day(1), 'owner'],
      ['Kavya Hegde', day(5), 'owner'],
    ]);
    // A range that ends before the stays starts lists nothing; a bad range names its field.
    expect((await list(day(-10), day(0))).entries).toEqual([]);
    for (const [query, field] of [
      ['from=2026-13-01&to=2026-01-01', 'from'],
      [`from=${day(3)}&to=${day(1)}`, 'to'],
      [`from=${day(0)}&to=${day(500)}`, 'to'],
    ]) {
      const res = await owner('GET', `/api/register?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field });
    }

    const bad = await owner('POST', `/api/register/${entry.id}/submitted`, {});
    expect(bad.json()).toMatchObject({ field: 'portalReference' });
    const marked = await owner('POST', `/api/register/${entry.id}/submitted`, {
      portalReference: 'FRO/KA/123456',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({
      id: entry.id,
      submittedAt: new Date(clock).toISOString(),
      portalReference: 'FRO/KA/123456',
    });
    expect(
      (await owner('POST', `/api/register/${entry.id}/submitted`, { portalReference: 'x' }))
        .statusCode,
    ).toBe(409);
    const indianId = (direct.json() as { entry: RegisterEntry }).entry.id;
    expect(
      (await owner('POST', `/api/register/${indianId}/submitted`, { portalReference: 'x' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await owner('POST', `/api/register/${'x'.repeat(16)}/submitted`, { portalReference: 'x' }))
        .statusCode,
    ).toBe(404);

    const csv = await owner('GET', `/api/register.csv?from=${day(0)}&to=${day(30)}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^Name,Citizenship,Nationality,Address,Phone,ID type,ID last four,Property,Booking,Arrival,/,
    );
    // A formula typed as a name is written as text; a phone number stays as it is.
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/x""\)",Foreign national,United Kingdom,/);
    expect(lines[1]).toContain(',+44 7911 123456,Passport,1726,');
    expect(lines[1]).toContain(`,ZX9081726,`);
    expect(lines[1]).toContain(',FRO/KA/123456');
    expect(lines[2]).toContain(`Kavya Hegde,Indian citizen,Indian,`);

    const print = await owner('GET', `/api/register/print?from=${day(0)}&to=${day(30)}`);
    expect(print.statusCode).toBe(200);
    expect(print.headers['content-security-policy']).toContain("default-src 'none'");
    expect(print.body).toContain('@page{size:A4 landscape');
    expect(print.body).toContain('Foreign guests: Form III particulars');
    expect(print.body).toContain('=HYPERLINK(&#34;http://x&#34;)');
    expect(print.body).not.toContain('<script');

    // Everything above is the owner's: without the session, 401.
    for (const url of [
      '/api/register?from=2026-01-01&to=2026-01-02',
      '/api/register.csv?from=2026-01-01&to=2026-01-02',
      '/api/register/print?from=2026-01-01&to=2026-01-02',
    ]) {
      expect((await t!.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('REG-6, REG-7: the 24-hour deadline and the one reminder', () => {
  it('is due in hours from arrival + 24 h, overdue after, and mailed once at arrival + 12 h', async () => {
    await start();
    const { page } = await confirmedBooking(5, 1);
    expect((await postForm(page, formBody([foreigner()], '15:30'))).statusCode).toBe(303);
    await arrived(4);
    const [entry] = (await list(day(0), day(30))).entries;
    const arrival = arrivalInstant(day(5), '15:30');
    expect(formIIIState(entry!.formIII!, arrival + 19 * HOUR)).toEqual({ kind: 'due', hours: 5 });
    expect(formIIIState(entry!.formIII!, arrival + 24 * HOUR + 1)).toEqual({ kind: 'overdue' });

    clock = arrival + 12 * HOUR - 60_000;
    // Days later the owner's session has ended (SESS-3, TIME-5): they log in again.
    t!.logIn();
    expect(t!.register.remindDue()).toBe(0);
    clock = arrival + 12 * HOUR;
    t!.logIn();
    expect(t!.register.remindDue()).toBe(1);
    expect(t!.register.remindDue()).toBe(0);
    await arrived(5);
    const reminder = smtp!.received[4]!;
    expect(reminder.to).toEqual([OWNER_MAIL]);
    expect(reminder.subject).toMatch(
      /^Form III due by \d\d\/\d\d\/\d{4} 15:30: Coffee View Suite$/,
    );
    // The reminder names no guest particular.
    for (const secret of ['Jane', 'TRAVELLER', 'ZX9081726', 'EVISA', 'Manchester']) {
      expect(reminder.body).not.toContain(secret);
    }
    clock = arrival + 30 * HOUR;
    t!.logIn();
    expect(t!.register.remindDue()).toBe(0);
    expect(await t!.mail.sendDue()).toBe(0);
    expect(smtp!.received).toHaveLength(5);
  });

  it('sends no reminder for a Form III marked submitted', async () => {
    await start();
    const { page } = await confirmedBooking(5, 1);
    await postForm(page, formBody([foreigner()], '10:00'));
    const [entry] = (await list(day(0), day(30))).entries;
    await owner('POST', `/api/register/${entry!.id}/submitted`, { portalReference: 'R1' });
    clock = arrivalInstant(day(5), '10:00') + 13 * HOUR;
    t!.logIn();
    expect(t!.register.remindDue()).toBe(0);
  });
});

describe('REG-8, REG-9: kept REGISTER_DAYS, never published nor logged', () => {
  it('keeps entries past GUEST_DATA_DAYS and erases them REGISTER_DAYS after departure', async () => {
    await start({ REGISTER_DAYS: '400', GUEST_DATA_DAYS: '30' });
    const { id, page } = await confirmedBooking(5, 2);
    expect((await postForm(page, formBody([INDIAN, foreigner()]))).statusCode).toBe(303);
    const departure = Date.parse(`${day(8)}T06:30:00Z`);

    clock = departure + 31 * DAY;
    t!.logIn();
    expect(t!.bookings.eraseOld()).toBe(1);
    const booking = t!.ctx.db.prepare('SELECT name FROM bookings WHERE id = ?').get(id) as {
      name: string | null;
    };
    expect(booking.name).toBeNull();
    expect(t!.register.eraseOld()).toBe(0);
    expect((await list(addDays(day(8), -40), day(0))).entries).toHaveLength(2);

    clock = departure + 399 * DAY;
    t!.logIn();
    expect(t!.register.eraseOld()).toBe(0);
    clock = departure + 400 * DAY;
    t!.logIn();
    expect(t!.register.eraseOld()).toBe(2);
    expect(t!.ctx.db.prepare('SELECT COUNT(*) AS n FROM register_entries').get()).toEqual({ n: 0 });
  });

  it('refuses REGISTER_DAYS below 365 at start, with one clear line', () => {
    expect(() => loadConfig({ REGISTER_DAYS: '364' })).toThrow(ConfigError);
    try {
      loadConfig({ REGISTER_DAYS: '364' });
    } catch (err) {
      expect((err as ConfigError).message).toContain(
        'REGISTER_DAYS must be at least 365: the guest register is kept at least one year after departure',
      );
    }
    expect(loadConfig({}).bookings.registerDays).toBe(400);
    expect(loadConfig({ REGISTER_DAYS: '365' }).bookings.registerDays).toBe(365);
  });

  it('puts no register field in a published file, a public answer or a log line', async () => {
    await start();
    const { page } = await confirmedBooking(5, 2);
    await postForm(page, formBody([INDIAN, foreigner()]));
    await postForm(page, formBody([INDIAN, { ...foreigner(), passportExpiry: day(6) }]));
    await owner('POST', '/api/register', {
      ...foreigner(1),
      propertyId: 'stay-1',
      arrival: day(1),
      departure: day(4),
    });
    const [entry] = (await list(day(0), day(30))).entries;
    await owner('POST', `/api/register/${entry!.id}/submitted`, {
      portalReference: 'FRO-SECRET-77',
    });
    expect((await owner('POST', '/api/generate', {})).statusCode).toBe(200);

    const secrets = [
      'ZX9081726',
      'EVISA55501234',
      'Kavya',
      'Hegde',
      'TRAVELLER',
      'Jane Q',
      'Temple Road',
      'Canal Street',
      'Priya Nair',
      '7911 123456',
      '1988-04-17',
      'FRO-SECRET-77',
    ];
    const site = path.join(t!.dataDir, 'site');
    for (const file of listFiles(site)) {
      const text = fs.readFileSync(path.join(site, file), 'latin1');
      for (const s of secrets) expect(text.includes(s), `${s} in ${file}`).toBe(false);
    }
    const bookingPage = await t!.app.inject({ method: 'GET', url: page });
    for (const s of secrets) expect(bookingPage.body).not.toContain(s);
    expect(log.length).toBeGreaterThan(0);
    expect(log).toContain('guest register received');
    for (const s of [...secrets, page.split('/').pop()!]) expect(log).not.toContain(s);
  });
});

describe("TIME-2: the day a register was received is India's", () => {
  it('dates a form received at 20:00 UTC by the next day, as it is in Chikmagalur', () => {
    const stay = {
      reference: 'STY-TIME',
      propertyName: 'Coffee View Suite',
      checkIn: '2026-03-12',
      checkOut: '2026-03-14',
      guests: 1,
      pagePath: '/booking/x/y',
    };
    const html = (at: string) =>
      registerFormHtml(stay, { received: { count: 1, at }, registerDays: 400 });
    expect(html('2026-03-10T20:00:00.000Z')).toContain('1 adult on Wed 11 Mar 2026');
    expect(html('2026-03-10T18:29:00.000Z')).toContain('1 adult on Tue 10 Mar 2026');
  });
});
