/**
 * AVL-3: feed URLs and the export secret never reach a published file, the global data object, the
 * public availability answer or the server log, after everything that handles them has run: saving
 * feeds, a sync that succeeds and one that fails, the export feed fetched by a channel (its path
 * carries the secret), a wrong secret tried, and a publish.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.js';
import { createSession, SESSION_COOKIE } from '../auth/sessions.js';
import { loadConfig } from '../config.js';
import { latestRevision, saveRevision } from '../store/revisions.js';
import { testCatalogue } from '../../../test/factories.js';
import { listFiles, TEST_HOST } from '../../../test/test-helpers.js';
import { startFeedServer, type FeedServer } from '../../../test/test-feed-server.js';

const AIRBNB_TOKEN = 'airbnbFeedToken7Q2';
const BOOKING_TOKEN = 'bookingFeedTokenZ9';

let built: BuiltApp;
let dataDir: string;
let feeds: FeedServer;
let log = '';
let headers: Record<string, string>;
let secrets: string[];
let exportSecretValue: string;

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.set('/calendar/ical/4182.ics', { kind: 'file', name: 'airbnb.ics' });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-calendar-secrets-'));
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  built = await buildApp(
    loadConfig({ DATA_DIR: dataDir, SITE_URL: 'http://localhost', CALENDAR_ALLOW_PRIVATE: 'true' }),
    { logStream: stream },
  );
  const db = built.ctx.db;
  db.prepare('INSERT INTO admins (username, password_hash, updated_at) VALUES (?, ?, ?)').run(
    'owner',
    'not-a-real-hash',
    new Date().toISOString(),
  );
  headers = {
    cookie: `${SESSION_COOKIE}=${createSession(db, 'owner', built.ctx.clock())}`,
    host: TEST_HOST,
    origin: 'http://localhost',
    'sec-fetch-site': 'same-origin',
  };
  saveRevision(
    db,
    testCatalogue({ propertyList: [{ name: 'Coffee View Suite' }, { name: 'Hill Top Cottage' }] }),
    'test',
    Date.now(),
  );

  const airbnbUrl = `${feeds.origin}/calendar/ical/4182.ics?s=${AIRBNB_TOKEN}`;
  // This one answers 404: a failed sync must not log its URL either.
  const bookingUrl = `${feeds.origin}/v1/export?t=${BOOKING_TOKEN}`;
  const put = await built.app.inject({
    method: 'PUT',
    url: '/api/calendar/stay-1',
    headers,
    payload: {
      feeds: [
        { label: 'Airbnb', url: airbnbUrl },
        { label: 'Booking.com', url: bookingUrl },
      ],
      blocks: [{ start: '2099-03-01', end: '2099-03-04', note: 'Booked on WhatsApp' }],
    },
  });
  expect(put.statusCode).toBe(200);
  const sync = await built.app.inject({
    method: 'POST',
    url: '/api/calendar/stay-1/sync',
    headers,
  });
  const calendar = sync.json() as {
    feeds: { lastError: string | null; bookings: number }[];
    exportUrl: string;
  };
  expect(calendar.feeds.map((f) => f.bookings)).toEqual([3, 0]);
  expect(calendar.feeds[1]!.lastError).toMatch(/^Booking\.com: the address answered 404 at/);
  exportSecretValue = /\/([^/]+)\.ics$/.exec(calendar.exportUrl)![1]!;
  secrets = [airbnbUrl, bookingUrl, AIRBNB_TOKEN, BOOKING_TOKEN, feeds.origin, exportSecretValue];

  const exportPath = new URL(calendar.exportUrl).pathname;
  expect((await built.app.inject({ method: 'GET', url: exportPath })).statusCode).toBe(200);
  const wrong = `/calendar/stay-1/${exportSecretValue.slice(0, -1)}${exportSecretValue.endsWith('z') ? 'y' : 'z'}.ics`;
  expect((await built.app.inject({ method: 'GET', url: wrong })).statusCode).toBe(404);
  const deeper = `${exportPath}/extra?x=1`;
  expect((await built.app.inject({ method: 'GET', url: deeper })).statusCode).toBe(404);
  expect(
    (await built.app.inject({ method: 'POST', url: '/api/generate', headers })).statusCode,
  ).toBe(200);
}, 120_000);

afterAll(async () => {
  await built?.app.close();
  await feeds?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function expectNoSecret(where: string, text: string): void {
  for (const secret of secrets) {
    expect(text.includes(secret), `${where} holds ${secret}`).toBe(false);
  }
}

describe('calendar secrets', () => {
  it('are in no published file (pages, data script, sitemap, compressed twins)', () => {
    const site = built.ctx.paths.site;
    const files = listFiles(site);
    expect(files.some((f) => /site-data\.[0-9a-f]{12}\.js$/.test(f))).toBe(true);
    for (const file of files) {
      // Compressed twins hold the same text as their source, checked as such.
      if (/\.(br|gz)$/.test(file)) continue;
      expectNoSecret(file, fs.readFileSync(path.join(site, file), 'latin1'));
    }
  });

  it('are not in the global data object', () => {
    expectNoSecret('the stored catalogue', JSON.stringify(latestRevision(built.ctx.db)?.data));
  });

  it('are not in the public availability answer', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/api/availability/stay-1' });
    expect(res.statusCode).toBe(200);
    expectNoSecret('/api/availability', res.body);
    expect(res.body).toContain('2099-01-12');
  });

  it('are not in the server log, which still records every call and the failed sync', () => {
    expect(log).toContain('/calendar/stay-1/[secret].ics');
    expect(log).toContain('calendar feed sync failed');
    expect(log).toContain('Booking.com: the address answered 404');
    expect(log).toContain('/api/availability/stay-1');
    expectNoSecret('the server log', log);
  });
});
