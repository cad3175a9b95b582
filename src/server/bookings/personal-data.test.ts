/**
 * BOOK-10: a guest's name, phone, e-mail and message never reach a public output. A booking with
 * recognisable values goes through request, accept and paid with mail on (a real SMTP server on
 * loopback) and a publish; then every published file (the pages and the global data object among
 * them), the availability answer, the export feed, the quote, health, the booking page and the
 * server's whole log are read: none of the four appears, nor the page token. Needs the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import type { BookingCreated } from '../../shared/bookings.js';
import { testCatalogue } from '../../../test/factories.js';
import { listFiles, makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { startSmtpServer, type SmtpServer } from '../../../test/test-smtp-server.js';

const NAME = 'Zephyrine Quillfeather';
const PHONE_DIGITS = '9876501234';
const EMAIL = 'zq.private@guest.test';
const MESSAGE = 'Secret anniversary: please hide the cake';

let t: TestApp;
let smtp: SmtpServer;
let log = '';
let created: BookingCreated;

async function owner(method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      ...t.ownerHeaders,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  const logStream = new PassThrough();
  logStream.on('data', (c: Buffer) => (log += c.toString('utf8')));
  t = await makeTestApp(
    {
      CALENDAR_SYNC_MINUTES: '0',
      SMTP_URL: smtp.url(),
      MAIL_FROM: 'bookings@stays.test',
      UPI_ID: 'stays@okhdfcbank',
    },
    { logStream },
  );
  await owner('POST', '/api/import', testCatalogue({ propertyList: [{ nightlyRate: 5000 }] }));
  await owner('POST', '/api/generate', {});
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    payload: JSON.stringify({
      propertyId: 'stay-1',
      checkIn: addDays(today(), 5),
      checkOut: addDays(today(), 8),
      guests: 2,
      name: NAME,
      phone: `+91 ${PHONE_DIGITS.slice(0, 5)} ${PHONE_DIGITS.slice(5)}`,
      email: EMAIL,
      message: MESSAGE,
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  created = res.json() as BookingCreated;
  await owner('POST', `/api/bookings/${created.id}/accept`, {});
  await owner('POST', `/api/bookings/${created.id}/paid`, {});
  await owner('POST', '/api/generate', {});
  // The mails were sent (they carry the data, as they must): wait for all four (the owner's
  // request, the guest's received, accepted and confirmed).
  const until = Date.now() + 10_000;
  while (smtp.received.length < 4 && Date.now() < until)
    await new Promise((r) => setTimeout(r, 20));
  expect(smtp.received.length).toBe(4);
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});

const SECRETS = [NAME, PHONE_DIGITS, EMAIL, MESSAGE, 'Zephyrine', 'zq.private'];

function expectClean(where: string, text: string) {
  for (const secret of SECRETS) expect(text.includes(secret), `${secret} in ${where}`).toBe(false);
}

describe('BOOK-10: no guest data in any public output or log line', () => {
  it('every published file, the global data object included', () => {
    const dir = t.ctx.publisher.currentDir()!;
    const files = listFiles(dir).filter((f) => !/\.(br|gz|jpg|webp|avif|png)$/.test(f));
    expect(files.some((f) => /^site-data\.[0-9a-f]{12}\.js$/.test(f))).toBe(true);
    for (const file of files) expectClean(file, fs.readFileSync(path.join(dir, file), 'utf8'));
  });

  it('availability, the export feed, the quote, health and the guest page', async () => {
    const calendar = (await owner('GET', '/api/calendar/stay-1')).json() as { exportUrl: string };
    const urls = [
      '/api/availability/stay-1',
      new URL(calendar.exportUrl).pathname,
      `/api/quote/stay-1?checkIn=${addDays(today(), 5)}&checkOut=${addDays(today(), 8)}&guests=2`,
      '/healthz',
      '/',
      '/stay/stay-1',
      new URL(created.url).pathname,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expectClean(url, res.body);
    }
    const feed = await t.app.inject({ method: 'GET', url: new URL(calendar.exportUrl).pathname });
    expect(feed.body).toContain('Booked (direct)');
  });

  it("the server's log, which names bookings by id only and never the page token", () => {
    expect(log).toContain('booking requested');
    expect(log).toContain('mail sent');
    expectClean('the log', log);
    const token = created.url.split('/').pop()!;
    // The page's request was logged, with its token replaced.
    expect(log).toContain(`/booking/${created.id}/[token]`);
    expect(log).not.toContain(token);
    expect(log).not.toContain('smtp-secret-pass');
  });
});
