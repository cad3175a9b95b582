/**
 * Messages to the guest through the real app (real SQLite file, the catalogue imported and
 * published), a real SMTP server and a moved clock (MSG-1..MSG-7): a message goes once at its time
 * in India across UTC midnight, once across a restart between its enqueueing and its sending, to a
 * late booking within a minute, never to a cancelled booking; a date change moves it; a missing
 * Wi-Fi password holds it with the problem in the inbox until it is set; a guest without e-mail
 * gets it on WhatsApp with Kannada and emoji intact; the rules' and private fields' refusals; the
 * shipped rules; the preview and the test mail; and the Wi-Fi password in no published file,
 * public answer, revision or log line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import type { BookingCreated } from '../../shared/bookings.js';
import type { MessageRule, WaitingMessages } from '../../shared/messages.js';
import { testCatalogue } from '../../../test/factories.js';
import { listFiles, makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { startSmtpServer, type SmtpServer } from '../../../test/test-smtp-server.js';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig } from '../config.js';

let t: TestApp | undefined;
let second: BuiltApp | undefined;
let smtp: SmtpServer | undefined;
let clock = Date.now();
let log = '';
afterEach(async () => {
  await second?.app.close();
  await t?.cleanup();
  await smtp?.close().catch(() => undefined);
  t = undefined;
  second = undefined;
  smtp = undefined;
});

const OWNER_MAIL = 'owner@stays.test';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WIFI_PASSWORD = 'Chai-and-Coffee-77';
const day = (n: number) => addDays(today(clock), n);
/** The instant of a wall-clock time in India. */
const ist = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);

function env() {
  return {
    CALENDAR_SYNC_MINUTES: '0',
    NOTIFY_EMAIL: OWNER_MAIL,
    SMTP_URL: smtp!.url(),
    MAIL_FROM: 'bookings@stays.test',
    CONTACT_PHONE: '+91 94480 12345',
  };
}

async function start() {
  // 09:00 in India today: the stays below start days later, whatever the hour the test runs.
  clock = Date.parse(`${today()}T03:30:00Z`);
  log = '';
  smtp = await startSmtpServer();
  const logStream = new PassThrough();
  logStream.on('data', (c: Buffer) => (log += c.toString('utf8')));
  t = await makeTestApp(env(), { clock: () => clock, logStream });
  const catalogue = testCatalogue({
    propertyList: [
      {
        nightlyRate: 4000,
        advancePercent: 25,
        maxGuests: 4,
        checkInTime: '14:00',
        checkOutTime: '11:00',
      },
      { nightlyRate: 3000, advancePercent: 25, maxGuests: 4 },
    ],
  });
  await t.publishCatalogue(catalogue);
  const res = await owner('PUT', '/api/properties/stay-1/private', {
    wifiName: 'CoffeeView',
    wifiPassword: WIFI_PASSWORD,
    arrivalInstructions: 'Take the left fork after the temple; the gate code is 4321.',
  });
  expect(res.statusCode, res.body).toBe(200);
}

function owner(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, app = t!.app) {
  return app.inject({
    method,
    url,
    headers: {
      ...t!.ownerHeaders,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** One rule, on, for every property; `over` changes it. */
function rule(over: Partial<MessageRule> = {}): MessageRule {
  return {
    id: 'pre-arrival',
    name: 'Before arrival',
    enabled: true,
    trigger: 'before-check-in',
    days: 2,
    time: '10:00',
    propertyIds: [],
    skipLate: false,
    subject: 'Your stay at {{property_name}}',
    body: 'Dear {{guest_first_name}},\n\n{{arrival_instructions}}\n\nYour booking: {{booking_page_url}}',
    ...over,
  };
}

async function saveRules(...rules: MessageRule[]) {
  const res = await owner('PUT', '/api/messages', { rules });
  expect(res.statusCode, res.body).toBe(200);
}

let ip = 0;
/** A request for nights `from`..`from + 3` days ahead at `property`, accepted and paid: its id. */
async function confirmedBooking(from: number, opts: { property?: string; email?: boolean } = {}) {
  const res = await t!.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: `10.3.0.${(ip += 1)}`,
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    payload: JSON.stringify({
      propertyId: opts.property ?? 'stay-1',
      checkIn: day(from),
      checkOut: day(from + 3),
      guests: 2,
      name: 'Asha Rao',
      phone: '+91 98450 12345',
      ...(opts.email === false ? {} : { email: 'asha@guest.test' }),
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as BookingCreated;
  for (const action of ['accept', 'paid']) {
    const r = await owner('POST', `/api/bookings/${id}/${action}`, {});
    expect(r.statusCode, r.body).toBe(200);
  }
  await settled();
  return id;
}

/** Waits (at most 10 s) until every mail enqueued so far has been tried. */
async function settled(db = t!.ctx.db) {
  const untried = () =>
    (db.prepare('SELECT COUNT(*) AS n FROM mail_outbox WHERE attempts = 0').get() as { n: number })
      .n;
  const until = Date.now() + 10_000;
  while (untried() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  expect(untried()).toBe(0);
}

/** The messages the guest received (not the booking mails). */
const guestMessages = () =>
  smtp!.received.filter(
    (m) => m.to.includes('asha@guest.test') && m.subject.startsWith('Your stay at'),
  );

function dueOf(bookingId: string, ruleId = 'pre-arrival') {
  return t!.ctx.db
    .prepare('SELECT due_at, state FROM scheduled_messages WHERE booking_id = ? AND rule_id = ?')
    .get(bookingId, ruleId) as { due_at: number; state: string } | undefined;
}

describe('sending (MSG-4)', () => {
  it('sends once at its time in India, across UTC midnight, with a booking page link that opens', async () => {
    await start();
    // 00:30 in India is 19:00 UTC the day before: the day counted is India's.
    await saveRules(rule({ time: '00:30' }));
    const id = await confirmedBooking(10);
    const due = ist(day(8), '00:30');
    expect(new Date(due).toISOString()).toBe(`${day(7)}T19:00:00.000Z`);
    expect(dueOf(id)).toEqual({ due_at: due, state: 'scheduled' });

    clock = due - MINUTE;
    // Days later the owner's session has ended (SESS-3, TIME-5): they log in again.
    t!.logIn();
    expect(t!.messages.run().sent).toBe(0);
    clock = due;
    t!.logIn();
    expect(t!.messages.run().sent).toBe(1);
    await settled();
    clock = due + 2 * DAY;
    t!.logIn();
    expect(t!.messages.run().sent).toBe(0);
    await settled();
    const sent = guestMessages();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Your stay at Coffee View Suite');
    expect(sent[0]!.body).toContain('Dear Asha,');
    expect(sent[0]!.body).toContain('gate code is 4321');
    const link = /http:\/\/localhost(\/booking\/\S+)/.exec(sent[0]!.body)![1]!;
    const page = await t!.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    // A sent row keeps no text.
    expect(
      t!.ctx.db
        .prepare('SELECT whatsapp_text FROM scheduled_messages WHERE booking_id = ?')
        .get(id),
    ).toEqual({ whatsapp_text: null });
  });

  it('sends once across a restart between enqueueing and sending', async () => {
    await start();
    await saveRules(rule());
    const id = await confirmedBooking(10);
    await smtp!.stop();
    clock = dueOf(id)!.due_at;
    t!.logIn();
    expect(t!.messages.run().sent).toBe(1);
    await settled();
    expect(guestMessages()).toHaveLength(0);
    await t!.app.close();

    await smtp!.restart();
    clock += 2 * MINUTE;
    const config = loadConfig({ DATA_DIR: t!.dataDir, SITE_URL: 'http://localhost', ...env() });
    second = await buildApp(config, { clock: () => clock });
    await second.app.ready();
    // Until the restarted server has recorded the message sent, not only until the SMTP server
    // has it: the day the test's clock jumps below would end a lease still held by a send under
    // way, and a second sendDue would rightly take the message again (MAIL-1's one repeat case).
    const sentRows = () =>
      second!.ctx.db
        .prepare(
          "SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'guest-message' AND sent_at IS NOT NULL",
        )
        .get() as { n: number };
    const until = Date.now() + 10_000;
    while ((guestMessages().length === 0 || sentRows().n === 0) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    expect(second.messages.run().sent).toBe(0);
    await second.mail.sendDue();
    clock += DAY;
    expect(second.messages.run().sent).toBe(0);
    await second.mail.sendDue();
    // Whatever else the outbox held went too; the message itself once.
    expect(guestMessages()).toHaveLength(1);
    expect(
      second.ctx.db
        .prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'guest-message'")
        .get(),
    ).toEqual({ n: 1 });
  });

  it('sends a late booking its message within a minute, unless the rule skips late bookings', async () => {
    await start();
    await saveRules(
      rule(),
      rule({ id: 'skip', name: 'Skipped', skipLate: true, subject: 'Your stay at (skip)' }),
    );
    // Check-in tomorrow: "two days before, 10:00" has passed.
    const confirmedAt = clock;
    const id = await confirmedBooking(1);
    expect(dueOf(id)).toEqual({ due_at: confirmedAt, state: 'scheduled' });
    expect(dueOf(id, 'skip')?.state).toBe('skipped');
    clock += MINUTE;
    expect(t!.messages.run().sent).toBe(1);
    await settled();
    expect(guestMessages().map((m) => m.subject)).toEqual(['Your stay at Coffee View Suite']);
  });

  it('sends a cancelled booking nothing', async () => {
    await start();
    await saveRules(rule());
    const id = await confirmedBooking(10);
    const due = dueOf(id)!.due_at;
    const res = await owner('POST', `/api/bookings/${id}/cancel`, { refundPaise: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(dueOf(id)).toBeUndefined();
    clock = due + MINUTE;
    t!.logIn();
    expect(t!.messages.run().sent).toBe(0);
    await settled();
    expect(guestMessages()).toHaveLength(0);
  });

  it('moves the message when the stay’s dates change', async () => {
    await start();
    await saveRules(rule());
    const id = await confirmedBooking(10);
    const before = dueOf(id)!.due_at;
    expect(before).toBe(ist(day(8), '10:00'));
    // The bookings have no date change yet: the row is changed as one would change it.
    t!.ctx.db
      .prepare('UPDATE bookings SET check_in = ?, check_out = ? WHERE id = ?')
      .run(day(15), day(17), id);
    const after = ist(day(13), '10:00');
    clock = before;
    t!.logIn();
    expect(t!.messages.run().sent).toBe(0);
    expect(dueOf(id)).toEqual({ due_at: after, state: 'scheduled' });
    clock = after;
    t!.logIn();
    expect(t!.messages.run().sent).toBe(1);
    await settled();
    expect(guestMessages()).toHaveLength(1);
  });

  it('holds a message whose Wi-Fi password is not set, says so in the inbox, and sends it once set', async () => {
    await start();
    await saveRules(
      rule({
        id: 'check-in-day',
        name: 'Check-in day',
        trigger: 'check-in-day',
        time: '08:00',
        subject: 'Your stay at {{property_name}}: Wi-Fi',
        body: 'Wi-Fi {{wifi_name}}, password {{wifi_password}}.',
      }),
    );
    const id = await confirmedBooking(10, { property: 'stay-2' });
    const checkInDay = ist(day(10), '08:00');
    clock = checkInDay;
    t!.logIn();
    expect(t!.messages.run()).toEqual({ sent: 0, held: 1, whatsapp: 0 });
    // Held again at the next run: not counted (logged) again.
    expect(t!.messages.run()).toEqual({ sent: 0, held: 0, whatsapp: 0 });
    const waiting = (await owner('GET', '/api/messages/waiting')).json() as WaitingMessages;
    expect(waiting.messages).toHaveLength(1);
    expect(waiting.messages[0]).toMatchObject({
      bookingId: id,
      state: 'held',
      guestName: 'Asha Rao',
      // The service keeps it in ms; the answer is ISO 8601, as before (SHAPE-7).
      dueAt: new Date(checkInDay).toISOString(),
    });
    expect(waiting.messages[0]!.problem).toContain(
      'the Wi-Fi name, the Wi-Fi password are not set',
    );
    await settled();
    expect(guestMessages()).toHaveLength(0);

    const res = await owner('PUT', '/api/properties/stay-2/private', {
      wifiName: 'HillTop',
      wifiPassword: 'Misty-Morning-9',
    });
    expect(res.statusCode).toBe(200);
    clock += MINUTE;
    expect(t!.messages.run().sent).toBe(1);
    await settled();
    expect(guestMessages()[0]!.body).toContain('Wi-Fi HillTop, password Misty-Morning-9.');
    expect(
      ((await owner('GET', '/api/messages/waiting')).json() as WaitingMessages).messages,
    ).toEqual([]);
  });

  it('leaves a guest without e-mail a WhatsApp link whose text round-trips Kannada and emoji', async () => {
    await start();
    const body = 'ನಮಸ್ಕಾರ {{guest_first_name}} 🙏 ಚಿಕ್ಕಮಗಳೂರಿಗೆ ಸ್ವಾಗತ! & ? # = +';
    await saveRules(rule({ body }));
    const id = await confirmedBooking(10, { email: false });
    clock = ist(day(8), '10:00');
    t!.logIn();
    expect(t!.messages.run()).toEqual({ sent: 0, held: 0, whatsapp: 1 });
    const [waiting] = ((await owner('GET', '/api/messages/waiting')).json() as WaitingMessages)
      .messages;
    const url = new URL(waiting!.whatsappUrl!);
    expect(url.origin).toBe('https://wa.me');
    expect(url.pathname).toBe('/919845012345');
    expect(url.searchParams.get('text')).toBe(
      'Your stay at Coffee View Suite\n\nನಮಸ್ಕಾರ Asha 🙏 ಚಿಕ್ಕಮಗಳೂರಿಗೆ ಸ್ವಾಗತ! & ? # = +',
    );
    const sent = await owner('POST', `/api/messages/waiting/${id}/pre-arrival/sent`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(dueOf(id)?.state).toBe('sent');
    const again = await owner('POST', `/api/messages/waiting/${id}/pre-arrival/sent`, {});
    expect(again.statusCode).toBe(404);
    clock += DAY;
    t!.logIn();
    expect(t!.messages.run()).toEqual({ sent: 0, held: 0, whatsapp: 0 });
  });

  it('gives up a message still waiting two weeks after its time, its text dropped', async () => {
    await start();
    await saveRules(rule());
    const id = await confirmedBooking(10, { email: false });
    clock = ist(day(8), '10:00');
    t!.logIn();
    expect(t!.messages.run().whatsapp).toBe(1);
    clock += 13 * DAY;
    t!.logIn();
    t!.messages.run();
    expect(dueOf(id)?.state).toBe('whatsapp');
    clock += 2 * DAY;
    t!.logIn();
    t!.messages.run();
    expect(
      t!.ctx.db
        .prepare('SELECT state, whatsapp_text FROM scheduled_messages WHERE booking_id = ?')
        .get(id),
    ).toEqual({ state: 'skipped', whatsapp_text: null });
    const waiting = (await owner('GET', '/api/messages/waiting')).json() as WaitingMessages;
    expect(waiting.messages).toEqual([]);
  });

  it('mails past guests nothing when a rule is turned on after its time', async () => {
    await start();
    const id = await confirmedBooking(1);
    await saveRules(rule());
    expect(dueOf(id)?.state).toBe('skipped');
    clock += MINUTE;
    expect(t!.messages.run().sent).toBe(0);
  });
});

describe('the owner’s calls (MSG-1..MSG-3, MSG-7)', () => {
  it('ships four rules, all off', async () => {
    await start();
    const { rules } = (await owner('GET', '/api/messages')).json() as { rules: MessageRule[] };
    expect(rules.map((r) => [r.id, r.enabled, r.trigger, r.time])).toEqual([
      ['pre-arrival', false, 'before-check-in', '10:00'],
      ['check-in-day', false, 'check-in-day', '08:00'],
      ['check-out-reminder', false, 'before-check-out', '19:00'],
      ['after-stay', false, 'after-check-out', '11:00'],
    ]);
    expect(rules.find((r) => r.id === 'after-stay')!.body).toContain('{{review_url}}');
  });

  it('refuses bad rules with 400 naming the field, and keeps the rules saved before', async () => {
    await start();
    await saveRules(rule());
    const cases: [unknown, string, string][] = [
      [
        { rules: [rule(), rule({ id: 'x', body: 'Hi {{guest_name}}' })] },
        'rules.1.body',
        '“guest_name” in double braces',
      ],
      [
        { rules: [rule({ subject: 'At {{ wifi }}' })] },
        'rules.0.subject',
        '“wifi” in double braces',
      ],
      [{ rules: [rule({ time: '24:00' })] }, 'rules.0.time', 'HH:MM'],
      [{ rules: [rule({ days: 61 })] }, 'rules.0.days', ''],
      [{ rules: [rule({ trigger: 'never' as 'confirmed' })] }, 'rules.0.trigger', ''],
      [{ rules: [rule({ body: '   ' })] }, 'rules.0.body', 'empty'],
      [{ rules: [rule(), rule()] }, 'rules.1.id', 'same id'],
      [{ rules: [rule({ propertyIds: ['nowhere'] })] }, 'rules.0.propertyIds.0', 'no published'],
      [{ rules: [{ ...rule(), extra: 1 }] }, 'rules.0.extra', ''],
      [{}, 'rules', ''],
    ];
    for (const [body, field, words] of cases) {
      const res = await owner('PUT', '/api/messages', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ field });
      expect((res.json() as { error: string }).error, field).toContain(words);
    }
    const { rules } = (await owner('GET', '/api/messages')).json() as { rules: MessageRule[] };
    expect(rules).toEqual([rule()]);
    const anon = await t!.app.inject({ method: 'GET', url: '/api/messages' });
    expect(anon.statusCode).toBe(401);
  });

  it('keeps the private fields to the owner and refuses bad ones', async () => {
    await start();
    const noSession = await t!.app.inject({ method: 'GET', url: '/api/properties/stay-1/private' });
    expect(noSession.statusCode).toBe(401);
    const anon = await t!.app.inject({
      method: 'PUT',
      url: '/api/properties/stay-1/private',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      payload: '{"wifiPassword":"x"}',
    });
    expect(anon.statusCode).toBe(401);
    const got = await owner('GET', '/api/properties/stay-1/private');
    expect(got.headers['cache-control']).toBe('no-store');
    expect(got.json()).toEqual({
      wifiName: 'CoffeeView',
      wifiPassword: WIFI_PASSWORD,
      arrivalInstructions: 'Take the left fork after the temple; the gate code is 4321.',
    });
    const long = await owner('PUT', '/api/properties/stay-1/private', {
      wifiPassword: 'x'.repeat(101),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'wifiPassword' });
    const unknown = await owner('PUT', '/api/properties/nowhere/private', { wifiName: 'x' });
    expect(unknown.statusCode).toBe(404);
    const extra = await owner('PUT', '/api/properties/stay-1/private', { wifi: 'x' });
    expect(extra.json()).toMatchObject({ field: 'wifi' });
    // Still as saved: a refusal loses nothing.
    expect((await owner('GET', '/api/properties/stay-1/private')).json()).toMatchObject({
      wifiPassword: WIFI_PASSWORD,
    });
    const cleared = await owner('PUT', '/api/properties/stay-1/private', { wifiName: 'Only' });
    expect(cleared.json()).toEqual({ wifiName: 'Only' });
  });

  it('previews a rule for a booking and mails a test to NOTIFY_EMAIL', async () => {
    await start();
    const id = await confirmedBooking(10, { property: 'stay-2' });
    const edited = {
      subject: 'Welcome, {{guest_first_name}}',
      body: 'Ref {{reference}}, {{nights}} nights from {{check_in_date}}. Wi-Fi {{wifi_password}}. {{review_url}}',
    };
    const res = await owner('POST', '/api/messages/preview', { rule: edited, bookingId: id });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as { subject: string; body: string; missing: string[] };
    expect(preview.subject).toBe('Welcome, Asha');
    expect(preview.body).toMatch(
      /^Ref STY-\w{4}, 3 nights from .+\. Wi-Fi \{\{wifi_password\}\}\. http:\/\/localhost\/booking\/\w+\/•••••\/review$/,
    );
    expect(preview.missing).toEqual(['wifi_password']);
    const bad = await owner('POST', '/api/messages/preview', {
      rule: { ...edited, body: '{{nope}}' },
      bookingId: id,
    });
    expect(bad.json()).toMatchObject({ field: 'rule.body' });
    const none = await owner('POST', '/api/messages/preview', { rule: edited, bookingId: 'x' });
    expect(none.statusCode).toBe(404);

    const test = await owner('POST', '/api/messages/test', { rule: edited, bookingId: id });
    expect(test.json()).toEqual({ to: OWNER_MAIL });
    await settled();
    const mail = smtp!.received.find((m) => m.subject === '[Test] Welcome, Asha');
    expect(mail?.to).toEqual([OWNER_MAIL]);
  });

  it('keeps the Wi-Fi password out of published files, public answers, revisions and the log', async () => {
    await start();
    await saveRules(rule({ body: 'Wi-Fi password {{wifi_password}}' }));
    const id = await confirmedBooking(10);
    expect((await owner('POST', '/api/generate', {})).statusCode).toBe(200);
    clock = ist(day(8), '10:00');
    t!.logIn();
    expect(t!.messages.run().sent).toBe(1);
    await settled();
    expect(guestMessages()[0]!.body).toContain(WIFI_PASSWORD);

    const site = path.join(t!.dataDir, 'site');
    const files = listFiles(site);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = fs.readFileSync(path.join(site, file), 'latin1');
      expect(text.includes(WIFI_PASSWORD), file).toBe(false);
    }
    for (const url of [
      '/',
      '/stay/stay-1',
      '/api/availability/stay-1',
      `/api/quote/stay-1?checkIn=${day(20)}&checkOut=${day(22)}&guests=2`,
    ]) {
      const res = await t!.app.inject({ method: 'GET', url });
      expect(res.body.includes(WIFI_PASSWORD), url).toBe(false);
    }
    const link = /http:\/\/localhost(\/booking\/\S+)/.exec(
      smtp!.received.find(
        (m) => m.to.includes('asha@guest.test') && m.subject.startsWith('Confirmed'),
      )!.body,
    )?.[1];
    if (link) {
      const page = await t!.app.inject({ method: 'GET', url: link });
      expect(page.body).not.toContain(WIFI_PASSWORD);
    }
    const revisions = t!.ctx.db.prepare('SELECT json FROM revisions').all() as { json: string }[];
    for (const r of revisions) expect(r.json).not.toContain(WIFI_PASSWORD);
    const rules = await owner('GET', '/api/messages');
    expect(rules.body).not.toContain(WIFI_PASSWORD);
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(WIFI_PASSWORD);
    expect(log).not.toContain('gate code');
    expect(dueOf(id)?.state).toBe('sent');
  });
});
