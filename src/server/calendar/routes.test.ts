/**
 * The calendar's HTTP calls through the real app (real SQLite file): the owner's calendar API
 * (AVL-9) with its guard and every bad input refused with the field named and nothing changed, the
 * public availability answer (AVL-7), and the export feed (AVL-8) with its round trip through
 * ical.js and its secret.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { saveRevision } from '../store/revisions.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { addDays, today } from '../../shared/calendar-dates.js';
import { parseFeed } from './parse.js';
import { startFeedServer, type FeedServer } from '../../../test/test-feed-server.js';

interface OwnerCalendar {
  feeds: {
    id: number;
    label: string;
    url: string;
    lastSyncAt: string | null;
    lastError: string | null;
    bookings: number;
    stale: boolean;
  }[];
  blocks: { start: string; end: string; note: string }[];
  exportUrl: string;
}

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp({ CALENDAR_ALLOW_PRIVATE: 'true', CALENDAR_SYNC_MINUTES: '0' });
  saveRevision(
    t.ctx.db,
    testCatalogue({ propertyList: [{ name: 'Coffee View Suite' }, { name: 'Hill Top Cottage' }] }),
    'test',
    t.ctx.clock(),
  );
});
afterEach(async () => {
  await t.cleanup();
});

function put(
  body: unknown,
  propertyId = 'stay-1',
  headers: Record<string, string> = t.ownerHeaders,
) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/calendar/${propertyId}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function ownerCalendar(propertyId = 'stay-1'): Promise<OwnerCalendar> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/calendar/${propertyId}`,
    headers: t.ownerHeaders,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as OwnerCalendar;
}

const d = (days: number) => addDays(today(), days);

describe('the owner calendar API', () => {
  it('answers an empty calendar with an export URL on SITE_URL', async () => {
    const calendar = await ownerCalendar();
    expect(calendar.feeds).toEqual([]);
    expect(calendar.blocks).toEqual([]);
    expect(calendar.exportUrl).toMatch(
      /^http:\/\/localhost\/calendar\/stay-1\/[A-Za-z0-9_-]{32}\.ics$/,
    );
    // The secret is made once and kept.
    expect((await ownerCalendar()).exportUrl).toBe(calendar.exportUrl);
  });

  it('refuses visitors (401), other sites (403) and an unknown property (400)', async () => {
    for (const [method, url] of [
      ['GET', '/api/calendar/stay-1'],
      ['PUT', '/api/calendar/stay-1'],
      ['POST', '/api/calendar/stay-1/sync'],
      ['POST', '/api/calendar/stay-1/secret'],
    ] as const) {
      const anonymous = await t.app.inject({
        method,
        url,
        payload: method === 'PUT' ? {} : undefined,
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const crossSite = await t.app.inject({
        method,
        url,
        headers: {
          ...t.ownerHeaders,
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        },
      });
      expect(crossSite.statusCode, `${method} ${url}`).toBe(403);
      const unknown = await t.app.inject({
        method,
        url: url.replace('stay-1', 'no-such-stay'),
        headers: t.ownerHeaders,
        payload: method === 'PUT' ? { feeds: [], blocks: [] } : undefined,
      });
      expect(unknown.statusCode, `${method} ${url}`).toBe(400);
      expect(unknown.json()).toMatchObject({ field: 'propertyId' });
    }
  });

  it('replaces feeds and blocks, keeping the sync state of a feed whose URL is unchanged', async () => {
    const first = await put({
      feeds: [
        { label: 'Airbnb', url: 'https://www.airbnb.com/calendar/ical/123.ics?s=abc' },
        { label: 'Booking.com', url: 'https://admin.booking.com/hotel/hoteladmin/ical.html?t=xyz' },
      ],
      blocks: [
        { start: d(10), end: d(12), note: 'Painting' },
        { start: d(3), end: d(4) },
      ],
    });
    expect(first.statusCode).toBe(200);
    const calendar = first.json() as OwnerCalendar;
    expect(
      calendar.feeds.map((f) => [f.label, f.lastSyncAt, f.lastError, f.bookings, f.stale]),
    ).toEqual([
      ['Airbnb', null, null, 0, false],
      ['Booking.com', null, null, 0, false],
    ]);
    expect(calendar.blocks).toEqual([
      { start: d(3), end: d(4), note: '' },
      { start: d(10), end: d(12), note: 'Painting' },
    ]);
    const airbnbId = calendar.feeds[0]!.id;
    t.ctx.db
      .prepare(
        "UPDATE calendar_feeds SET last_sync_at = '2026-01-01T00:00:00.000Z', bookings = 4 WHERE id = ?",
      )
      .run(airbnbId);

    // The web page sends back what it got (extra keys ignored), renamed and reordered.
    const second = await put({
      feeds: [
        { label: 'VRBO', url: 'https://www.vrbo.com/icalendar/abc.ics' },
        { ...calendar.feeds[0], label: 'Airbnb (flat 2)' },
      ],
      blocks: [],
    });
    expect(second.statusCode).toBe(200);
    const after = second.json() as OwnerCalendar;
    expect(after.feeds.map((f) => f.label)).toEqual(['VRBO', 'Airbnb (flat 2)']);
    expect(after.feeds[1]).toMatchObject({
      id: airbnbId,
      lastSyncAt: '2026-01-01T00:00:00.000Z',
      bookings: 4,
      stale: true,
    });
    expect(after.blocks).toEqual([]);
    expect(await ownerCalendar()).toEqual(after);
  });

  it('refuses bad input with 400 naming the field, and changes nothing stored', async () => {
    const good = {
      feeds: [{ label: 'Airbnb', url: 'https://www.airbnb.com/calendar/ical/1.ics?s=a' }],
      blocks: [{ start: d(5), end: d(7), note: 'Family' }],
    };
    expect((await put(good)).statusCode).toBe(200);
    const before = await ownerCalendar();
    const cases: [unknown, string][] = [
      [{ ...good, feeds: [{ label: 'Airbnb', url: 'not a url' }] }, 'feeds.0.url'],
      [{ ...good, feeds: [{ label: 'Airbnb', url: 'ftp://example.com/cal.ics' }] }, 'feeds.0.url'],
      [{ ...good, feeds: [{ label: 'Airbnb', url: 'file:///etc/passwd' }] }, 'feeds.0.url'],
      [{ ...good, feeds: [{ label: 'Airbnb', url: 'javascript:alert(1)' }] }, 'feeds.0.url'],
      [{ ...good, feeds: [{ label: ' ', url: 'https://example.com/a.ics' }] }, 'feeds.0.label'],
      [{ ...good, feeds: [{ url: 'https://example.com/a.ics' }] }, 'feeds.0.label'],
      [{ ...good, blocks: [{ start: d(5), end: d(5) }] }, 'blocks.0.end'],
      [{ ...good, blocks: [{ start: d(6), end: d(5) }] }, 'blocks.0.end'],
      [{ ...good, blocks: [{ start: '2099-02-30', end: '2099-03-02' }] }, 'blocks.0.start'],
      [{ ...good, blocks: [{ start: d(1), end: '12/01/2099' }] }, 'blocks.0.end'],
      [{ ...good, blocks: [{ start: d(1), end: d(2), note: 'x'.repeat(201) }] }, 'blocks.0.note'],
      [{ feeds: good.feeds }, 'blocks'],
      [{ blocks: good.blocks }, 'feeds'],
      [[], 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const answer = res.json() as { error: string; field: string };
      expect(answer.field, JSON.stringify(body)).toBe(field);
      expect(answer.error).toContain(field);
    }
    const broken = await t.app.inject({
      method: 'PUT',
      url: '/api/calendar/stay-1',
      headers: { ...t.ownerHeaders, 'content-type': 'application/json' },
      payload: '{"feeds": [',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ field: 'body' });
    expect(await ownerCalendar()).toEqual(before);
  });

  it('replaces the export secret: the old export URL answers 404, the new one the calendar', async () => {
    const old = (await ownerCalendar()).exportUrl;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/calendar/stay-1/secret',
      headers: t.ownerHeaders,
    });
    expect(res.statusCode).toBe(200);
    const fresh = (res.json() as OwnerCalendar).exportUrl;
    expect(fresh).not.toBe(old);
    const path = (url: string) => new URL(url).pathname;
    expect((await t.app.inject({ method: 'GET', url: path(old) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path(fresh) })).statusCode).toBe(200);
  });
});

describe('public availability', () => {
  it('answers runs of unavailable nights from today on, merged, sorted, without sources', async () => {
    expect(
      (
        await put({
          feeds: [],
          blocks: [
            { start: d(-5), end: d(2), note: 'Booked by phone: Mr Rao +91 98450 00000' },
            { start: d(10), end: d(12), note: 'Painting' },
            { start: d(2), end: d(3), note: '' },
            { start: d(-9), end: d(-2), note: 'Past' },
            { start: d(11), end: d(14), note: 'WhatsApp booking' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/availability/stay-1' });
    expect(res.statusCode).toBe(200);
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(60);
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['propertyId', 'unavailable', 'updatedAt']);
    expect(body.propertyId).toBe('stay-1');
    expect(Number.isNaN(Date.parse(String(body.updatedAt)))).toBe(false);
    expect(body.unavailable).toEqual([
      { start: d(0), end: d(3) },
      { start: d(10), end: d(14) },
    ]);
    expect(res.body).not.toContain('Rao');
    expect(res.body).not.toContain('Painting');
  });

  it('answers 404 for a property not in the latest catalogue, and for a malformed id', async () => {
    for (const id of ['no-such-stay', 'stay-1.json', '%2e%2e']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/availability/${id}` });
      expect(res.statusCode, id).toBe(404);
    }
    // A property removed in a later revision is unknown from then on.
    saveRevision(
      t.ctx.db,
      testCatalogue({ revision: 1, propertyList: [{ name: 'Coffee View Suite' }] }),
      'test',
      t.ctx.clock(),
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/availability/stay-2' })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/availability/stay-1' })).statusCode,
    ).toBe(200);
  });
});

describe('the export feed', () => {
  it('is valid iCalendar: one all-day event per run, stable UIDs, and reads back as our runs', async () => {
    await put({
      feeds: [],
      blocks: [
        { start: d(1), end: d(4), note: 'Owner' },
        { start: d(4), end: d(6), note: '' },
        { start: d(20), end: d(21), note: '' },
      ],
    });
    const exportPath = new URL((await ownerCalendar()).exportUrl).pathname;
    const res = await t.app.inject({ method: 'GET', url: exportPath });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = res.body;
    // RFC 5545 §3.1: CRLF line ends, no line longer than 75 octets.
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of text.split('\r\n')) {
      expect(line).not.toContain('\n');
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('VERSION:2.0\r\n');
    expect(text).toMatch(/PRODID:[^\r]+\r\n/);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text.match(/DTSTAMP:\d{8}T\d{6}Z/g)).toHaveLength(2);
    expect(text).toContain(`DTSTART;VALUE=DATE:${d(1).replaceAll('-', '')}\r\n`);
    expect(text).not.toContain('Owner');

    const availability = (
      await t.app.inject({ method: 'GET', url: '/api/availability/stay-1' })
    ).json() as { unavailable: { start: string; end: string }[] };
    const readBack = parseFeed(text, Date.now());
    expect(readBack.map(({ start, end }) => ({ start, end }))).toEqual(availability.unavailable);
    expect(availability.unavailable).toEqual([
      { start: d(1), end: d(6) },
      { start: d(20), end: d(21) },
    ]);
    expect(readBack.map((b) => b.uid)).toEqual([
      `stay-1-${d(1)}@localhost`,
      `stay-1-${d(20)}@localhost`,
    ]);
    const again = parseFeed(
      (await t.app.inject({ method: 'GET', url: exportPath })).body,
      Date.now(),
    );
    expect(again.map((b) => b.uid)).toEqual(readBack.map((b) => b.uid));
  });

  it("answers 404 for a wrong secret, another property's secret, or an unknown property", async () => {
    const exportPath = new URL((await ownerCalendar()).exportUrl).pathname;
    const secret = /\/([^/]+)\.ics$/.exec(exportPath)![1]!;
    // One character off (the secret may itself end in "x").
    const wrong = secret.slice(0, -1) + (secret.endsWith('x') ? 'y' : 'x');
    await ownerCalendar('stay-2');
    for (const url of [
      `/calendar/stay-1/${wrong}.ics`,
      `/calendar/stay-1/${secret}`,
      `/calendar/stay-1/.ics`,
      `/calendar/stay-2/${secret}.ics`,
      `/calendar/no-such-stay/${secret}.ics`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(secret);
    }
  });
});

describe('the sync schedule', () => {
  let feeds: FeedServer;
  beforeEach(async () => {
    feeds = await startFeedServer();
    feeds.set('/airbnb.ics', { kind: 'file', name: 'airbnb.ics' });
  });
  afterEach(async () => {
    await feeds.close();
  });

  it('syncs every feed when the server starts', async () => {
    await put({ feeds: [{ label: 'Airbnb', url: `${feeds.origin}/airbnb.ics` }], blocks: [] });
    const config = loadConfig({
      DATA_DIR: t.dataDir,
      SITE_URL: 'http://localhost',
      CALENDAR_ALLOW_PRIVATE: 'true',
    });
    const second = await buildApp(config);
    try {
      await second.app.ready();
      const deadline = Date.now() + 30_000;
      let bookings = 0;
      while (Date.now() < deadline) {
        bookings = (
          second.ctx.db.prepare('SELECT bookings FROM calendar_feeds').get() as { bookings: number }
        ).bookings;
        if (bookings > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(bookings).toBe(3);
      expect(feeds.hits.get('/airbnb.ics')).toBe(1);
    } finally {
      await second.app.close();
    }
  });

  it('with CALENDAR_SYNC_MINUTES=0 syncs neither at start nor when feeds are saved', async () => {
    await put({ feeds: [{ label: 'Airbnb', url: `${feeds.origin}/airbnb.ics` }], blocks: [] });
    const second = await buildApp(
      loadConfig({
        DATA_DIR: t.dataDir,
        SITE_URL: 'http://localhost',
        CALENDAR_ALLOW_PRIVATE: 'true',
        CALENDAR_SYNC_MINUTES: '0',
      }),
    );
    try {
      await second.app.ready();
      await new Promise((r) => setTimeout(r, 500));
      expect(feeds.hits.get('/airbnb.ics')).toBeUndefined();
    } finally {
      await second.app.close();
    }
  });

  it('refuses a loopback feed unless CALENDAR_ALLOW_PRIVATE=true', async () => {
    t.ctx.config.calendar.allowPrivate = false;
    await put({ feeds: [{ label: 'Airbnb', url: `${feeds.origin}/airbnb.ics` }], blocks: [] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/calendar/stay-1/sync',
      headers: t.ownerHeaders,
    });
    const feed = (res.json() as OwnerCalendar).feeds[0]!;
    expect(feed.lastError).toMatch(
      /^Airbnb: the address is in a private network, which is not allowed at \d\d:\d\d$/,
    );
    expect(feeds.hits.get('/airbnb.ics')).toBeUndefined();
  });
});

describe('configuration', () => {
  it('reads CALENDAR_SYNC_MINUTES and CALENDAR_ALLOW_PRIVATE, refusing a malformed period', () => {
    expect(loadConfig({}).calendar).toEqual({
      syncMinutes: 15,
      allowPrivate: false,
      fetchTimeoutMs: 10_000,
    });
    expect(
      loadConfig({ CALENDAR_SYNC_MINUTES: '60', CALENDAR_ALLOW_PRIVATE: 'true' }).calendar,
    ).toMatchObject({
      syncMinutes: 60,
      allowPrivate: true,
    });
    for (const bad of ['-1', '1.5', 'often', '100000']) {
      expect(() => loadConfig({ CALENDAR_SYNC_MINUTES: bad })).toThrow(/CALENDAR_SYNC_MINUTES/);
    }
  });
});
