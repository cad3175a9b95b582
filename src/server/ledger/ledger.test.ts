/**
 * The stay ledger through the real app (real SQLite file, real HTTP feed server on loopback, the
 * Razorpay stand-in; run `node scripts/build.mjs` first): a booking's events with their actors and
 * amounts (LEDGER-2, LEDGER-4), feed stays seen, changed and gone (LEDGER-3), blocks, `/api/stays`
 * and its refusals (LEDGER-5), the ordered list of what follows a change (decision 041) and the
 * migration of what was there before (LEDGER-6).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import type { BookingCreated } from '../../shared/bookings.js';
import type { BookingEventsAnswer, LedgerStay, StaysAnswer } from '../../shared/ledger.js';
import type { Property } from '../../shared/site-data.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { startFeedServer, type FeedServer } from '../../../test/test-feed-server.js';
import {
  RAZORPAY_TEST_ENV,
  paidEvent,
  signed,
  startRazorpayStandIn,
  type RazorpayStandIn,
} from '../../../test/razorpay-stand-in.js';
import { openDb } from '../store/db.js';
import { bookingSteps } from '../compose.js';
import { ReentrantChangeError } from '../bookings/service.js';

let t: TestApp | undefined;
let feeds: FeedServer | undefined;
let rzp: RazorpayStandIn | undefined;
let clock = Date.now();
let log = '';
afterEach(async () => {
  await t?.cleanup();
  await feeds?.close();
  await rzp?.close();
  t = feeds = rzp = undefined;
});

const rates: Partial<Property> = {
  nightlyRate: 4500,
  minNights: 1,
  maxGuests: 4,
  advancePercent: 30,
};
const day = (n: number) => addDays(today(clock), n);

async function start(env: NodeJS.ProcessEnv = {}, opts: Parameters<typeof makeTestApp>[1] = {}) {
  clock = Date.now();
  log = '';
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  t = await makeTestApp(
    { CALENDAR_SYNC_MINUTES: '0', CALENDAR_ALLOW_PRIVATE: 'true', ...env },
    { clock: () => clock, logStream, ...opts },
  );
  await t.publishCatalogue(testCatalogue({ propertyList: [rates] }));
  return t;
}

let ip = 0;
async function book(checkIn = day(10), checkOut = day(12)): Promise<BookingCreated> {
  clock += 1000;
  const res = await t!.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: `10.2.0.${(ip += 1) % 250}`,
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
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as BookingCreated;
}

function owner(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  clock += 1000;
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

async function events(id: string) {
  const res = await owner('GET', `/api/bookings/${id}/events`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as BookingEventsAnswer).events;
}

async function stays(query: string): Promise<LedgerStay[]> {
  const res = await owner('GET', `/api/stays?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as StaysAnswer).stays;
}

/** An Airbnb-shaped feed of `events` (UID, first night, check-out day). */
function ics(events: [uid: string, start: string, end: string][]): string {
  const d = (s: string) => s.replaceAll('-', '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN',
    ...events.flatMap(([uid, start, end]) => [
      'BEGIN:VEVENT',
      `DTSTAMP:20260101T000000Z`,
      `DTSTART;VALUE=DATE:${d(start)}`,
      `DTEND;VALUE=DATE:${d(end)}`,
      `UID:${uid}`,
      'SUMMARY:Reserved',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

async function withFeed(events: [string, string, string][]) {
  feeds ??= await startFeedServer();
  feeds.set('/airbnb.ics', { kind: 'text', body: ics(events), contentType: 'text/calendar' });
}

async function sync() {
  const res = await owner('POST', '/api/calendar/stay-1/sync');
  expect(res.statusCode, res.body).toBe(200);
}

describe('LEDGER-2, LEDGER-4: a booking remembers what happened to it, when and by whom', () => {
  it('records the request, the accept and the advance received, with actors and the amount', async () => {
    await start();
    const created = await book();
    expect((await owner('POST', `/api/bookings/${created.id}/accept`, {})).statusCode).toBe(200);
    expect((await owner('POST', `/api/bookings/${created.id}/paid`, {})).statusCode).toBe(200);
    const advance = t!.bookings.get(created.id)!.quote!.advancePaise;
    const list = await events(created.id);
    expect(list.map((e) => [e.kind, e.actor, e.amountPaise])).toEqual([
      ['requested', 'guest', undefined],
      ['accepted', 'owner', undefined],
      ['paid', 'owner', advance],
    ]);
    expect(list.every((e) => e.checkIn === day(10) && e.checkOut === day(12))).toBe(true);
    expect(Date.parse(list[2]!.at)).toBeGreaterThan(Date.parse(list[0]!.at));
  });

  it('records an expiry by the system and a withdrawal by the guest', async () => {
    await start({ BOOKING_REQUEST_HOURS: '24' });
    const expiring = await book(day(10), day(11));
    clock += 25 * 3600_000;
    expect(t!.bookings.expireStale()).toBe(1);
    t!.logIn();
    expect((await events(expiring.id)).map((e) => [e.kind, e.actor])).toEqual([
      ['requested', 'guest'],
      ['expired', 'system'],
    ]);
    const withdrawn = await book(day(20), day(21));
    expect(t!.bookings.withdraw(t!.bookings.get(withdrawn.id)!)).toBe(true);
    expect((await events(withdrawn.id)).map((e) => [e.kind, e.actor])).toEqual([
      ['requested', 'guest'],
      ['withdrawn', 'guest'],
    ]);
  });

  it('records a review received as reviewed, by the guest', async () => {
    await start();
    const created = await book(day(1), day(3));
    await owner('POST', `/api/bookings/${created.id}/accept`, {});
    await owner('POST', `/api/bookings/${created.id}/paid`, {});
    clock += 3 * 24 * 3600_000;
    t!.logIn();
    t!.reviews.submit(t!.bookings.get(created.id)!, {
      rating: '5',
      text: 'A quiet room with a view of the coffee estate.',
      displayName: 'Asha R',
      consent: 'yes',
    });
    expect((await events(created.id)).map((e) => `${e.kind}:${e.actor}`)).toEqual([
      'requested:guest',
      'accepted:owner',
      'paid:owner',
      'reviewed:guest',
    ]);
  });

  it('answers 404 naming id for a booking the ledger does not know, and refuses a visitor', async () => {
    await start();
    const res = await owner('GET', '/api/bookings/abcdefghijkmnpqr/events');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ field: 'id' });
    const visitor = await t!.app.inject({
      method: 'GET',
      url: '/api/stays?from=2026-01-01&to=2026-02-01',
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('LEDGER-3, LEDGER-5: feed stays and blocks, current and past', () => {
  it('keeps a stay its feed drops as gone, with its nights; a changed one as changed', async () => {
    await start();
    await withFeed([
      ['a@airbnb.com', day(5), day(7)],
      ['b@airbnb.com', day(9), day(12)],
    ]);
    const saved = await owner('PUT', '/api/calendar/stay-1', {
      feeds: [{ label: 'Airbnb', url: `${feeds!.origin}/airbnb.ics` }],
      blocks: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await sync();
    const firstSync = clock;
    await withFeed([['a@airbnb.com', day(5), day(8)]]);
    await sync();
    await sync();

    const all = await stays(`from=${day(0)}&to=${day(30)}`);
    expect(all.map((s) => [s.source, s.uid, s.checkIn, s.checkOut, s.nights, s.status])).toEqual([
      ['feed', 'a@airbnb.com', day(5), day(8), 3, 'current'],
      ['feed', 'b@airbnb.com', day(9), day(12), 3, 'gone'],
    ]);
    const gone = all[1]!;
    expect(gone.feedLabel).toBe('Airbnb');
    expect(Date.parse(gone.firstSeenAt)).toBe(firstSync);
    expect(gone.lastSeenAt).toBe(gone.firstSeenAt);
    const kinds = t!.ctx.db.prepare('SELECT kind, actor, uid FROM ledger_events ORDER BY id').all();
    expect(kinds).toEqual([
      { kind: 'seen', actor: 'sync', uid: 'a@airbnb.com' },
      { kind: 'seen', actor: 'sync', uid: 'b@airbnb.com' },
      { kind: 'changed', actor: 'sync', uid: 'a@airbnb.com' },
      { kind: 'gone', actor: 'sync', uid: 'b@airbnb.com' },
    ]);
    // Only the overlapping range, and only the property asked for.
    expect((await stays(`from=${day(8)}&to=${day(9)}`)).map((s) => s.uid)).toEqual([]);
    expect((await stays(`from=${day(11)}&to=${day(12)}`)).map((s) => s.uid)).toEqual([
      'b@airbnb.com',
    ]);
    expect(await stays(`from=${day(0)}&to=${day(30)}&propertyId=stay-2`)).toEqual([]);

    // A feed the owner removes takes its stays to gone, by the owner.
    await owner('PUT', '/api/calendar/stay-1', { feeds: [], blocks: [] });
    expect((await stays(`from=${day(0)}&to=${day(30)}`)).map((s) => s.status)).toEqual([
      'gone',
      'gone',
    ]);
  });

  it('records blocks blocked and unblocked, and lists direct stays of every status with them', async () => {
    await start();
    const created = await book(day(3), day(4));
    await owner('POST', `/api/bookings/${created.id}/decline`, {});
    await owner('PUT', '/api/calendar/stay-1', {
      feeds: [],
      blocks: [{ start: day(20), end: day(22), note: 'Painting' }],
    });
    await owner('PUT', '/api/calendar/stay-1', { feeds: [], blocks: [] });
    const all = await stays(`from=${day(0)}&to=${day(30)}`);
    expect(all.map((s) => [s.source, s.status, s.nights])).toEqual([
      ['direct', 'declined', 1],
      ['block', 'unblocked', 2],
    ]);
    expect(all[0]).toMatchObject({ bookingId: created.id, propertyId: 'stay-1' });
    expect(all[1]).toMatchObject({ note: 'Painting' });
  });

  it('answers 400 naming the field for bad input', async () => {
    await start();
    for (const [query, field] of [
      ['to=2026-02-01', 'from'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-02-01', 'to'],
      ['from=2026-02-01&to=2026-02-01', 'to'],
      ['from=2026-02-01&to=2029-02-01', 'to'],
      ['from=2026-02-01&to=2026-03-01&propertyId=..%2Fx', 'propertyId'],
    ] as const) {
      const res = await owner('GET', `/api/stays?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ field, error: expect.any(String) });
    }
  });

  it('is append-only: the database refuses to change or delete an event', async () => {
    await start();
    await book();
    expect(() => t!.ctx.db.prepare("UPDATE ledger_events SET actor = 'x'").run()).toThrow(
      /append-only/,
    );
    expect(() => t!.ctx.db.prepare('DELETE FROM ledger_events').run()).toThrow(/append-only/);
  });
});

describe('decision 041: one ordered list of what follows a booking change', () => {
  it('runs the steps in their declared order; a step that throws is reported and the change stands', async () => {
    const ran: string[] = [];
    await start(
      {},
      {
        bookingSteps: (parts) => [
          { name: 'first', run: (c) => ran.push(`first:${c.event}`) },
          {
            name: 'broken',
            run: (c) => {
              ran.push(`broken:${c.event}`);
              throw new Error('the broken step');
            },
          },
          ...bookingSteps(parts),
          { name: 'last', run: (c) => ran.push(`last:${c.event}`) },
        ],
      },
    );
    const created = await book();
    expect((await owner('POST', `/api/bookings/${created.id}/accept`, {})).statusCode).toBe(200);
    expect(ran).toEqual([
      'first:requested',
      'broken:requested',
      'last:requested',
      'first:accepted',
      'broken:accepted',
      'last:accepted',
    ]);
    expect(t!.bookings.get(created.id)!.status).toBe('accepted');
    expect((await events(created.id)).map((e) => e.kind)).toEqual(['requested', 'accepted']);
    const reports = log.split('\n').filter((l) => l.includes('"step":"broken"'));
    expect(reports).toHaveLength(2);
    expect(reports[1]).toContain('"event":"accepted"');
  });

  it("SHAPE-5: a step receives the change's instant as the clock's number (ms); the answers still carry ISO", async () => {
    const seen: { event: string; at: unknown; clock: number }[] = [];
    await start(
      {},
      {
        bookingSteps: (parts) => [
          { name: 'probe', run: (c) => seen.push({ event: c.event, at: c.at, clock }) },
          ...bookingSteps(parts),
        ],
      },
    );
    const created = await book();
    clock += 60_000;
    const accepted = await owner('POST', `/api/bookings/${created.id}/accept`, {});
    expect(accepted.statusCode).toBe(200);
    expect(seen.map((s) => s.event)).toEqual(['requested', 'accepted']);
    // The number itself, the clock's at the change: nothing parsed back from text.
    for (const s of seen) expect(s.at).toBe(s.clock);
    // At the edges the same instants are ISO 8601: the owner's booking and the ledger's events.
    const iso = (ms: unknown) => new Date(ms as number).toISOString();
    const answered = (accepted.json() as { booking: { createdAt: string; updatedAt: string } })
      .booking;
    expect(answered).toMatchObject({ createdAt: iso(seen[0]!.at), updatedAt: iso(seen[1]!.at) });
    expect((await events(created.id)).map((e) => e.at)).toEqual(seen.map((s) => iso(s.at)));
    const stored = t!.ctx.db
      .prepare('SELECT created_at, updated_at FROM bookings WHERE id = ?')
      .get(created.id) as { created_at: string; updated_at: string };
    expect(stored).toEqual({ created_at: iso(seen[0]!.at), updated_at: iso(seen[1]!.at) });
  });

  it('refuses a step that changes a booking inside the change that runs it', async () => {
    let seen: unknown;
    await start(
      {},
      {
        bookingSteps: (parts) => [
          ...bookingSteps(parts),
          {
            name: 'meddler',
            run: (c) => {
              if (c.event !== 'accepted') return;
              try {
                t!.bookings.act(c.booking.id, 'decline');
              } catch (err) {
                seen = err;
                throw err;
              }
            },
          },
        ],
      },
    );
    const created = await book();
    expect((await owner('POST', `/api/bookings/${created.id}/accept`, {})).statusCode).toBe(200);
    expect(seen).toBeInstanceOf(ReentrantChangeError);
    expect(t!.bookings.get(created.id)!.status).toBe('accepted');
  });

  it('a webhook, an owner action and a sync on the same booking leave one consistent ledger', async () => {
    rzp = await startRazorpayStandIn();
    await start({ ...RAZORPAY_TEST_ENV, RAZORPAY_API_BASE: rzp.base });
    await withFeed([['x@airbnb.com', day(30), day(32)]]);
    await owner('PUT', '/api/calendar/stay-1', {
      feeds: [{ label: 'Airbnb', url: `${feeds!.origin}/airbnb.ics` }],
      blocks: [],
    });
    const created = await book(day(10), day(12));
    await owner('POST', `/api/bookings/${created.id}/accept`, {});
    await t!.payments.runDue();
    const link = rzp.links.at(-1)!;
    const { payload, signature } = signed(paidEvent(link, rzp.pay(link)));
    const webhook = () =>
      t!.app.inject({
        method: 'POST',
        url: '/api/payments/razorpay/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature,
          'x-razorpay-event-id': 'evt_LedgerPaid0001',
        },
        payload,
      });
    // The webhook (twice, as Razorpay may send it), the owner's cancel and a sync, all at once.
    const [paid, again, , cancel] = await Promise.all([
      webhook(),
      webhook(),
      sync(),
      (async () => {
        await new Promise((r) => setTimeout(r, 5));
        return owner('POST', `/api/bookings/${created.id}/cancel`, { refundPaise: 0 });
      })(),
    ]);
    expect([paid.statusCode, again.statusCode]).toEqual([200, 200]);
    expect([200, 409]).toContain(cancel.statusCode);
    const b = t!.bookings.get(created.id)!;
    const list = await events(created.id);
    const kinds = list.map((e) => `${e.kind}:${e.actor}`);
    expect(kinds.slice(0, 3)).toEqual(['requested:guest', 'accepted:owner', 'paid:gateway']);
    // One event per change of the row, and the ledger's stay says what the row says.
    expect(kinds.filter((k) => k.startsWith('paid'))).toHaveLength(1);
    expect(kinds.at(-1)).toBe(b.status === 'cancelled' ? 'cancelled:owner' : 'paid:gateway');
    const [direct] = (await stays(`from=${day(10)}&to=${day(12)}`)).filter(
      (s) => s.source === 'direct',
    );
    expect(direct).toMatchObject({ bookingId: b.id, status: b.status });
    expect((await stays(`from=${day(30)}&to=${day(32)}`)).map((s) => s.uid)).toEqual([
      'x@airbnb.com',
    ]);
  });
});

describe('LEDGER-6: the migration carries in what was there before the ledger', () => {
  it('makes a stay and its events of each booking, feed stay and block', async () => {
    await start();
    const created = await book(day(10), day(12));
    await owner('POST', `/api/bookings/${created.id}/accept`, {});
    await owner('POST', `/api/bookings/${created.id}/paid`, {});
    await withFeed([['m@airbnb.com', day(40), day(43)]]);
    await owner('PUT', '/api/calendar/stay-1', {
      feeds: [{ label: 'Airbnb', url: `${feeds!.origin}/airbnb.ics` }],
      blocks: [{ start: day(50), end: day(51), note: '' }],
    });
    await sync();
    const dataDir = t!.dataDir;
    // The database as it was before migration 024: no ledger.
    const db = t!.ctx.db;
    db.exec(
      'DROP TABLE ledger_events; DROP TABLE ledger_stays; DELETE FROM schema_migrations WHERE version = 24;',
    );
    const again = openDb(dataDir, clock);
    try {
      const rows = again
        .prepare(
          `SELECT s.source, s.status, s.check_in AS checkIn, e.kind, e.actor, e.amount_paise AS amount
             FROM ledger_events e JOIN ledger_stays s ON s.id = e.stay_id ORDER BY e.id`,
        )
        .all();
      const advance = t!.bookings.get(created.id)!.quote!.advancePaise;
      expect(rows).toEqual([
        {
          source: 'direct',
          status: 'confirmed',
          checkIn: day(10),
          kind: 'requested',
          actor: 'guest',
          amount: null,
        },
        {
          source: 'direct',
          status: 'confirmed',
          checkIn: day(10),
          kind: 'paid',
          actor: 'system',
          amount: advance,
        },
        {
          source: 'feed',
          status: 'current',
          checkIn: day(40),
          kind: 'seen',
          actor: 'sync',
          amount: null,
        },
        {
          source: 'block',
          status: 'blocked',
          checkIn: day(50),
          kind: 'blocked',
          actor: 'owner',
          amount: null,
        },
      ]);
      expect(fs.existsSync(path.join(dataDir, 'stays.sqlite3'))).toBe(true);
    } finally {
      again.close();
    }
  });
});
