/**
 * Today (DAY-10) through the real app (a real SQLite file, the catalogue published: run
 * `node scripts/build.mjs` first): a request with its hours left, a direct arrival tomorrow with its
 * advance waiting, a channel guest leaving today, each with its action; the owner's session only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import type { TodayAnswer } from '../../shared/today.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { replaceCalendar, saveSyncSuccess } from '../calendar/store.js';

let t: TestApp;
let clock = Date.now();
afterEach(async () => {
  await t?.cleanup();
});
const day = (n: number) => addDays(today(clock), n);

let ip = 0;
async function request(checkIn: string, checkOut: string, name: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: `10.0.3.${(ip += 1)}`,
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    payload: JSON.stringify({
      propertyId: 'stay-1',
      checkIn,
      checkOut,
      guests: 2,
      name,
      phone: '094480 11111',
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

describe('DAY-10: Today', () => {
  it('lists requests with hours left, arrivals with their advance, and channel departures, each with its action', async () => {
    clock = Date.now();
    t = await makeTestApp({ CALENDAR_SYNC_MINUTES: '0' }, { clock: () => clock });
    await t.publishCatalogue(
      testCatalogue({
        propertyList: [{ nightlyRate: 4500, minNights: 1, maxGuests: 4, advancePercent: 30 }],
      }),
    );
    const [feedId] = replaceCalendar(
      t.ctx.db,
      'stay-1',
      [{ label: 'Airbnb', url: 'https://airbnb.test/cal.ics' }],
      [],
      clock,
    );
    saveSyncSuccess(
      t.ctx.db,
      feedId!,
      'https://airbnb.test/cal.ics',
      [{ uid: 'a', start: day(-2), end: day(0) }],
      new Date(),
    );
    const arriving = await request(day(1), day(3), 'Asha Rao');
    await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${arriving}/accept`,
      headers: { ...t.ownerHeaders, 'content-type': 'application/json' },
      payload: '{}',
    });
    const waiting = await request(day(10), day(12), 'Ravi Kumar');

    expect((await t.app.inject({ method: 'GET', url: '/api/today' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/today', headers: t.ownerHeaders });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as TodayAnswer;
    expect(answer.today).toBe(day(0));
    const kinds = answer.rows.map((r) => [r.kind, r.day, r.action.to]);
    expect(kinds).toEqual([
      ['request', undefined, 'booking'],
      ['arrival', 'tomorrow', 'booking'],
      ['departure', 'today', 'calendar'],
      ['advance', undefined, 'booking'],
    ]);
    const req = answer.rows[0]!;
    expect(req.text).toContain('Ravi Kumar');
    expect(req.detail).toMatch(/4[78] h left to answer/);
    expect(req.action).toMatchObject({ bookingId: waiting });
    expect(answer.rows[1]!.text).toContain('Asha Rao');
    expect(answer.rows[2]).toMatchObject({
      channel: 'Airbnb',
      text: 'Airbnb guest · Coffee View Suite',
    });
    expect(answer.rows[3]!.detail).toMatch(/^Advance ₹[\d,]+ not received yet$/);
  });
});
