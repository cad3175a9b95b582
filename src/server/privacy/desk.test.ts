/**
 * PRIV-4..PRIV-7 through the real app, a real SQLite file and a real SMTP server on loopback:
 * a request for an unknown address answers 202 and sends nothing; the one-time link opens the
 * request once; `dueAt` across the IST day boundary; a summary is sent and read; an erasure
 * answer leaves no byte of the guest's name, phone or e-mail in the database file or its WAL
 * (another guest's are still found: the search could fail); the breach mail goes once to each
 * affected guest only.
 * Needs the build (`node scripts/build.mjs`): bookings are made on a published catalogue.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import { propertyDate } from '../../shared/instants.js';
import type { BookingCreated } from '../../shared/bookings.js';
import type { BreachList, BreachView, PrivacyRequestList } from '../../shared/privacy.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { startSmtpServer, type SmtpServer } from '../../../test/test-smtp-server.js';

/** 10 Dec 2026, 23:45 in India (18:15 UTC): the IST day ends 15 minutes later. */
const START = Date.parse('2026-12-10T18:15:00.000Z');

let t: TestApp;
let smtp: SmtpServer;
let clock = START;

interface Guest {
  name: string;
  phone: string;
  digits: string;
  email: string;
}
const ASKER: Guest = {
  name: 'Ottoline Brancusi',
  phone: '+91 98450 67123',
  digits: '9845067123',
  email: 'ottoline.b@erase.test',
};
const OTHER: Guest = {
  name: 'Perpetua Okwuosa',
  phone: '+91 97311 22334',
  digits: '9731122334',
  email: 'perpetua.o@stays-other.test',
};
const THIRD: Guest = {
  name: 'Quillon Marsh',
  phone: '+91 99001 12233',
  digits: '9900112233',
  email: 'quillon.m@stays-third.test',
};

const booked = new Map<string, { id: string; url: string; reference: string }>();

function post(
  url: string,
  body: unknown,
  opts: { owner?: boolean; ip?: string; form?: boolean } = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    headers: {
      ...(opts.owner ? t.ownerHeaders : { origin: 'http://localhost' }),
      'content-type': opts.form ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    payload: opts.form
      ? new URLSearchParams(body as Record<string, string>).toString()
      : JSON.stringify(body),
  });
}

async function book(g: Guest, from: number, ip: string): Promise<void> {
  const res = await post(
    '/api/bookings',
    {
      propertyId: 'stay-1',
      checkIn: addDays(today(clock), from),
      checkOut: addDays(today(clock), from + 2),
      guests: 2,
      name: g.name,
      phone: g.phone,
      email: g.email,
      message: `Arriving late, ${g.name.split(' ')[0]}`,
    },
    { ip },
  );
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as BookingCreated;
  const reference = (
    t.ctx.db.prepare('SELECT reference FROM bookings WHERE id = ?').get(created.id) as {
      reference: string;
    }
  ).reference;
  booked.set(g.email, { id: created.id, url: created.url, reference });
}

async function mailTo(email: string, count: number): Promise<typeof smtp.received> {
  const until = Date.now() + 10_000;
  const of = () => smtp.received.filter((m) => m.to.includes(email));
  while (of().length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return of();
}

/** The first mail to `email` whose subject holds `subject`, waited for. */
async function mailWith(email: string, subject: string) {
  const until = Date.now() + 10_000;
  const find = () => smtp.received.find((m) => m.to.includes(email) && m.subject.includes(subject));
  while (!find() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return find()!;
}

function traces(g: Guest): string[] {
  return [g.name, g.name.split(' ')[1]!, g.digits, g.email];
}
function found(g: Guest): string[] {
  const db = path.join(t.dataDir, 'stays.sqlite3');
  const bytes = Buffer.concat([
    fs.readFileSync(db),
    fs.existsSync(`${db}-wal`) ? fs.readFileSync(`${db}-wal`) : Buffer.alloc(0),
  ]);
  return traces(g).filter((s) => bytes.includes(Buffer.from(s, 'utf8')));
}

async function requests(): Promise<PrivacyRequestList> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/privacy/requests',
    headers: t.ownerHeaders,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PrivacyRequestList;
}

async function breaches(): Promise<BreachView[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/privacy/breaches',
    headers: t.ownerHeaders,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as BreachList).breaches;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await makeTestApp(
    {
      CALENDAR_SYNC_MINUTES: '0',
      SMTP_URL: smtp.url(),
      MAIL_FROM: 'bookings@stays.test',
      NOTIFY_EMAIL: 'owner@stays.test',
      PRIVACY_CONTACT: 'privacy@stays.test',
    },
    { clock: () => clock },
  );
  await t.publishCatalogue(testCatalogue({ propertyList: [{ nightlyRate: 5000 }] }));
  await book(ASKER, 5, '10.0.0.1');
  await book(OTHER, 20, '10.0.0.2');
  await book(THIRD, 40, '10.0.0.3');
  await mailTo(THIRD.email, 1);
});
afterAll(async () => {
  await t?.cleanup();
  await smtp?.close();
});

describe('PRIV-4: asking', () => {
  it('an unknown address gets 202 and nothing is stored or sent', async () => {
    const before = smtp.received.length;
    const res = await post(
      '/api/privacy/requests',
      { kind: 'access', email: 'nobody@unknown.test' },
      { ip: '10.1.0.1' },
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'received' });
    const form = await post(
      '/api/privacy/requests',
      { kind: 'erasure', email: 'nobody@unknown.test' },
      { ip: '10.1.0.1', form: true },
    );
    expect(form.statusCode).toBe(202);
    expect(form.headers['content-type']).toMatch(/text\/html/);
    expect(t.ctx.db.prepare('SELECT COUNT(*) AS n FROM privacy_requests').get()).toEqual({ n: 0 });
    t.mail.poke();
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before);
    expect(
      t.ctx.db.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE kind LIKE '%privacy%'").get(),
    ).toEqual({ n: 0 });
  });

  it('a known address gets the same 202 and a one-time link that opens the request once; dueAt is opened + PRIVACY_ANSWER_DAYS across the IST day boundary', async () => {
    const res = await post(
      '/api/privacy/requests',
      { kind: 'access', email: OTHER.email.toUpperCase(), message: 'What do you hold?' },
      { ip: '10.1.0.2', form: true },
    );
    expect(res.statusCode).toBe(202);
    // The link goes to the address as the booking holds it.
    const link = (await mailTo(OTHER.email, 2)).find((m) =>
      m.subject.includes('Open your privacy request'),
    );
    const url = /http:\/\/localhost(\/privacy\/open\/[A-Za-z0-9_-]{22})/.exec(link!.body)?.[1];
    expect(url, link!.body).toBeDefined();
    expect((await requests()).requests).toEqual([]);

    clock = Date.parse('2026-12-10T18:45:00.000Z'); // 11 Dec, 00:15 in India
    const opened = await t.app.inject({ method: 'GET', url: url! });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.body).toContain('We answer by 10 Jan 2027, 00:15 (India time)');
    const again = await t.app.inject({ method: 'GET', url: url! });
    expect(again.statusCode).toBe(410);

    const [request] = (await requests()).requests;
    expect(request).toMatchObject({
      kind: 'access',
      status: 'open',
      message: 'What do you hold?',
      receivedAt: '2026-12-10T18:45:00.000Z',
      dueAt: '2027-01-09T18:45:00.000Z',
      bookingReferences: [booked.get(OTHER.email)!.reference],
    });
    // The IST day of receipt is 11 Dec, of the due instant 9 Jan 00:15: 30 days later.
    expect(propertyDate(request!.receivedAt)).toBe('2026-12-11');
    expect(propertyDate(request!.dueAt)).toBe('2027-01-10');
  });

  it('a link works for 48 hours to the minute, and opens nothing after (PRIV-14)', async () => {
    for (const ip of ['10.1.0.3', '10.1.0.4'])
      await post('/api/privacy/requests', { kind: 'grievance', email: THIRD.email }, { ip });
    const links = () =>
      smtp.received
        .filter(
          (m) => m.to.includes(THIRD.email) && m.subject.includes('Open your privacy request'),
        )
        .map((m) => /http:\/\/localhost(\/privacy\/open\/[A-Za-z0-9_-]{22})/.exec(m.body)![1]!);
    const until = Date.now() + 10_000;
    while (links().length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    const [first, second] = links();
    expect(second).toBeDefined();
    clock += 48 * 60 * 60 * 1000 - 60_000;
    expect((await t.app.inject({ method: 'GET', url: first! })).statusCode).toBe(200);
    clock += 60_000;
    expect((await t.app.inject({ method: 'GET', url: second! })).statusCode).toBe(410);
    t.logIn();
  });
});

describe('PRIV-4, PRIV-6: answering', () => {
  it('send-summary mails a link to a page and a JSON of everything held', async () => {
    const [request] = (await requests()).requests;
    const res = await post(
      `/api/privacy/requests/${request!.id}/answer`,
      { action: 'send-summary', message: 'Here it is.' },
      { owner: true },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request.status).toBe('answered');
    const answer = await mailWith(OTHER.email, 'Your request about your data');
    expect(answer.body).toContain('privacy@stays.test');
    const url = /http:\/\/localhost(\/privacy\/summary\/[A-Za-z0-9_-]{22})/.exec(answer.body)![1]!;
    const json = await t.app.inject({ method: 'GET', url: `${url}/data.json` });
    expect(json.statusCode).toBe(200);
    const data = json.json();
    expect(data.bookings[0].reference).toBe(booked.get(OTHER.email)!.reference);
    expect(data.bookings[0].name).toBe(OTHER.name);
    expect(data.sharedWith.length).toBeGreaterThan(0);
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(OTHER.name);
    const twice = await post(
      `/api/privacy/requests/${request!.id}/answer`,
      { action: 'refuse', message: 'x' },
      { owner: true },
    );
    expect(twice.statusCode).toBe(409);
  });

  it('the summary’s links work for 7 days to the minute, then answer 404 and the summary is swept (PRIV-14)', async () => {
    const sentAt = clock;
    const answer = await mailWith(OTHER.email, 'Your request about your data');
    const url = /http:\/\/localhost(\/privacy\/summary\/[A-Za-z0-9_-]{22})/.exec(answer.body)![1]!;
    const status = async (u: string) => (await t.app.inject({ method: 'GET', url: u })).statusCode;
    clock = sentAt + 7 * 86_400_000 - 60_000;
    expect([await status(url), await status(`${url}/data.json`)]).toEqual([200, 200]);
    clock = sentAt + 7 * 86_400_000;
    expect([await status(url), await status(`${url}/data.json`)]).toEqual([404, 404]);
    const held = () => t.ctx.db.prepare('SELECT count(*) AS n FROM privacy_summaries').get();
    expect(held()).toEqual({ n: 1 });
    expect(await t.runner.runNow('privacy-sweep')).toBe(true);
    expect(held()).toEqual({ n: 0 });
    clock = sentAt;
    t.logIn();
  });

  it('refuse needs a reason', async () => {
    const b = booked.get(THIRD.email)!;
    const path = new URL(b.url).pathname;
    const asked = await post(`${path}/privacy`, { kind: 'nomination', message: 'My sister' }, {});
    expect(asked.statusCode, asked.body).toBe(201);
    const { id } = asked.json() as { id: string };
    const res = await post(
      `/api/privacy/requests/${id}/answer`,
      { action: 'refuse', message: ' ' },
      { owner: true },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('message');
  });

  it('an erasure from the booking page leaves no byte of the name, phone or e-mail in the database or its WAL', async () => {
    await mailTo(ASKER.email, 1);
    expect(found(ASKER)).toEqual(traces(ASKER));
    const b = booked.get(ASKER.email)!;
    const asked = await post(
      `${new URL(b.url).pathname}/privacy`,
      { kind: 'erasure' },
      { form: true },
    );
    expect(asked.statusCode).toBe(201);
    expect(asked.body).toContain('Your request is open');
    const request = (await requests()).requests.find((r) => r.kind === 'erasure')!;
    expect(request.status).toBe('open');
    const res = await post(
      `/api/privacy/requests/${request.id}/answer`,
      { action: 'erase', message: 'Done as you asked.' },
      { owner: true },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { kept } = res.json() as { kept: { what: string }[] };
    // No GST document, register entry or payment: only the answer's own address, until sent.
    expect(kept.map((k) => k.what)).toEqual(['your e-mail address on this answer']);
    const answer = await mailWith(ASKER.email, 'Your request about your data');
    expect(answer.body).toContain('We have erased');
    expect(answer.body).toContain('privacy@stays.test');
    // Once delivered, the desk's sweep removes the sent mail and with it the address.
    const until = Date.now() + 5000;
    while (
      t.ctx.db
        .prepare(
          "SELECT 1 FROM mail_outbox WHERE kind = 'guest-privacy-answer' AND sent_at IS NULL",
        )
        .get() &&
      Date.now() < until
    )
      await new Promise((r) => setTimeout(r, 20));
    t.privacy.sweep();
    t.bookings.settleErasure();
    expect(found(ASKER)).toEqual([]);
    expect(found(OTHER)).toEqual(traces(OTHER));
    const row = t.ctx.db
      .prepare('SELECT name, email, erased_at FROM bookings WHERE id = ?')
      .get(b.id) as Record<string, unknown>;
    expect(row).toMatchObject({ name: null, email: null });
  });
});

describe('PRIV-7: a breach', () => {
  it('takes "all" or a list of booking references, each once; anything else is 400 naming affected (or its item) and records nothing (PRIV-15)', async () => {
    const base = {
      discoveredAt: new Date(clock - 60 * 60 * 1000).toISOString(),
      description: 'A test of the form.',
      measures: 'None needed.',
    };
    const count = async () => (await breaches()).length;
    const before = await count();
    for (const affected of [
      undefined,
      'ALL',
      'some',
      [],
      [''],
      ['x'.repeat(41)],
      [7],
      'STY-7K3M',
      ['STY-ZZZZ'],
    ]) {
      const res = await post('/api/privacy/breaches', { ...base, affected }, { owner: true });
      expect(res.statusCode, JSON.stringify(affected)).toBe(400);
      // The field, or the item of it at fault ("affected.0").
      expect((res.json() as { field: string }).field, JSON.stringify(affected)).toMatch(
        /^affected(\.\d+)?$/,
      );
    }
    const extra = await post(
      '/api/privacy/breaches',
      { ...base, affected: 'all', affectedGuests: 3 },
      { owner: true },
    );
    expect(extra.json()).toMatchObject({ field: 'affectedGuests' });
    expect(await count()).toBe(before);
    const ref = booked.get(OTHER.email)!.reference;
    const twice = await post(
      '/api/privacy/breaches',
      { ...base, affected: [ref, ` ${ref} `] },
      { owner: true },
    );
    expect(twice.statusCode, twice.body).toBe(201);
    expect(twice.json()).toMatchObject({ affected: [ref], affectedGuests: 1 });
  });

  it('is due at the Board 72 hours after discovery; its mail goes once to each affected guest only', async () => {
    const refs = [booked.get(OTHER.email)!.reference, booked.get(THIRD.email)!.reference];
    const discoveredAt = new Date(clock - 2 * 60 * 60 * 1000).toISOString();
    const res = await post(
      '/api/privacy/breaches',
      {
        discoveredAt,
        description: 'A laptop with an export was stolen.',
        measures: 'Passwords changed; the export was encrypted.',
        affected: refs,
      },
      { owner: true },
    );
    expect(res.statusCode, res.body).toBe(201);
    const breach = res.json() as BreachView;
    expect(breach.boardReportDueAt).toBe(
      new Date(Date.parse(discoveredAt) + 72 * 60 * 60 * 1000).toISOString(),
    );
    expect(breach.affectedGuests).toBe(2);
    expect(breach.boardReport).toContain('rule 7(2)(b)');
    const before = {
      other: (await mailTo(OTHER.email, 0)).length,
      third: (await mailTo(THIRD.email, 0)).length,
      all: smtp.received.length,
    };
    const told = await post(`/api/privacy/breaches/${breach.id}/tell-guests`, {}, { owner: true });
    expect(told.statusCode, told.body).toBe(200);
    expect((await mailTo(OTHER.email, before.other + 1)).length).toBe(before.other + 1);
    expect((await mailTo(THIRD.email, before.third + 1)).length).toBe(before.third + 1);
    const again = await post(`/api/privacy/breaches/${breach.id}/tell-guests`, {}, { owner: true });
    expect(again.statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before.all + 2);
    const breachMails = smtp.received.filter((m) => m.subject.includes('security of your data'));
    expect(breachMails.flatMap((m) => m.to).sort()).toEqual([OTHER.email, THIRD.email].sort());
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/privacy/breaches/${breach.id}/board-report.txt`,
      headers: t.ownerHeaders,
    });
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain('sent');
    const listed = await breaches();
    expect(listed.find((b) => b.id === breach.id)!.guestsToldAt).toBeDefined();
  });

  it("reads the owner's time at the route, its offset kept across India's midnight; a time without an offset is refused naming the field and records nothing (SHAPE-8)", async () => {
    const before = (await breaches()).length;
    const body = {
      description: 'A phone with the guest list was lost.',
      measures: 'The phone was wiped remotely.',
      affected: [booked.get(OTHER.email)!.reference],
    };
    // Without an offset the text names no instant (the server machine's zone would choose one).
    for (const discoveredAt of ['2026-12-10T00:10:00', '2026-12-10', 'yesterday']) {
      const res = await post('/api/privacy/breaches', { ...body, discoveredAt }, { owner: true });
      expect(res.statusCode, discoveredAt).toBe(400);
      expect(res.json(), discoveredAt).toMatchObject({ field: 'discoveredAt' });
    }
    expect(await breaches()).toHaveLength(before);

    // 00:10 on 10 Dec in India is still 9 Dec in UTC: the instant, its day and the Board's
    // 72 hours are India's, the answer's text ISO 8601 in UTC as always.
    const res = await post(
      '/api/privacy/breaches',
      { ...body, discoveredAt: '2026-12-10T00:10:00+05:30' },
      { owner: true },
    );
    expect(res.statusCode, res.body).toBe(201);
    const breach = res.json() as BreachView;
    expect(breach.discoveredAt).toBe('2026-12-09T18:40:00.000Z');
    expect(propertyDate(breach.discoveredAt)).toBe('2026-12-10');
    expect(breach.boardReportDueAt).toBe('2026-12-12T18:40:00.000Z');
    expect(breach.boardReport).toContain(
      'Discovered: 10 Dec 2026, 00:10 (India time); report due by 13 Dec 2026, 00:10',
    );
    const told = `/api/privacy/breaches/${breach.id}/board-told`;
    const local = await post(told, { stage: 'first', at: '2026-12-10T00:20:00' }, { owner: true });
    expect(local.statusCode).toBe(400);
    expect(local.json()).toMatchObject({ field: 'at' });
    const first = await post(
      told,
      { stage: 'first', at: '2026-12-10T00:20+05:30' },
      { owner: true },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as BreachView).boardIntimatedAt).toBe('2026-12-09T18:50:00.000Z');
  });

  it('the owner routes need the owner', async () => {
    for (const url of ['/api/privacy/requests', '/api/privacy/breaches']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
