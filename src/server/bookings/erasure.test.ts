/**
 * RUNTIME-3, RUNTIME-5: an erasure erases. Two bookings go through the real app with mail on (a
 * real SMTP server on loopback), so their details are in the bookings table, the mail outbox and
 * the WAL; the clock then moves past the first one's check-out and GUEST_DATA_DAYS. Afterwards the
 * bytes of the database file, its WAL, a backup archive made then (gunzipped) and the snapshot the
 * copy off the machine seals hold none of the first guest's name, phone, e-mail or messages, while
 * the second guest's, not yet due, are still found in the same bytes: the search could fail.
 * Needs the build (`node scripts/build.mjs`).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import type { BookingCreated } from '../../shared/bookings.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { startSmtpServer, type SmtpServer } from '../../../test/test-smtp-server.js';
import { createBackup } from '../cli/backup.js';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Guest {
  name: string;
  phone: string;
  email: string;
  message: string;
  ownerMessage: string;
  /** Every string of this guest that must go with the erasure, as it may be stored or mailed. */
  traces: string[];
}

function guest(name: string, digits: string, email: string, message: string): Guest {
  const phone = `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
  const ownerMessage = `Sorry ${name.split(' ')[0]}, the estate road is closed`;
  return {
    name,
    phone,
    email,
    message,
    ownerMessage,
    traces: [name, name.split(' ')[1]!, digits, email, message, ownerMessage],
  };
}

const ERASED = guest(
  'Oriel Vantongeren',
  '9845067123',
  'oriel.v@erased.test',
  'Honeymoon: rose petals on the bed',
);
const KEPT = guest(
  'Tamsin Okonkwo',
  '9731122334',
  'tamsin.o@kept.test',
  'Travelling with a grey parrot',
);

let t: TestApp;
let smtp: SmtpServer;
let clock = Date.now();
let archiveDir: string;

function inject(method: 'GET' | 'POST', url: string, body: unknown, owner: boolean, ip?: string) {
  return t.app.inject({
    method,
    url,
    ...(ip ? { remoteAddress: ip } : {}),
    headers: {
      ...(owner ? t.ownerHeaders : { origin: 'http://localhost' }),
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });
}

async function book(g: Guest, from: number, to: number, ip: string): Promise<string> {
  const res = await inject(
    'POST',
    '/api/bookings',
    {
      propertyId: 'stay-1',
      checkIn: addDays(today(clock), from),
      checkOut: addDays(today(clock), to),
      guests: 2,
      name: g.name,
      phone: g.phone,
      email: g.email,
      message: g.message,
    },
    false,
    ip,
  );
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as BookingCreated;
  for (const [action, body] of [
    ['accept', {}],
    ['cancel', { message: g.ownerMessage }],
  ] as const) {
    const done = await inject('POST', `/api/bookings/${id}/${action}`, body, true);
    expect(done.statusCode, done.body).toBe(200);
  }
  return id;
}

/** The strings of `g` found in `bytes`. */
function tracesIn(bytes: Buffer, g: Guest): string[] {
  return g.traces.filter((s) => bytes.includes(Buffer.from(s, 'utf8')));
}

/** The database file and its WAL (when there is one), read as they are on disk. */
function databaseBytes(): { file: Buffer; wal: Buffer } {
  const db = path.join(t.dataDir, 'stays.sqlite3');
  const wal = `${db}-wal`;
  return {
    file: fs.readFileSync(db),
    wal: fs.existsSync(wal) ? fs.readFileSync(wal) : Buffer.alloc(0),
  };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await makeTestApp(
    {
      CALENDAR_SYNC_MINUTES: '0',
      GUEST_DATA_DAYS: '1',
      SMTP_URL: smtp.url(),
      MAIL_FROM: 'bookings@stays.test',
      NOTIFY_EMAIL: 'owner@stays.test',
    },
    { clock: () => clock },
  );
  archiveDir = fs.mkdtempSync(path.join(path.dirname(t.dataDir), 'stays-erasure-archives-'));
  await t.publishCatalogue(testCatalogue({ propertyList: [{ nightlyRate: 5000 }] }));
  await book(ERASED, 2, 4, '10.0.0.1');
  await book(KEPT, 30, 32, '10.0.0.2');
  // Accepted and cancelled: the guest and the owner are mailed twice each, per booking.
  const until = Date.now() + 10_000;
  while (smtp.received.length < 8 && Date.now() < until)
    await new Promise((r) => setTimeout(r, 20));
  expect(smtp.received.length).toBe(8);
});
afterAll(async () => {
  await t.cleanup();
  await smtp.close();
  fs.rmSync(archiveDir, { recursive: true, force: true });
});

describe('RUNTIME-3, RUNTIME-5: an erased guest is in no byte of the database, its WAL or a later backup', () => {
  it('before the erasure both guests are in the database and its WAL, the search finds them', () => {
    const { file, wal } = databaseBytes();
    const both = Buffer.concat([file, wal]);
    expect(tracesIn(both, ERASED)).toEqual(ERASED.traces);
    expect(tracesIn(both, KEPT)).toEqual(KEPT.traces);
  });

  it('after the erasure the database file and the WAL hold nothing of the erased guest', () => {
    clock += 6 * DAY_MS; // past the first check-out (day 4) and GUEST_DATA_DAYS (1)
    expect(t.bookings.eraseOld()).toBe(1);
    const { file, wal } = databaseBytes();
    expect(tracesIn(file, ERASED), 'the database file').toEqual([]);
    expect(tracesIn(wal, ERASED), 'the WAL').toEqual([]);
    // Truncated to nothing: no older version of a page is kept in it.
    expect(wal.length).toBe(0);
    expect(tracesIn(Buffer.concat([file, wal]), KEPT)).toEqual(KEPT.traces);
    // The erasure kept what the accounts need.
    const row = t.ctx.db
      .prepare('SELECT name, check_in, erased_at FROM bookings WHERE erased_at IS NOT NULL')
      .get() as { name: string | null; check_in: string; erased_at: string };
    expect(row.name).toBeNull();
    expect(row.check_in).toBe(addDays(today(clock - 6 * DAY_MS), 2));
  });

  it('a backup archive made afterwards holds nothing of the erased guest', async () => {
    const archive = path.join(archiveDir, 'after-erasure.tar.gz');
    await createBackup(t.dataDir, archive, Date.now());
    const tar = zlib.gunzipSync(fs.readFileSync(archive));
    expect(tar.includes(Buffer.from('stays.sqlite3'))).toBe(true);
    expect(tracesIn(tar, ERASED)).toEqual([]);
    expect(tracesIn(tar, KEPT)).toEqual(KEPT.traces);
  });

  it('the snapshot the copy off the machine seals (serialize() on a read-only connection) holds nothing of them', () => {
    const reader = new Database(path.join(t.dataDir, 'stays.sqlite3'), { readonly: true });
    try {
      const image = reader.serialize();
      expect(tracesIn(image, ERASED)).toEqual([]);
      expect(tracesIn(image, KEPT)).toEqual(KEPT.traces);
    } finally {
      reader.close();
    }
  });

  it('later writes do not bring the erased guest back; a reader holding the WAL delays its truncation to the next run', () => {
    // The inbox and the mail sender go on writing; the erased details are not written again.
    const { changes } = t.ctx.db
      .prepare('UPDATE bookings SET updated_at = ? WHERE erased_at IS NULL')
      .run(new Date(clock).toISOString());
    expect(changes).toBe(1);
    let { file, wal } = databaseBytes();
    expect(wal.length).toBeGreaterThan(0);
    expect(tracesIn(Buffer.concat([file, wal]), ERASED)).toEqual([]);

    // A reader in the middle of a read transaction (a backup, the copy off the machine).
    const reader = new Database(path.join(t.dataDir, 'stays.sqlite3'), { readonly: true });
    reader.exec('BEGIN');
    reader.prepare('SELECT COUNT(*) FROM bookings').get();
    try {
      clock += 40 * DAY_MS; // the second guest's check-out is due too
      const started = performance.now();
      expect(t.bookings.eraseOld()).toBe(1);
      // It waited for the reader a moment, not the 5 s busy timeout: the event loop waits too.
      expect(performance.now() - started).toBeLessThan(2000);
      expect(databaseBytes().wal.length).toBeGreaterThan(0);
    } finally {
      reader.exec('COMMIT');
      reader.close();
    }
    expect(t.ctx.db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(t.bookings.eraseOld()).toBe(0);
    ({ file, wal } = databaseBytes());
    expect(wal.length).toBe(0);
    expect(tracesIn(file, KEPT)).toEqual([]);
  });
});
