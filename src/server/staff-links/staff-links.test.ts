/**
 * Staff links through the real app (TEAM-6): a real SQLite file, the catalogue imported and
 * published (run `node scripts/build.mjs` first). Two direct bookings (one arriving the day the
 * other leaves: a same-day turnover), a channel stay and a block; the page and its calendar show
 * the days, counts and times, and never a name, phone, e-mail, message or amount of any guest. A
 * manager may make links, an accountant may not; a withdrawn link answers 404.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDate, today } from '../../shared/calendar-dates.js';
import type { BookingCreated } from '../../shared/bookings.js';
import type { StaffLinkCreated } from '../../shared/team.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, TEST_HOST, type TestApp } from '../../../test/test-helpers.js';
import { createSession, SESSION_COOKIE } from '../auth/sessions.js';

const GUESTS = [
  {
    name: 'Zephyrine Quillfeather',
    phone: '+91 98765 01234',
    digits: '9876501234',
    email: 'zq.private@guest.test',
    message: 'Secret anniversary cake',
  },
  {
    name: 'Balthazar Mirrowick',
    phone: '+91 91234 56780',
    digits: '9123456780',
    email: 'bm.hidden@guest.test',
    message: 'Allergic to peanuts',
  },
];

let t: TestApp;
let manager = '';
let accountant = '';
const day0 = today();

async function as(cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: {
      host: TEST_HOST,
      origin: 'http://localhost',
      'sec-fetch-site': 'same-origin',
      cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  t = await makeTestApp({ CALENDAR_SYNC_MINUTES: '0' });
  await t.publishCatalogue(
    testCatalogue({ propertyList: [{ nightlyRate: 5000 }, { nightlyRate: 4000 }] }),
  );
  const stays = [
    { checkIn: addDays(day0, 2), checkOut: addDays(day0, 4), guests: 2 },
    { checkIn: addDays(day0, 4), checkOut: addDays(day0, 6), guests: 3 },
  ];
  for (const [i, stay] of stays.entries()) {
    const g = GUESTS[i]!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { origin: 'http://localhost', 'content-type': 'application/json' },
      payload: JSON.stringify({
        propertyId: 'stay-1',
        ...stay,
        name: g.name,
        phone: g.phone,
        email: g.email,
        message: g.message,
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<BookingCreated>();
    expect((await as(t.cookie, 'POST', `/api/bookings/${created.id}/accept`, {})).statusCode).toBe(
      200,
    );
  }
  // A channel stay and a block on the second property, written as their features write them.
  const feed = t.ctx.db
    .prepare(
      "INSERT INTO calendar_feeds (property_id, label, url, position, created_at) VALUES ('stay-2', 'Airbnb', 'https://example.test/a.ics', 0, '2026-01-01T00:00:00Z')",
    )
    .run().lastInsertRowid;
  t.ctx.db
    .prepare(
      "INSERT INTO calendar_bookings (feed_id, uid, start_date, end_date) VALUES (?, 'x1', ?, ?)",
    )
    .run(feed, addDays(day0, 1), addDays(day0, 3));
  t.ctx.db
    .prepare(
      "INSERT INTO calendar_blocks (property_id, start_date, end_date) VALUES ('stay-2', ?, ?)",
    )
    .run(addDays(day0, 7), addDays(day0, 9));
  for (const [role, set] of [
    ['manager', (c: string) => (manager = c)],
    ['accountant', (c: string) => (accountant = c)],
  ] as const) {
    t.ctx.db
      .prepare('INSERT INTO admins (username, password_hash, updated_at, role) VALUES (?, ?, ?, ?)')
      .run(role, 'not-a-real-hash', new Date().toISOString(), role);
    set(`${SESSION_COOKIE}=${createSession(t.ctx.db, role, t.ctx.clock())}`);
  }
}, 120_000);

afterAll(async () => {
  await t.cleanup();
});

/** Every way a guest's data could show: names, phones (as typed and as digits), e-mails, messages, amounts. */
function expectNoGuestData(text: string) {
  for (const g of GUESTS) {
    for (const secret of [
      g.name,
      g.name.split(' ')[0]!,
      g.name.split(' ')[1]!,
      g.phone,
      g.digits,
      g.email,
      g.message,
    ]) {
      expect(text).not.toContain(secret);
    }
  }
  expect(text).not.toMatch(/₹|Rs\.?\s?\d|INR|5,?000|4,?000|10,?000|paise/i);
}

describe('staff links (TEAM-6)', () => {
  it('a manager makes a link; its page lists the days without any guest data', async () => {
    expect(
      (await as(accountant, 'POST', '/api/staff-links', { label: 'Housekeeping' })).statusCode,
    ).toBe(403);
    const made = await as(manager, 'POST', '/api/staff-links', { label: 'Housekeeping, Lakshmi' });
    expect(made.statusCode, made.body).toBe(201);
    const { url } = made.json<StaffLinkCreated>();
    expect(url).toMatch(/^http:\/\/localhost\/t\/[A-Za-z0-9_-]{43}$/);
    const path = new URL(url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path, headers: { host: TEST_HOST } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['content-security-policy']).not.toContain('script-src');
    expect(page.body).not.toContain('<script');
    const html = page.body;
    expect(html).toContain(formatDate(addDays(day0, 4)));
    expect(html).toContain('Same-day turnover');
    expect(html).toContain('Arrival: 3 guests');
    expect(html).toContain('Arrival (channel booking)');
    expect(html).toContain('Blocked tonight');
    expect(html.match(/<h2>/g)).toHaveLength(14);
    expectNoGuestData(html);

    const ics = await t.app.inject({
      method: 'GET',
      url: `${path}.ics`,
      headers: { host: TEST_HOST },
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expectNoGuestData(ics.body);
    const events = new ICAL.Component(ICAL.parse(ics.body)).getAllSubcomponents('vevent');
    const summaries = events.map((e) => String(e.getFirstPropertyValue('summary')));
    expect(summaries.some((s) => s.startsWith('Turnover: '))).toBe(true);
    expect(events.length).toBeGreaterThanOrEqual(4);

    const list = await as(manager, 'GET', '/api/staff-links');
    const [link] = list.json<{ links: { id: number }[] }>().links;
    expect((await as(manager, 'DELETE', `/api/staff-links/${link!.id}`)).statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: path, headers: { host: TEST_HOST } })).statusCode,
    ).toBe(404);
    expect((await as(manager, 'DELETE', `/api/staff-links/${link!.id}`)).statusCode).toBe(404);
  });
});
