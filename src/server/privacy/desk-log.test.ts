/**
 * PRIV-10, PRIV-11 through real HTTP on loopback (the app listening on 127.0.0.1, `fetch`), a
 * real SQLite file, a real SMTP server and an injected clock: every answer to a guest's request
 * (correct, send-summary, refuse, erase), the opening of a summary link, a breach recorded, the
 * guests told and the Board told are in the access log (`GET /api/access-log`) with the owner's
 * name and the booking's reference, never the guest's data; the Board's two intimations are
 * recorded once each, not before the discovery nor in the future.
 * Needs the build (`node scripts/build.mjs`): bookings are made on a published catalogue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import type { BookingCreated } from '../../shared/bookings.js';
import type { AccessLogEntry } from '../../shared/team.js';
import type { BreachView, PrivacyRequestList } from '../../shared/privacy.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { startSmtpServer, type SmtpServer } from '../../../test/test-smtp-server.js';

/** 3 Mar 2027, 11:00 in India. */
const START = Date.parse('2027-03-03T05:30:00.000Z');

let t: TestApp;
let smtp: SmtpServer;
let base: string;
let clock = START;

const GUEST = {
  name: 'Leocadia Fenwright',
  phone: '+91 98861 40404',
  email: 'leocadia.f@log.test',
};

/** A request to the listening app; `owner` sends the owner's session and same-origin headers. */
async function call(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  opts: { owner?: boolean; form?: boolean } = {},
): Promise<{ status: number; json: () => unknown; text: string }> {
  const { host: _host, ...owner } = t.ownerHeaders;
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(opts.owner ? owner : { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }),
      ...(body === undefined
        ? {}
        : {
            'content-type': opts.form ? 'application/x-www-form-urlencoded' : 'application/json',
          }),
    },
    ...(body === undefined
      ? {}
      : {
          body: opts.form
            ? new URLSearchParams(body as Record<string, string>).toString()
            : JSON.stringify(body),
        }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as unknown };
}

async function log(): Promise<AccessLogEntry[]> {
  const res = await call('GET', '/api/access-log', undefined, { owner: true });
  expect(res.status, res.text).toBe(200);
  return (res.json() as { entries: AccessLogEntry[] }).entries;
}

let bookingPath = '';
let reference = '';

/** Asks from the booking page (its token proves the address): the request's id. */
async function ask(kind: string, message: string): Promise<string> {
  const res = await call('POST', `${bookingPath}/privacy`, { kind, message });
  expect(res.status, res.text).toBe(201);
  return (res.json() as { id: string }).id;
}

async function answer(id: string, body: unknown) {
  return call('POST', `/api/privacy/requests/${id}/answer`, body, { owner: true });
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
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
  const res = await call('POST', '/api/bookings', {
    propertyId: 'stay-1',
    checkIn: addDays(today(clock), 9),
    checkOut: addDays(today(clock), 11),
    guests: 2,
    ...GUEST,
    message: 'Arriving by bus',
  });
  expect(res.status, res.text).toBe(201);
  const created = res.json() as BookingCreated;
  bookingPath = new URL(created.url).pathname;
  reference = (
    t.ctx.db.prepare('SELECT reference FROM bookings WHERE id = ?').get(created.id) as {
      reference: string;
    }
  ).reference;
});
afterAll(async () => {
  await t?.cleanup();
  await smtp?.close();
});

describe('PRIV-10: each answer to a guest’s request is in the access log', () => {
  it('a correction: the owner’s name, the booking’s reference, the action; the booking corrected; no guest data in the log', async () => {
    const id = await ask('correction', 'My surname is spelt Fenwright-Rao');
    const before = await log();
    const res = await answer(id, {
      action: 'correct',
      message: 'Done.',
      corrections: { name: 'Leocadia Fenwright-Rao' },
    });
    expect(res.status, res.text).toBe(200);
    const entries = await log();
    expect(entries.length).toBe(before.length + 1);
    expect(entries[0]).toEqual({
      at: new Date(clock).toISOString(),
      username: t.owner,
      action: 'privacy request answered: guest’s contact details corrected',
      bookingReference: reference,
    });
    const name = t.ctx.db.prepare('SELECT name FROM bookings WHERE reference = ?').get(reference);
    expect(name).toEqual({ name: 'Leocadia Fenwright-Rao' });
    const all = JSON.stringify(entries);
    for (const personal of [GUEST.name, 'Fenwright-Rao', GUEST.email, '98861'])
      expect(all).not.toContain(personal);
  });

  it('a correction with nothing to correct is refused naming corrections, and logs nothing', async () => {
    const id = await ask('correction', 'Phone changed');
    const before = (await log()).length;
    const res = await answer(id, { action: 'correct', message: '', corrections: {} });
    expect(res.status).toBe(400);
    expect((res.json() as { field: string }).field).toBe('corrections');
    expect((await log()).length).toBe(before);
    const ok = await answer(id, {
      action: 'correct',
      message: '',
      corrections: { phone: '+91 98861 50505' },
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it('a summary sent, then its link opened by the guest: both logged, the opening under the guest’s link', async () => {
    clock += 60_000;
    const id = await ask('access', '');
    const res = await answer(id, { action: 'send-summary', message: '' });
    expect(res.status, res.text).toBe(200);
    const until = Date.now() + 10_000;
    let link: string | undefined;
    while (!link && Date.now() < until) {
      const mail = smtp.received.find(
        (m) => m.to.includes(GUEST.email) && m.body.includes('/privacy/summary/'),
      );
      link = mail?.body.match(/\/privacy\/summary\/[A-Za-z0-9_-]{22}/)?.[0];
      if (!link) await new Promise((r) => setTimeout(r, 20));
    }
    expect(link).toBeDefined();
    clock += 60_000;
    const page = await call('GET', link!);
    expect(page.status).toBe(200);
    const [opened, sent] = await log();
    expect(sent).toMatchObject({
      username: t.owner,
      action: 'privacy request answered: summary of the guest’s data sent',
      bookingReference: reference,
    });
    expect(opened).toEqual({
      at: new Date(clock).toISOString(),
      username: 'guest (summary link)',
      action: 'summary of the guest’s data opened by its link',
      bookingReference: reference,
    });
  });

  it('a refusal, and an erasure', async () => {
    const refused = await ask('nomination', 'My brother');
    expect((await answer(refused, { action: 'refuse', message: 'Write to us first' })).status).toBe(
      200,
    );
    expect((await log())[0]).toMatchObject({
      action: 'privacy request refused',
      bookingReference: reference,
    });
    const erased = await ask('erasure', '');
    expect((await answer(erased, { action: 'erase', message: '' })).status).toBe(200);
    expect((await log())[0]).toMatchObject({
      username: t.owner,
      action: 'privacy request answered: guest’s data erased',
      bookingReference: reference,
    });
    const list = (
      await call('GET', '/api/privacy/requests', undefined, { owner: true })
    ).json() as PrivacyRequestList;
    expect(list.requests.every((r) => r.status !== 'open')).toBe(true);
  });
});

describe('PRIV-11: the breach record', () => {
  let breach: BreachView;

  it('records what was affected; the record, the Board told and the guests told are logged', async () => {
    clock += 3_600_000;
    const res = await call(
      'POST',
      '/api/privacy/breaches',
      {
        discoveredAt: new Date(clock - 2 * 3_600_000).toISOString(),
        description: 'A phone with the owner’s session was lost in Chikmagalur market',
        dataAffected: 'names, phones and e-mails of one booking',
        measures: 'Session ended, password changed',
        affected: [reference],
      },
      { owner: true },
    );
    expect(res.status, res.text).toBe(201);
    breach = res.json() as BreachView;
    expect(breach.dataAffected).toBe('names, phones and e-mails of one booking');
    expect(breach.boardReportDueAt).toBe(new Date(clock + 70 * 3_600_000).toISOString());
    expect(breach.boardReport).toContain(
      'Personal data affected: names, phones and e-mails of one booking',
    );
    expect(breach.boardReport).toContain(
      'First intimation to the Board (rule 7(2)(a)): not recorded yet',
    );
    expect((await log())[0]).toMatchObject({
      username: t.owner,
      action: 'personal data breach recorded',
      bookingReference: reference,
    });

    const first = await call(
      'POST',
      `/api/privacy/breaches/${breach.id}/board-told`,
      { stage: 'first', at: new Date(clock - 30 * 60_000).toISOString() },
      { owner: true },
    );
    expect(first.status, first.text).toBe(200);
    expect((first.json() as BreachView).boardIntimatedAt).toBe(
      new Date(clock - 30 * 60_000).toISOString(),
    );
    expect((first.json() as BreachView).boardReport).toMatch(
      /First intimation to the Board \(rule 7\(2\)\(a\)\): \d{1,2} Mar 2027/,
    );
    expect((await log())[0]).toMatchObject({
      action: 'personal data breach: Board told (DPDP Rules 2025 rule 7(2)(a))',
    });
    const again = await call(
      'POST',
      `/api/privacy/breaches/${breach.id}/board-told`,
      { stage: 'first', at: new Date(clock).toISOString() },
      { owner: true },
    );
    expect(again.status).toBe(409);
  });

  it('the Board told before the discovery or in the future is refused naming at; a stage unknown naming stage', async () => {
    for (const at of [
      new Date(Date.parse(breach.discoveredAt) - 60_000).toISOString(),
      new Date(clock + 3_600_000).toISOString(),
      'yesterday',
    ]) {
      const res = await call(
        'POST',
        `/api/privacy/breaches/${breach.id}/board-told`,
        { stage: 'report', at },
        { owner: true },
      );
      expect(res.status, at).toBe(400);
      expect((res.json() as { field: string }).field).toBe('at');
    }
    const stage = await call(
      'POST',
      `/api/privacy/breaches/${breach.id}/board-told`,
      { stage: 'later', at: new Date(clock).toISOString() },
      { owner: true },
    );
    expect(stage.status).toBe(400);
    expect((stage.json() as { field: string }).field).toBe('stage');
    const none = await call(
      'POST',
      '/api/privacy/breaches/nope/board-told',
      { stage: 'report', at: new Date(clock).toISOString() },
      { owner: true },
    );
    expect(none.status).toBe(404);
  });

  it('the report to the Board and the guests told are recorded and logged; a guest cannot record', async () => {
    const report = await call(
      'POST',
      `/api/privacy/breaches/${breach.id}/board-told`,
      { stage: 'report', at: new Date(clock).toISOString() },
      { owner: true },
    );
    expect(report.status, report.text).toBe(200);
    expect((report.json() as BreachView).boardReportedAt).toBe(new Date(clock).toISOString());
    const told = await call(
      'POST',
      `/api/privacy/breaches/${breach.id}/tell-guests`,
      {},
      { owner: true },
    );
    expect(told.status, told.text).toBe(200);
    const [guests, board] = await log();
    expect(board).toMatchObject({
      action: 'personal data breach: report sent to the Board (DPDP Rules 2025 rule 7(2)(b))',
    });
    expect(guests).toMatchObject({
      username: t.owner,
      action: 'personal data breach: affected guests told (DPDP Rules 2025 rule 7(1))',
    });
    const guest = await call('POST', `/api/privacy/breaches/${breach.id}/board-told`, {
      stage: 'report',
      at: new Date(clock).toISOString(),
    });
    expect(guest.status).toBe(401);
  });
});
