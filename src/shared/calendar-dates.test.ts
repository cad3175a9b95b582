/** The one calendar-date module (AVL-6, AVL-10): night names, weekdays, ranges, Asia/Kolkata today. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateOf,
  formatDate,
  formatDay,
  formatMonth,
  readDay,
  isCalendarDate,
  isNightUnavailable,
  mergeRanges,
  nights,
  nightsOf,
  stayOverlaps,
  today,
  weekday,
} from './calendar-dates.js';

// Another guest sleeps the nights of 12 and 13 March (checks out on the 14th).
const booked = [{ start: '2026-03-12', end: '2026-03-14' }];

describe('dates', () => {
  it('validates real YYYY-MM-DD dates only', () => {
    expect(isCalendarDate('2099-02-29')).toBe(false);
    expect(isCalendarDate('2096-02-29')).toBe(true);
    expect(isCalendarDate('2099-1-2')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate(' 2026-01-01')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(dateOf(2026, 13, 1)).toBe('2027-01-01');
  });

  it('counts nights and lists them, check-in side, check-out day excluded', () => {
    expect(nights('2026-03-12', '2026-03-15')).toBe(3);
    expect(nights('2026-03-28', '2026-04-02')).toBe(5);
    expect(nights('', '2026-04-02')).toBe(0);
    expect(nightsOf('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
    ]);
    expect(nightsOf('2026-03-12', '2026-03-12')).toEqual([]);
    expect(nightsOf('2026-03-12', '2026-03-10')).toEqual([]);
  });

  it('names weekdays (0 Sunday … 6 Saturday) and formats dates the same everywhere', () => {
    expect(weekday('2026-01-02')).toBe(5); // a Friday
    expect(weekday('2026-01-03')).toBe(6);
    expect(weekday('2026-01-04')).toBe(0);
    expect(() => weekday('2026-02-30')).toThrow(RangeError);
    expect(formatDate('2026-01-05')).toBe('Mon 5 Jan 2026');
    expect(formatDate('2028-02-29')).toBe('Tue 29 Feb 2028');
    expect(formatDate('soon')).toBe('soon');
  });

  it('agrees with itself: a stay of n nights lists n nights, each a day after the one before', () => {
    const day = fc.integer({ min: 0, max: 20_000 }).map((n) => addDays('2000-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 400 }), (checkIn, n) => {
        const checkOut = addDays(checkIn, n);
        const list = nightsOf(checkIn, checkOut);
        expect(nights(checkIn, checkOut)).toBe(n);
        expect(list).toHaveLength(n);
        list.forEach((night, i) => {
          expect(isCalendarDate(night)).toBe(true);
          if (i > 0) expect(addDays(list[i - 1]!, 1)).toBe(night);
        });
      }),
    );
  });
});

describe('Asia/Kolkata', () => {
  it("names today there, whatever the machine zone (an instant's day is instants.ts's propertyDate)", () => {
    expect(today(Date.UTC(2099, 0, 1, 18, 29))).toBe('2099-01-01');
    expect(today(Date.UTC(2099, 0, 1, 19, 0))).toBe('2099-01-02');
  });
});

describe('ranges of nights (end exclusive)', () => {
  it('takes the first night, not the check-out day', () => {
    expect(isNightUnavailable('2026-03-11', booked)).toBe(false);
    expect(isNightUnavailable('2026-03-12', booked)).toBe(true);
    expect(isNightUnavailable('2026-03-13', booked)).toBe(true);
    expect(isNightUnavailable('2026-03-14', booked)).toBe(false);
  });

  it('a stay overlaps only when it sleeps a taken night', () => {
    expect(stayOverlaps('2026-03-10', '2026-03-12', booked)).toBe(false);
    expect(stayOverlaps('2026-03-14', '2026-03-16', booked)).toBe(false);
    expect(stayOverlaps('2026-03-11', '2026-03-13', booked)).toBe(true);
    expect(stayOverlaps('2026-03-10', '2026-03-20', booked)).toBe(true);
  });

  it('merges touching and overlapping ranges from a day on', () => {
    expect(
      mergeRanges(
        [
          { start: '2026-03-12', end: '2026-03-14' },
          { start: '2026-03-01', end: '2026-03-05' },
          { start: '2026-03-14', end: '2026-03-16' },
          { start: '2026-03-15', end: '2026-03-15' },
        ],
        '2026-03-03',
      ),
    ).toEqual([
      { start: '2026-03-03', end: '2026-03-05' },
      { start: '2026-03-12', end: '2026-03-16' },
    ]);
  });
});

describe('DAY-7, DAY-8: days and months in the words India reads', () => {
  it('shows a day as "11 Dec 2026" and a month as "Nov 2026"', () => {
    expect(formatDay('2026-12-11')).toBe('11 Dec 2026');
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('soon')).toBe('soon');
  });
  it('reads a day typed day first, in words or ISO, and refuses a day that does not exist', () => {
    for (const text of [
      '11 Dec 2026',
      '11 December 2026',
      'Fri 11 Dec 2026',
      '11/12/2026',
      '11-12-2026',
      '11.12.2026',
      '2026-12-11',
      ' 11  dec 2026 ',
    ])
      expect(readDay(text), text).toBe('2026-12-11');
    for (const text of ['31/02/2026', '12/31/2026', 'Dec 11 2026', '', '11 Foo 2026'])
      expect(readDay(text), text).toBeUndefined();
  });
  it('reads back every day it shows (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), (n) => {
        const day = addDays('2000-01-01', n);
        expect(readDay(formatDay(day))).toBe(day);
      }),
    );
  });
});
