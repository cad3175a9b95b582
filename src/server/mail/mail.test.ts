/**
 * BOOK-8 against a real SMTP server on loopback (test/test-smtp-server.ts, the smtp-server
 * package) and the real app: every booking mail arrives once, to the right person, with what it
 * must carry; an SMTP outage (the server stopped, or answering 451) while a request arrives loses
 * nothing, shows in the owner's inbox, and sends once when the server is back; without SMTP_URL
 * nothing is enqueued and the server says so in one log line. The SMTP password never reaches the
 * log. MAIL-1..MAIL-3: a name that could carry a stranger's words is refused and mail to a guest
 * quotes none of the rest of what the guest typed; a permanent refusal (5xx) is failed after one
 * try; senders running at once over one outbox (two database connections) send each mail once.
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, formatDate, today } from '../../shared/calendar-dates.js';
import type { BookingCreated, BookingList } from '../../shared/bookings.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { startSmtpServer, type SmtpServer } from '../../../test/test-smtp-server.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDb } from '../store/db.js';
import { MailSender, RETRY_FOR_MS, retryDelay } from './sender.js';
import { claimDueMail } from './store.js';

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
const day = (n: number) => addDays(today(clock), n);

async function start(env: NodeJS.ProcessEnv) {
  clock = Date.now();
  log = '';
  const logStream = new PassThrough();
  logStream.on('data', (c: Buffer) => (log += c.toString('utf8')));
  t = await makeTestApp(
    {
      CALENDAR_SYNC_MINUTES: '0',
      NOTIFY_EMAIL: OWNER_MAIL,
      UPI_ID: 'stays@okhdfcbank',
      ...env,
    },
    { clock: () => clock, logStream },
  );
  await t.publishCatalogue(
    testCatalogue({ propertyList: [{ nightlyRate: 4000, advancePercent: 25 }] }),
  );
}

let n = 0;
async function book(from: number, extra: Record<string, unknown> = {}): Promise<BookingCreated> {
  clock += 1000;
  const res = await t!.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: `10.1.0.${(n += 1)}`,
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    payload: JSON.stringify({
      propertyId: 'stay-1',
      checkIn: day(from),
      checkOut: day(from + 2),
      guests: 2,
      name: 'Ravi Kumar',
      phone: '+91 98450 22222',
      email: 'ravi@guest.test',
      ...extra,
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as BookingCreated;
}

async function act(id: string, action: string, body: unknown = {}) {
  const res = await t!.app.inject({
    method: 'POST',
    url: `/api/bookings/${id}/${action}`,
    headers: { ...t!.ownerHeaders, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Waits (at most 10 s) until the server has received `count` messages. */
async function arrived(count: number) {
  const until = Date.now() + 10_000;
  while (smtp!.received.length < count && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(smtp!.received.length).toBe(count);
  // And marked: no claim left under way (the test's clock may jump past a lease).
  const claimed = () =>
    (
      t!.ctx.db.prepare('SELECT COUNT(*) AS n FROM mail_outbox WHERE claim IS NOT NULL').get() as {
        n: number;
      }
    ).n;
  while (claimed() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  expect(claimed()).toBe(0);
}

/** Waits (at most 10 s) until every message enqueued so far has been tried at least once. */
async function tried() {
  const until = Date.now() + 10_000;
  const untried = () =>
    (
      t!.ctx.db.prepare('SELECT COUNT(*) AS n FROM mail_outbox WHERE attempts = 0').get() as {
        n: number;
      }
    ).n;
  while (untried() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  expect(untried()).toBe(0);
}

const bySubject = () =>
  smtp!.received.map((m) => `${m.to.join(',')} | ${m.subject.replace(/STY-\w{4}/, 'STY-#')}`);

describe('BOOK-8: every booking mail arrives once', () => {
  it('to the owner on a request and a withdrawal; to the guest on received, accepted, declined, cancelled and expired', async () => {
    smtp = await startSmtpServer();
    await start({ SMTP_URL: smtp.url(), MAIL_FROM: 'bookings@stays.test' });
    const dates = new Map([10, 20, 30, 40, 50].map((n) => [n, formatDate(day(n))]));
    const formatted = (n: number) => dates.get(n)!;

    const accepted = await book(10);
    await arrived(2);
    await act(accepted.id, 'accept');
    await arrived(3);
    const acceptedMail = smtp.received[2]!;
    expect(acceptedMail.to).toEqual(['ravi@guest.test']);
    expect(acceptedMail.body).toContain('To confirm it, please pay the advance of ₹2,000');
    expect(acceptedMail.body).toMatch(/upi:\/\/pay\?pa=stays%40okhdfcbank&(amp;)?pn=/);
    const link = /http:\/\/localhost\/booking\/[a-z2-9]{16}\/[A-Za-z0-9_-]{22}/.exec(
      acceptedMail.body,
    )?.[0];
    expect(link).toBeDefined();
    // The mail's own link opens the page (each mail has its own token).
    expect(link).not.toBe(accepted.url);
    const page = await t!.app.inject({ method: 'GET', url: new URL(link!).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Accepted – advance due');
    expect(acceptedMail.body).not.toMatch(/<img|utm_|pixel/i);

    const declined = await book(20);
    await act(declined.id, 'decline', { message: 'We are closed for repairs.' });
    const cancelled = await book(30);
    await act(cancelled.id, 'accept');
    await act(cancelled.id, 'cancel', { message: 'The road is closed.' });
    const withdrawn = await book(40, { email: '' });
    const path = new URL(withdrawn.url).pathname;
    const res = await t!.app.inject({
      method: 'POST',
      url: `${path}/withdraw`,
      headers: { origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    await book(50);
    clock += 49 * 60 * 60 * 1000;
    expect(t!.bookings.expireStale()).toBe(1);
    await arrived(15);
    // Nothing more arrives: each was sent once.
    clock += 3 * 24 * 60 * 60 * 1000;
    expect(await t!.mail.sendDue()).toBe(0);
    expect(smtp.received).toHaveLength(15);

    expect(bySubject()).toEqual([
      `${OWNER_MAIL} | New booking request STY-#: Coffee View Suite, ${formatted(10)}`,
      'ravi@guest.test | Your request STY-# to Stays In Chikmagalur',
      'ravi@guest.test | Accepted: your stay STY-# at Coffee View Suite',
      `${OWNER_MAIL} | New booking request STY-#: Coffee View Suite, ${formatted(20)}`,
      'ravi@guest.test | Your request STY-# to Stays In Chikmagalur',
      'ravi@guest.test | Your request STY-# to Stays In Chikmagalur',
      `${OWNER_MAIL} | New booking request STY-#: Coffee View Suite, ${formatted(30)}`,
      'ravi@guest.test | Your request STY-# to Stays In Chikmagalur',
      'ravi@guest.test | Accepted: your stay STY-# at Coffee View Suite',
      'ravi@guest.test | Cancelled: your stay STY-# at Coffee View Suite',
      `${OWNER_MAIL} | New booking request STY-#: Coffee View Suite, ${formatted(40)}`,
      `${OWNER_MAIL} | Request STY-# withdrawn by the guest`,
      `${OWNER_MAIL} | New booking request STY-#: Coffee View Suite, ${formatted(50)}`,
      'ravi@guest.test | Your request STY-# to Stays In Chikmagalur',
      'ravi@guest.test | Your request STY-# to Stays In Chikmagalur has expired',
    ]);
    const ownerMail = smtp.received[0]!;
    for (const text of [
      'Ravi Kumar',
      '+919845022222',
      'ravi@guest.test',
      'http://localhost/admin',
    ]) {
      expect(ownerMail.body, text).toContain(text);
    }
    expect(smtp.received[5]!.body).toContain('We are closed for repairs.');
    expect(smtp.received[9]!.body).toContain('The road is closed.');
    // MSG-8: the withdrawal mail names the guest and how to reach them, as the request's does.
    for (const text of ['Ravi Kumar', '+919845022222']) {
      expect(smtp.received[11]!.body, text).toContain(text);
    }
    // Both bodies: plain text and HTML.
    expect(ownerMail.body).toContain('Content-Type: text/plain');
    expect(ownerMail.body).toContain('Content-Type: text/html');
    // Sent rows keep no body; the password is never logged.
    const bodies = t!.ctx.db
      .prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE text_body != '' OR html_body != ''")
      .get() as { n: number };
    expect(bodies.n).toBe(0);
    expect(log).toContain('mail sent');
    expect(log).not.toContain('smtp-secret-pass');
    expect(log).not.toContain('ravi@guest.test');
  });
});

describe('BOOK-8: an SMTP outage loses nothing', () => {
  it('the server stopped while a request arrives: the request is stored, the inbox names the mail, and it is sent once when the server is back', async () => {
    smtp = await startSmtpServer();
    await start({ SMTP_URL: smtp.url(), MAIL_FROM: 'bookings@stays.test' });
    await smtp.stop();
    const created = await book(10);
    await tried();
    const list = (
      await t!.app.inject({ method: 'GET', url: '/api/bookings', headers: t!.ownerHeaders })
    ).json() as BookingList;
    expect(list.bookings[0]!.id).toBe(created.id);
    expect(list.bookings[0]!.mailProblems).toEqual([
      expect.stringMatching(
        /^New request mail to you \(owner@stays\.test\): not sent yet \(the mail server could not be reached\), next try \d\d:\d\d\.$/,
      ),
      expect.stringMatching(/^Received mail to the guest \(ravi@guest\.test\): not sent yet/),
    ]);
    // Not due yet: nothing is tried before the wait.
    expect(await t!.mail.sendDue()).toBe(0);

    // The runner's mail-outbox job looks again at the messages' next try (decision 051).
    const outbox = () =>
      Date.parse(t!.runner.health().find((j) => j.name === 'mail-outbox')!.nextDueAt);
    expect(await t!.runner.runNow('mail-outbox')).toBe(true);
    expect(outbox()).toBe(
      (t!.ctx.db.prepare('SELECT MIN(next_at) AS n FROM mail_outbox').get() as { n: number }).n,
    );
    expect(smtp.received).toHaveLength(0);
    await smtp.restart();
    clock += retryDelay(1);
    expect(await t!.runner.runNow('mail-outbox')).toBe(true);
    expect(bySubject()).toHaveLength(2);
    clock += 24 * 60 * 60 * 1000;
    // Hours later the owner's session has ended (SESS-3, TIME-5): they log in again.
    t!.logIn();
    expect(await t!.mail.sendDue()).toBe(0);
    expect(smtp.received).toHaveLength(2);
    const after = (
      await t!.app.inject({ method: 'GET', url: '/api/bookings', headers: t!.ownerHeaders })
    ).json() as BookingList;
    expect(after.bookings[0]!.mailProblems).toEqual([]);
  });

  it('a server answering 451 for a day: retried with growing waits, sent once it accepts; past the retry window it is marked failed and named', async () => {
    smtp = await startSmtpServer();
    await start({ SMTP_URL: smtp.url(), MAIL_FROM: 'bookings@stays.test' });
    smtp.refusing = true;
    await book(10, { email: '' });
    await tried();
    const attempts = () =>
      (t!.ctx.db.prepare('SELECT attempts FROM mail_outbox').get() as { attempts: number })
        .attempts;
    const first = clock;
    // A day of refusals: each try waits longer, at most an hour.
    while (clock - first < 24 * 60 * 60 * 1000) {
      clock += retryDelay(attempts());
      await t!.mail.sendDue();
    }
    expect(attempts()).toBeGreaterThan(20);
    expect(attempts()).toBeLessThan(40);
    expect(smtp.received).toHaveLength(0);
    smtp.refusing = false;
    clock += retryDelay(attempts());
    expect(await t!.mail.sendDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([OWNER_MAIL]);

    // Past RETRY_FOR_MS a message is given up and the inbox says so.
    smtp.refusing = true;
    const late = await book(20, { email: '' });
    await tried();
    clock += RETRY_FOR_MS + 60 * 60 * 1000;
    t!.logIn();
    await t!.mail.sendDue();
    const list = (
      await t!.app.inject({ method: 'GET', url: '/api/bookings', headers: t!.ownerHeaders })
    ).json() as BookingList;
    expect(list.bookings.find((b) => b.id === late.id)!.mailProblems).toEqual([
      'New request mail to you (owner@stays.test) could not be sent (the mail server asked to try later (451)); send it yourself.',
    ]);
    smtp.refusing = false;
    clock += 60 * 60 * 1000;
    expect(await t!.mail.sendDue()).toBe(0);
  });
});

describe('BOOK-8: without SMTP_URL', () => {
  it('sends and enqueues nothing, and says so once at start', async () => {
    await start({});
    await book(10);
    await book(20);
    const queued = t!.ctx.db.prepare('SELECT COUNT(*) AS n FROM mail_outbox').get() as {
      n: number;
    };
    expect(queued.n).toBe(0);
    expect(log.match(/mail is off: SMTP_URL is not set/g)).toHaveLength(1);
  });

  it('refuses SMTP_URL without MAIL_FROM and a malformed SMTP_URL, never repeating its value', async () => {
    for (const env of [
      { SMTP_URL: 'smtp://u:hunter2secret@mail.test:587' },
      { SMTP_URL: 'http://u:hunter2secret@mail.test', MAIL_FROM: 'a@b.test' },
      { MAIL_FROM: 'a@b.test' },
    ]) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect(String((error as Error).message)).not.toContain('hunter2secret');
    }
  });
});

describe("MAIL-3, STAY-2: guest-typed text never becomes the business's words to a stranger", () => {
  it('refuses a name with a line break, a control character, a link or an address (400 naming name), and takes real names', async () => {
    smtp = await startSmtpServer();
    await start({ SMTP_URL: smtp.url(), MAIL_FROM: 'bookings@stays.test' });
    for (const name of [
      'Ravi\nPayment failed: pay at https://pay.evil.test',
      'Ravi\r\nBcc: victim@x.test',
      'Ravi\rKumar',
      'Ravi\u2028Kumar',
      'Ravi\u0007Kumar',
      'Ravi \u202Eramuk',
      'Pay at HTTPS://pay.evil.test',
      'pay.evil.test/ftp://x',
      'visit WWW.evil.test',
      'ravi@guest.test',
    ]) {
      const res = await t!.app.inject({
        method: 'POST',
        url: '/api/bookings',
        remoteAddress: `10.2.0.${(n += 1)}`,
        headers: { origin: 'http://localhost', 'content-type': 'application/json' },
        payload: JSON.stringify({
          propertyId: 'stay-1',
          checkIn: day(10),
          checkOut: day(12),
          guests: 2,
          name,
          phone: '+91 98450 22222',
          email: 'victim@stranger.test',
        }),
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual({
        error: 'Give your name only, on one line: no link, web or e-mail address.',
        field: 'name',
      });
    }
    const stored = t!.ctx.db.prepare('SELECT COUNT(*) AS n FROM bookings').get() as { n: number };
    expect(stored.n).toBe(0);
    for (const [i, name] of ['ರವಿ ಕುಮಾರ್', "Anne-Marie D'Souza", 'Dr. K. S. Rao'].entries()) {
      await book(10 + i * 3, { name });
    }
  });

  it('mails the guest nothing they typed but the checked name; the owner gets the message', async () => {
    smtp = await startSmtpServer();
    await start({ SMTP_URL: smtp.url(), MAIL_FROM: 'bookings@stays.test' });
    const bait = 'Payment failed: pay again at https://pay.evil.test/now';
    const created = await book(10, { message: bait, email: 'victim@stranger.test' });
    await act(created.id, 'accept');
    await arrived(3);
    const [owner, received, accepted] = smtp.received;
    expect(owner!.to).toEqual([OWNER_MAIL]);
    expect(owner!.body).toContain(bait);
    for (const mail of [received!, accepted!]) {
      expect(mail.to).toEqual(['victim@stranger.test']);
      expect(mail.body).toContain('Dear Ravi Kumar,');
      expect(mail.body).not.toContain('evil');
      expect(mail.body).not.toContain('+919845022222');
    }
  });
});

describe('MAIL-2: a permanent refusal is not retried', () => {
  it('a 550 answer: failed after one try, shown at once in the inbox, never tried again', async () => {
    smtp = await startSmtpServer();
    await start({ SMTP_URL: smtp.url(), MAIL_FROM: 'bookings@stays.test' });
    smtp.rejecting = true;
    const created = await book(10, { email: '' });
    await tried();
    const row = () =>
      t!.ctx.db.prepare('SELECT attempts, failed_at FROM mail_outbox').get() as {
        attempts: number;
        failed_at: string | null;
      };
    expect(row().attempts).toBe(1);
    expect(row().failed_at).not.toBeNull();
    const list = (
      await t!.app.inject({ method: 'GET', url: '/api/bookings', headers: t!.ownerHeaders })
    ).json() as BookingList;
    expect(list.bookings.find((b) => b.id === created.id)!.mailProblems).toEqual([
      'New request mail to you (owner@stays.test) could not be sent (the mail server refused it (550)); send it yourself.',
    ]);
    smtp.rejecting = false;
    clock += RETRY_FOR_MS;
    expect(await t!.mail.sendDue()).toBe(0);
    expect(row().attempts).toBe(1);
    expect(smtp.received).toHaveLength(0);
  });
});

describe('MAIL-1: a mail is claimed before it is sent', () => {
  it('three senders at once, two of them on their own database connections over the same outbox file, deliver each mail once', async () => {
    smtp = await startSmtpServer();
    await start({ SMTP_URL: smtp.url(), MAIL_FROM: 'bookings@stays.test' });
    await smtp.stop();
    for (let i = 0; i < 12; i += 1) await book(10 + i * 3);
    await tried();
    await smtp.restart();
    smtp.delayMs = 15;
    clock += retryDelay(1);
    const others = [openDb(t!.dataDir, Date.now()), openDb(t!.dataDir, Date.now())];
    try {
      const senders = others.map(
        (db) => new MailSender(db, t!.ctx.config.mail, t!.app.log, () => clock),
      );
      const counts = await Promise.all([t!.mail.sendDue(), ...senders.map((s) => s.sendDue())]);
      await Promise.all(senders.map((s) => s.stop()));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(24);
      // Each sender took a share: they did run at once.
      expect(counts.filter((c) => c > 0).length).toBeGreaterThan(1);
    } finally {
      for (const db of others) db.close();
    }
    expect(smtp.received).toHaveLength(24);
    const distinct = new Set(smtp.received.map((m) => `${m.to.join(',')} ${m.subject}`));
    expect(distinct.size).toBe(24);
    const unsent = t!.ctx.db
      .prepare('SELECT COUNT(*) AS n FROM mail_outbox WHERE sent_at IS NULL')
      .get() as { n: number };
    expect(unsent.n).toBe(0);
  });

  it('a claim keeps other senders off a row until its lease ends (a sender that died)', async () => {
    smtp = await startSmtpServer();
    await start({ SMTP_URL: smtp.url(), MAIL_FROM: 'bookings@stays.test' });
    await smtp.stop();
    await book(10, { email: '' });
    await tried();
    clock += retryDelay(1);
    const other = openDb(t!.dataDir, Date.now());
    try {
      expect(claimDueMail(other, 'dead-sender', clock, 60_000)).toBeDefined();
      expect(claimDueMail(t!.ctx.db, 'live-sender', clock, 60_000)).toBeUndefined();
      await smtp.restart();
      expect(await t!.mail.sendDue()).toBe(0);
      clock += 60_000;
      expect(await t!.mail.sendDue()).toBe(1);
      expect(smtp.received).toHaveLength(1);
    } finally {
      other.close();
    }
  });
});
