import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  nightlyRevenue,
  reportRange,
  stayFigures,
  yearEarlier,
  type FigureStay,
} from './figures.js';
import { formatMonth } from './calendar-dates.js';

/** An instant from an Asia/Kolkata wall time "YYYY-MM-DDTHH:MM". */
const ist = (wall: string) => Date.parse(`${wall}:00+05:30`);

/**
 * The hand-worked fixture (FIG-1..FIG-7): two apartments, March and April 2027 (61 nights each,
 * across the financial year's end on 31 March). Every answer below was worked out by hand.
 */
const stays: FigureStay[] = [
  // D1: direct on A across the month's and the financial year's end, 5 % off (₹500 shared
  // 150/150/200 over ₹3,000, ₹3,000, ₹4,000): ₹2,850 + ₹2,850 + ₹3,800. Lead 1 Feb → 30 Mar = 57 days.
  {
    propertyId: 'a',
    channel: 'direct',
    kind: 'stay',
    checkIn: '2027-03-30',
    checkOut: '2027-04-02',
    events: [
      { at: ist('2027-02-01T10:00'), type: 'requested' },
      { at: ist('2027-02-01T12:00'), type: 'accepted' },
      { at: ist('2027-02-02T09:00'), type: 'paid' },
    ],
    priced: {
      nights: [
        { date: '2027-03-30', amountPaise: 300_000 },
        { date: '2027-03-31', amountPaise: 300_000 },
        { date: '2027-04-01', amountPaise: 400_000 },
      ],
      discountPaise: 50_000,
    },
  },
  // D2: direct on A, paid 6 Mar, cancelled 20 Mar: booked as of 15 Mar, not now.
  {
    propertyId: 'a',
    channel: 'direct',
    kind: 'stay',
    checkIn: '2027-04-10',
    checkOut: '2027-04-12',
    events: [
      { at: ist('2027-03-05T10:00'), type: 'requested' },
      { at: ist('2027-03-05T11:00'), type: 'accepted' },
      { at: ist('2027-03-06T11:00'), type: 'paid' },
      { at: ist('2027-03-20T11:00'), type: 'cancelled' },
    ],
    priced: {
      nights: [
        { date: '2027-04-10', amountPaise: 200_000 },
        { date: '2027-04-11', amountPaise: 200_000 },
      ],
      discountPaise: 0,
    },
  },
  // D3: a declined request on B.
  {
    propertyId: 'b',
    channel: 'direct',
    kind: 'stay',
    checkIn: '2027-03-20',
    checkOut: '2027-03-22',
    events: [
      { at: ist('2027-03-10T08:00'), type: 'requested' },
      { at: ist('2027-03-10T09:00'), type: 'declined' },
    ],
  },
  // H1: accepted on A, advance not yet paid: held, not booked.
  {
    propertyId: 'a',
    channel: 'direct',
    kind: 'stay',
    checkIn: '2027-04-15',
    checkOut: '2027-04-17',
    events: [
      { at: ist('2027-04-05T08:00'), type: 'requested' },
      { at: ist('2027-04-05T09:00'), type: 'accepted' },
    ],
  },
  // C1: an Airbnb reservation on B, first seen 1 Apr (lead at least 19 days).
  {
    propertyId: 'b',
    channel: 'airbnb',
    kind: 'stay',
    checkIn: '2027-04-20',
    checkOut: '2027-04-25',
    events: [{ at: ist('2027-04-01T06:00'), type: 'seen' }],
  },
  // C2: Airbnb "Not available" on B right after it.
  {
    propertyId: 'b',
    channel: 'airbnb',
    kind: 'block',
    checkIn: '2027-04-25',
    checkOut: '2027-04-28',
    events: [{ at: ist('2027-04-01T06:00'), type: 'seen' }],
  },
  // O1: the owner's block over two empty nights of A.
  {
    propertyId: 'a',
    channel: 'direct',
    kind: 'block',
    checkIn: '2027-03-10',
    checkOut: '2027-03-12',
    events: [{ at: ist('2027-03-01T07:00'), type: 'blocked' }],
  },
  // C3: a Booking.com reservation overlapping D1 on A: 31 Mar and 1 Apr count once, as direct;
  // 2 Apr is Booking.com's. Lead 25 → 31 Mar = 6 days.
  {
    propertyId: 'a',
    channel: 'booking',
    kind: 'stay',
    checkIn: '2027-03-31',
    checkOut: '2027-04-03',
    events: [{ at: ist('2027-03-25T06:00'), type: 'seen' }],
  },
  // G1: an Airbnb reservation that its feed dropped: gone, never booked now.
  {
    propertyId: 'b',
    channel: 'airbnb',
    kind: 'stay',
    checkIn: '2027-03-05',
    checkOut: '2027-03-08',
    events: [
      { at: ist('2027-02-20T06:00'), type: 'seen' },
      { at: ist('2027-02-25T06:00'), type: 'gone' },
    ],
  },
];

describe('the owner figures (FIG-1..FIG-7)', () => {
  it('counts every figure of the hand-worked fixture as the events now say', () => {
    const f = stayFigures(stays, ['a', 'b'], '2027-03-01', '2027-05-01');
    expect(f.nights).toEqual({
      available: 122,
      blocked: 5,
      booked: 9,
      bookedDirect: 3,
      bookedChannel: 6,
      held: 2,
    });
    expect(f.occupancy).toBe(0.0769);
    expect(f.occupancyAllNights).toBe(0.0738);
    expect(f.roomRevenuePaise).toBe(950_000);
    expect(f.adrPaise).toBe(316_667);
    expect(f.revparPaise).toBe(8_120);
    expect(f.byChannel).toEqual([
      { channel: 'direct', nights: 3, stays: 1, blocked: 2 },
      { channel: 'airbnb', nights: 5, stays: 1, blocked: 3 },
      { channel: 'booking', nights: 1, stays: 1, blocked: 0 },
      { channel: 'other', nights: 0, stays: 0, blocked: 0 },
    ]);
    expect(f.stays).toEqual({ count: 3, averageNights: 3.67 });
    expect(f.leadTimeDays).toEqual({
      median: 19,
      mean: 27.33,
      buckets: { '0-7': 1, '8-30': 1, '31-90': 1, '91+': 0 },
    });
    expect(f.requests).toEqual({
      received: 3,
      accepted: 2,
      declined: 1,
      expired: 0,
      withdrawn: 0,
      cancelled: 1,
    });
    expect(f.byMonth).toEqual([
      {
        month: '2027-03',
        nights: 2,
        occupancy: 0.0333,
        occupancyAllNights: 0.0323,
        roomRevenuePaise: 570_000,
        adrPaise: 285_000,
        revparPaise: 9_500,
      },
      {
        month: '2027-04',
        nights: 7,
        occupancy: 0.1228,
        occupancyAllNights: 0.1167,
        roomRevenuePaise: 380_000,
        adrPaise: 380_000,
        revparPaise: 6_667,
      },
    ]);
  });

  it('reads the books as they stood at the end of a day (asOf), before the cancellation', () => {
    const f = stayFigures(stays, ['a', 'b'], '2027-03-01', '2027-05-01', '2027-03-15');
    expect(f.nights).toEqual({
      available: 122,
      blocked: 2,
      booked: 5,
      bookedDirect: 5,
      bookedChannel: 0,
      held: 0,
    });
    expect(f.occupancy).toBe(0.0417);
    expect(f.occupancyAllNights).toBe(0.041);
    expect(f.roomRevenuePaise).toBe(1_350_000);
    expect(f.adrPaise).toBe(270_000);
    expect(f.revparPaise).toBe(11_250);
    expect(f.stays).toEqual({ count: 2, averageNights: 2.5 });
    expect(f.leadTimeDays.median).toBe(46.5);
    expect(f.requests).toMatchObject({ received: 2, accepted: 1, declined: 1, cancelled: 0 });
  });

  it('after the cancellation day, asOf agrees with now', () => {
    const asOf = stayFigures(stays, ['a', 'b'], '2027-03-01', '2027-05-01', '2027-04-30');
    const now = stayFigures(stays, ['a', 'b'], '2027-03-01', '2027-05-01');
    expect(asOf).toEqual(now);
  });

  it('an asOf day ends at midnight in Asia/Kolkata, not UTC', () => {
    const late: FigureStay = {
      propertyId: 'a',
      channel: 'airbnb',
      kind: 'stay',
      checkIn: '2027-06-10',
      checkOut: '2027-06-11',
      // 23:50 IST on 1 June is 18:20 UTC the same day; 00:10 IST on 2 June is 18:40 UTC 1 June.
      events: [{ at: ist('2027-06-02T00:10'), type: 'seen' }],
    };
    expect(stayFigures([late], ['a'], '2027-06-01', '2027-07-01', '2027-06-01').nights.booked).toBe(
      0,
    );
    expect(stayFigures([late], ['a'], '2027-06-01', '2027-07-01', '2027-06-02').nights.booked).toBe(
      1,
    );
  });

  it('one property only counts its own nights', () => {
    const f = stayFigures(stays, ['b'], '2027-04-01', '2027-05-01');
    expect(f.nights).toMatchObject({ available: 30, booked: 5, blocked: 3, bookedDirect: 0 });
    expect(f.adrPaise).toBeNull();
  });

  it('a stay across a month end splits its revenue to the paisa (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 31 }),
        fc.integer({ min: 0, max: 100 }),
        (amounts, percent) => {
          const subtotal = amounts.reduce((a, b) => a + b, 0);
          const discountPaise = Math.floor((subtotal * percent) / 100);
          const nights = amounts.map((amountPaise, i) => ({
            date: `2027-01-${String(i + 1).padStart(2, '0')}`,
            amountPaise,
          }));
          const per = nightlyRevenue({ nights, discountPaise });
          const total = [...per.values()].reduce((a, b) => a + b, 0);
          expect(total).toBe(subtotal - discountPaise);
          for (const v of per.values()) expect(Number.isInteger(v)).toBe(true);
        },
      ),
    );
  });
});

describe('report ranges (FIG-9)', () => {
  it('gives each preset on a day, the financial year from 1 April', () => {
    expect(reportRange('this-month', '2026-12-11')).toEqual({
      from: '2026-12-01',
      to: '2027-01-01',
    });
    expect(reportRange('last-month', '2027-01-05')).toEqual({
      from: '2026-12-01',
      to: '2027-01-01',
    });
    expect(reportRange('month-to-date', '2026-12-11')).toEqual({
      from: '2026-12-01',
      to: '2026-12-12',
    });
    expect(reportRange('year-to-date', '2027-03-31')).toEqual({
      from: '2026-04-01',
      to: '2027-04-01',
    });
    expect(reportRange('year-to-date', '2027-04-01')).toEqual({
      from: '2027-04-01',
      to: '2027-04-02',
    });
  });

  it('compares with the same days a year earlier; 29 February becomes 1 March', () => {
    expect(yearEarlier('2026-12-11')).toBe('2025-12-11');
    expect(yearEarlier('2028-02-29')).toBe('2027-03-01');
    expect(formatMonth('2026-11')).toBe('Nov 2026');
  });
});
