/**
 * Bookings under load through real HTTP on 127.0.0.1 (the app listening, not inject; run
 * `node scripts/build.mjs` first): 100 requests at once for the same nights each get an answer,
 * the count of 201s is the count of rows stored (requests do not hold nights, so all are stored;
 * those for nights an accepted booking holds get 409 and are not), pages keep answering meanwhile,
 * and of 50 accepts at once of overlapping requests exactly one succeeds (BOOK-2, BOOK-4). Each
 * request comes from its own address through X-Forwarded-For with TRUST_PROXY=1, as behind nginx,
 * so the per-address limit (BOOK-3) does not apply. A 201 means committed (BOOK-11): another
 * SQLite connection sees the row as soon as the answer arrives.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import type { BookingCreated } from '../../shared/bookings.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';

let t: TestApp;
let origin: string;
const day = (n: number) => addDays(today(), n);

beforeAll(async () => {
  t = await makeTestApp({ CALENDAR_SYNC_MINUTES: '0', TRUST_PROXY: '1' });
  await t.publishCatalogue(testCatalogue({ propertyList: [{ nightlyRate: 3500, maxGuests: 6 }] }));
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.cleanup();
});

let address = 0;
function post(checkIn: string, checkOut: string) {
  address += 1;
  return fetch(`${origin}/api/bookings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost',
      'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    },
    body: JSON.stringify({
      propertyId: 'stay-1',
      checkIn,
      checkOut,
      guests: 2,
      name: `Guest ${address}`,
      phone: '+91 98450 33333',
    }),
  });
}

function owner(url: string, method = 'GET') {
  return fetch(`${origin}${url}`, {
    method,
    headers: {
      cookie: t.cookie,
      origin: 'http://localhost',
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
}

const rows = () =>
  (t.ctx.db.prepare('SELECT COUNT(*) AS n FROM bookings').get() as { n: number }).n;

describe('BOOK-2, BOOK-4: 100 requests at once', () => {
  it('each gets an answer; 201s = rows stored; held nights refused; pages keep answering; one accept of many wins', async () => {
    const held = (await (await post(day(30), day(33))).json()) as BookingCreated;
    expect((await owner(`/api/bookings/${held.id}/accept`, 'POST')).status).toBe(200);
    const before = rows();

    let pagesDone = false;
    const pageStatuses: number[] = [];
    const pages = (async () => {
      while (!pagesDone) {
        for (const url of ['/', '/stay/stay-1', '/api/availability/stay-1']) {
          pageStatuses.push((await fetch(`${origin}${url}`)).status);
        }
      }
    })();

    // 70 for free nights, 30 overlapping the accepted booking's nights.
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 10 < 7 ? post(day(10), day(13)) : post(day(31), day(34)),
      ),
    );
    pagesDone = true;
    await pages;

    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(70);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    const created = (await Promise.all(
      answers.filter((r) => r.status === 201).map((r) => r.json()),
    )) as BookingCreated[];
    expect(new Set(created.map((c) => c.id)).size).toBe(70);
    expect(rows() - before).toBe(70);
    expect(pageStatuses.length).toBeGreaterThan(0);
    expect(pageStatuses.every((s) => s === 200)).toBe(true);

    // 50 accepts at once of requests for the same nights: exactly one is accepted.
    const accepts = await Promise.all(
      created.slice(0, 50).map((c) => owner(`/api/bookings/${c.id}/accept`, 'POST')),
    );
    const acceptStatuses = accepts.map((r) => r.status);
    expect(acceptStatuses.filter((s) => s === 200)).toHaveLength(1);
    expect(acceptStatuses.filter((s) => s === 409)).toHaveLength(49);
    const accepted = t.ctx.db
      .prepare("SELECT COUNT(*) AS n FROM bookings WHERE status = 'accepted' AND check_in = ?")
      .get(day(10)) as { n: number };
    expect(accepted.n).toBe(1);
  });

  it('BOOK-11: a 201 means committed: another connection to the database file sees the row at once', async () => {
    const other = new Database(path.join(t.dataDir, 'stays.sqlite3'), { readonly: true });
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => post(day(60), day(62))));
      for (const res of answers) {
        expect(res.status).toBe(201);
        const { id } = (await res.json()) as BookingCreated;
        expect(other.prepare('SELECT status FROM bookings WHERE id = ?').get(id)).toEqual({
          status: 'requested',
        });
      }
    } finally {
      other.close();
    }
  });
});
