/**
 * PERF-12: the owner's list in pages, through the real app (real SQLite file, the catalogue
 * imported and published: run `node scripts/build.mjs` first): `limit` and `cursor`, the order
 * (newest request first, ties by id), a page's cursor still right after new requests arrive, the
 * counts over every page, the projection in a fixed number of queries, and bad `limit`/`cursor`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import {
  BOOKINGS_LIMIT_DEFAULT,
  BOOKINGS_LIMIT_MAX,
  type Booking,
  type BookingCreated,
  type BookingList,
} from '../../shared/bookings.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { hashToken } from './service.js';
import { insertBooking } from './store.js';

let t: TestApp;
let clock = Date.now();
afterEach(async () => {
  await t?.cleanup();
});

const day = (n: number) => addDays(today(clock), n);

async function start() {
  clock = Date.now();
  t = await makeTestApp({ CALENDAR_SYNC_MINUTES: '0' }, { clock: () => clock });
  await t.publishCatalogue(
    testCatalogue({ propertyList: [{ nightlyRate: 4500, minNights: 1, maxGuests: 4 }] }),
  );
}

/** A 16-character booking id (BOOKING_ID_RE) from a number. */
const idOf = (n: number) =>
  `inboxpage${[...String(n).padStart(7, '0')].map((d) => 'abcdefghjk'[Number(d)]).join('')}`;

/**
 * `count` requests stored through the bookings store, the first the oldest, a minute apart but
 * for pairs sharing their request time (ties are ordered by id); `status` for every third one.
 */
function stored(count: number, status: Booking['status'] = 'requested'): string[] {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = clock - 3_600_000 + Math.floor(i / 2) * 60_000;
    const id = idOf(i);
    insertBooking(
      t.ctx.db,
      {
        id,
        reference: `STY-P${String(i).padStart(3, '0')}`,
        propertyId: 'stay-1',
        propertyName: 'Stay 1',
        checkIn: day(20 + i * 3),
        checkOut: day(21 + i * 3),
        guests: 2,
        name: `Guest ${i}`,
        phone: '+919845012345',
        status: 'requested',
      },
      at,
      hashToken(`token-${i}`),
    );
    if (i % 3 === 0 && status !== 'requested') {
      t.ctx.db.prepare('UPDATE bookings SET status = ? WHERE id = ?').run(status, id);
    }
    ids.push(id);
  }
  return ids;
}

/** What the list's order is: newest request first, ties by id. */
function newestFirst(ids: string[]): string[] {
  const at = new Map(
    (
      t.ctx.db.prepare('SELECT id, created_at FROM bookings').all() as {
        id: string;
        created_at: string;
      }[]
    ).map((r) => [r.id, r.created_at]),
  );
  return [...ids].sort((a, b) =>
    at.get(a)! !== at.get(b)! ? (at.get(a)! < at.get(b)! ? 1 : -1) : a < b ? -1 : 1,
  );
}

function get(query: string) {
  return t.app.inject({ method: 'GET', url: `/api/bookings?${query}`, headers: t.ownerHeaders });
}

async function page(query: string): Promise<BookingList> {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BookingList;
}

/** Every page of a filter, following the cursors. */
async function allPages(status: string, limit: number): Promise<BookingList[]> {
  const pages: BookingList[] = [];
  let cursor: string | undefined;
  do {
    const p = await page(
      `status=${status}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    pages.push(p);
    cursor = p.nextCursor;
  } while (cursor !== undefined);
  return pages;
}

describe('PERF-12: GET /api/bookings in pages', () => {
  it('answers BOOKINGS_LIMIT_DEFAULT bookings without a limit, newest first, with the counts over every booking and the next cursor', async () => {
    await start();
    const ids = stored(23);
    const first = await page('status=all');
    expect(first.bookings.map((b) => b.id)).toEqual(
      newestFirst(ids).slice(0, BOOKINGS_LIMIT_DEFAULT),
    );
    expect(first.total).toBe(23);
    expect(first.openCount).toBe(23);
    expect(typeof first.nextCursor).toBe('string');
    // The pages together are the whole list, in order, each booking once.
    const pages = await allPages('all', 10);
    expect(pages.map((p) => p.bookings.length)).toEqual([10, 10, 3]);
    expect(pages.at(-1)!.nextCursor).toBeUndefined();
    expect(pages.flatMap((p) => p.bookings.map((b) => b.id))).toEqual(newestFirst(ids));
    expect((await page(`status=all&limit=${BOOKINGS_LIMIT_MAX}`)).bookings).toHaveLength(23);
    expect((await page('status=all&limit=23')).nextCursor).toBeUndefined();
  });

  it('a cursor stays right while requests arrive: the next page neither repeats nor skips, and the new requests come first on a new first page', async () => {
    await start();
    const ids = stored(15);
    const first = await page('status=open&limit=6');
    // Three guests ask through the site between the owner's two pages.
    const arrived: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock += 1000;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        remoteAddress: `10.1.0.${i + 1}`,
        headers: { origin: 'http://localhost', 'content-type': 'application/json' },
        payload: JSON.stringify({
          propertyId: 'stay-1',
          checkIn: day(200 + i * 3),
          checkOut: day(201 + i * 3),
          guests: 2,
          name: 'Asha Rao',
          phone: '094480 11111',
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
      arrived.push((res.json() as BookingCreated).id);
    }
    const second = await page(
      `status=open&limit=6&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    const order = newestFirst(ids);
    expect(second.bookings.map((b) => b.id)).toEqual(order.slice(6, 12));
    expect(second.total).toBe(18);
    expect(second.openCount).toBe(18);
    const third = await page(
      `status=open&limit=6&cursor=${encodeURIComponent(second.nextCursor!)}`,
    );
    expect(third.bookings.map((b) => b.id)).toEqual(order.slice(12));
    expect(third.nextCursor).toBeUndefined();
    expect((await page('status=open&limit=3')).bookings.map((b) => b.id)).toEqual(
      [...arrived].reverse(),
    );
  });

  it('pages a filter by its own bookings; the open count stays over every booking', async () => {
    await start();
    stored(30, 'declined');
    const open = await allPages('open', 7);
    expect(open.flatMap((p) => p.bookings).every((b) => b.status === 'requested')).toBe(true);
    expect(open.flatMap((p) => p.bookings)).toHaveLength(20);
    expect(open[0]!.total).toBe(20);
    const all = await page('status=all&limit=5');
    expect(all.total).toBe(30);
    expect(all.openCount).toBe(20);
  });

  it('reads a page in the same number of queries whatever its length (the phone, documents, payment and mail of each booking in one query each)', async () => {
    await start();
    stored(60);
    const db = t.ctx.db;
    const prepare = db.prepare.bind(db);
    let queries = 0;
    db.prepare = ((sql: string) => {
      queries += 1;
      return prepare(sql);
    }) as typeof db.prepare;
    const countFor = async (limit: number) => {
      queries = 0;
      expect((await page(`status=all&limit=${limit}`)).bookings).toHaveLength(limit);
      return queries;
    };
    try {
      const few = await countFor(2);
      expect(await countFor(50)).toBe(few);
      // Each part of a card is one query for the page: the list, its count, mail problems, the
      // documents, the payment and its refunds, the recorded payments, the guest's link (read, and
      // made once for every new booking) and whether the guest was mailed (DAY-1..DAY-4).
      expect(few).toBeLessThanOrEqual(18);
    } finally {
      db.prepare = prepare;
    }
  });

  it('refuses a bad limit or cursor with 400 naming the field', async () => {
    await start();
    stored(3);
    const forged = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const limit of ['0', '-1', String(BOOKINGS_LIMIT_MAX + 1), '2.5', 'ten', '', '1e2']) {
      const res = await get(`status=all&limit=${encodeURIComponent(limit)}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json()).toMatchObject({ field: 'limit' });
      expect(res.json().error).toContain(`1 to ${BOOKINGS_LIMIT_MAX}`);
    }
    for (const cursor of [
      '',
      'not a cursor',
      forged({ createdAt: '2026-01-01T00:00:00.000Z' }),
      forged(['2026-01-01', idOf(1)]),
      forged(['2026-01-01T00:00:00.000Z', "x' OR 1=1 --"]),
      forged(['2026-01-01T00:00:00.000Z', idOf(1), 'extra']),
    ]) {
      const res = await get(`status=all&cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ field: 'cursor' });
    }
    // A well-formed cursor past every booking is an empty last page, not an error.
    const past = await page(`status=all&cursor=${forged(['2000-01-01T00:00:00.000Z', idOf(1)])}`);
    expect(past.bookings).toEqual([]);
    expect(past.nextCursor).toBeUndefined();
    expect(past.total).toBe(3);
    // The owner's list is the owner's: no session, no page.
    const res = await t.app.inject({ method: 'GET', url: '/api/bookings?limit=5' });
    expect(res.statusCode).toBe(401);
  });
});
