/**
 * A booking taken by phone or at the door (DAY-12) through the real app (real SQLite file): read by
 * the stay request's contract (STAY-1) as a guest's is, stored accepted by the owner's account with
 * no request mail, on the month grid's `/api/stays` with the guest's name (DAY-11); refused without
 * a session, for a phone that is not one and for nights another stay holds. Mail is on (a real
 * SMTP server on loopback), so that what is not enqueued is known not to be.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import type { BookingTaken } from '../../shared/bookings.js';
import type { BookingEventsAnswer, StaysAnswer } from '../../shared/ledger.js';
import type { Property } from '../../shared/site-data.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { startSmtpServer, type SmtpServer } from '../../../test/test-smtp-server.js';

let t: TestApp | undefined;
let smtp: SmtpServer | undefined;
afterEach(async () => {
  await t?.cleanup();
  await smtp?.close();
  t = smtp = undefined;
});

const rates: Partial<Property> = {
  nightlyRate: 4500,
  minNights: 1,
  maxGuests: 4,
  advancePercent: 30,
};
const day = (n: number) => addDays(today(), n);

async function start() {
  smtp = await startSmtpServer();
  t = await makeTestApp({
    CALENDAR_SYNC_MINUTES: '0',
    SMTP_URL: smtp.url(),
    MAIL_FROM: 'bookings@stays.test',
    NOTIFY_EMAIL: 'owner@stays.test',
  });
  await t.publishCatalogue(testCatalogue({ propertyList: [rates] }));
  return t;
}

function post(url: string, body: unknown, owner = true) {
  return t!.app.inject({
    method: 'POST',
    url,
    headers: {
      ...(owner ? t!.ownerHeaders : { origin: 'http://localhost' }),
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });
}

const asked = (over: Record<string, unknown> = {}) => ({
  propertyId: 'stay-1',
  checkIn: day(20),
  checkOut: day(23),
  guests: 2,
  name: 'Meera Shetty',
  phone: '094480 22222',
  ...over,
});

const mailKinds = () =>
  (t!.ctx.db.prepare('SELECT kind FROM mail_outbox ORDER BY id').all() as { kind: string }[]).map(
    (r) => r.kind,
  );

describe('POST /api/bookings/taken', () => {
  it('stores the stay accepted, by the owner, priced by the quote, without request mails', async () => {
    await start();
    const res = await post('/api/bookings/taken', asked());
    expect(res.statusCode, res.body).toBe(201);
    const taken = res.json() as BookingTaken;
    expect(taken).toMatchObject({ status: 'accepted', reference: expect.stringMatching(/^STY-/) });
    expect(taken.url).toMatch(new RegExp(`/booking/${taken.id}/`));

    const booking = t!.bookings.get(taken.id)!;
    expect(booking).toMatchObject({ status: 'accepted', phone: '+919448022222', guests: 2 });
    // 3 nights at ₹4,500, the advance 30 % of it: the quote a guest would be given.
    expect(booking.quote?.totalPaise).toBe(3 * 450_000);
    expect(booking.quote?.advancePaise).toBe(405_000);

    const events = await t!.app.inject({
      method: 'GET',
      url: `/api/bookings/${taken.id}/events`,
      headers: t!.ownerHeaders,
    });
    expect((events.json() as BookingEventsAnswer).events.map((e) => [e.kind, e.actor])).toEqual([
      ['requested', t!.owner],
      ['accepted', t!.owner],
    ]);
    // Neither "a request came in" to the owner nor "we received your request" to the guest.
    expect(mailKinds()).not.toContain('owner-request');
    expect(mailKinds()).not.toContain('guest-received');

    const stays = await t!.app.inject({
      method: 'GET',
      url: `/api/stays?from=${day(0)}&to=${day(40)}`,
      headers: t!.ownerHeaders,
    });
    expect((stays.json() as StaysAnswer).stays).toContainEqual(
      expect.objectContaining({
        bookingId: taken.id,
        status: 'accepted',
        guest: 'Meera Shetty',
        checkIn: day(20),
        checkOut: day(23),
      }),
    );
  });

  it('mails the accepted guest who gave an e-mail, as any accepted request', async () => {
    await start();
    const res = await post('/api/bookings/taken', asked({ email: 'meera@example.com' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(mailKinds()).toEqual(['guest-accepted']);
  });

  it('is refused without an owner session, for a phone that is not one, for nights held', async () => {
    await start();
    expect((await post('/api/bookings/taken', asked(), false)).statusCode).toBe(401);

    const phone = await post('/api/bookings/taken', asked({ phone: '12' }));
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toMatchObject({ field: 'phone' });

    const past = await post('/api/bookings/taken', asked({ checkIn: day(-1) }));
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ field: 'checkIn' });

    expect((await post('/api/bookings/taken', asked())).statusCode).toBe(201);
    const again = await post('/api/bookings/taken', asked({ checkIn: day(22), checkOut: day(24) }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'checkIn' });
    // Nothing of the refused ones is stored.
    expect(t!.bookings.list('all')).toHaveLength(1);
  });
});
