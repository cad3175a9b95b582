/** The night-choosing rules of the enquiry calendar (AVL-10, PRICE-2) and the price text (AVL-11). */
import { describe, expect, it } from 'vitest';
import { minimumStay } from '../../shared/stay-request.js';
import { fromPriceText, minNightsOf } from '../../shared/stay-basics.js';
import { testProperty } from '../../../test/factories.js';
import {
  canCheckIn,
  canCheckOut,
  isSelectable,
  parseAvailability,
  pickDate,
  type StayRules,
} from './stay-dates.js';
import { formatRupees } from '../../shared/money.js';

// Another guest sleeps the nights of 12 and 13 March (checks out on the 14th).
const booked = [{ start: '2026-03-12', end: '2026-03-14' }];
const rules: StayRules = { unavailable: booked, minNights: () => 1, today: '2026-03-10' };

describe('choosing dates', () => {
  it('a booked night cannot start a stay; the other guest’s check-out day can', () => {
    expect(canCheckIn('2026-03-12', rules)).toBe(false);
    expect(canCheckIn('2026-03-13', rules)).toBe(false);
    expect(canCheckIn('2026-03-14', rules)).toBe(true);
    expect(canCheckIn('2026-03-09', rules)).toBe(false);
  });

  it('a stay can end on the day another guest checks in, not later', () => {
    expect(canCheckOut('2026-03-10', '2026-03-12', rules)).toBe(true);
    expect(canCheckOut('2026-03-10', '2026-03-13', rules)).toBe(false);
    expect(canCheckOut('2026-03-10', '2026-03-15', rules)).toBe(false);
  });

  it('enforces the minimum stay, for check-in and check-out', () => {
    const two = { ...rules, minNights: () => 2 };
    expect(canCheckOut('2026-03-14', '2026-03-15', two)).toBe(false);
    expect(canCheckOut('2026-03-14', '2026-03-16', two)).toBe(true);
    // One free night before the booking is too short a stay to start.
    expect(canCheckIn('2026-03-11', two)).toBe(false);
    expect(canCheckIn('2026-03-10', two)).toBe(true);
  });

  it('takes the minimum stay of the check-in night’s season (PRICE-2)', () => {
    const property = testProperty({
      id: 'p',
      nightlyRate: 4000,
      minNights: 1,
      seasons: [
        { name: 'Holi', from: '2026-03-20', to: '2026-03-22', nightlyRate: 6000, minNights: 3 },
      ],
    });
    const seasonal: StayRules = {
      unavailable: [],
      minNights: (checkIn) => minimumStay(property, checkIn).nights,
      today: '2026-03-10',
    };
    expect(canCheckOut('2026-03-19', '2026-03-20', seasonal)).toBe(true);
    expect(canCheckOut('2026-03-20', '2026-03-22', seasonal)).toBe(false);
    expect(canCheckOut('2026-03-20', '2026-03-23', seasonal)).toBe(true);
    // Three nights from the 21st would run into a booking on the 23rd.
    expect(
      canCheckIn('2026-03-21', {
        ...seasonal,
        unavailable: [{ start: '2026-03-23', end: '2026-03-24' }],
      }),
    ).toBe(false);
  });

  it('picks a check-in, then a check-out; an impossible check-out restarts or is ignored', () => {
    const a = pickDate({ checkIn: '', checkOut: '' }, '2026-03-10', rules);
    expect(a).toEqual({ checkIn: '2026-03-10', checkOut: '' });
    expect(isSelectable('2026-03-12', a, rules)).toBe(true);
    expect(isSelectable('2026-03-13', a, rules)).toBe(false);
    const b = pickDate(a, '2026-03-12', rules);
    expect(b).toEqual({ checkIn: '2026-03-10', checkOut: '2026-03-12' });
    // With both chosen, the next pick starts again.
    expect(pickDate(b, '2026-03-14', rules)).toEqual({ checkIn: '2026-03-14', checkOut: '' });
    expect(pickDate(b, '2026-03-13', rules)).toEqual(b);
  });
});

describe('availability answers', () => {
  it('keeps well-formed ranges and refuses what is not an answer', () => {
    expect(
      parseAvailability({
        propertyId: 'x',
        updatedAt: '2026-03-10T00:00:00Z',
        unavailable: [booked[0], { start: '2026-03-20', end: '2026-03-20' }, { start: 3 }],
      }),
    ).toEqual(booked);
    expect(parseAvailability({ error: 'nope' })).toBeNull();
    expect(parseAvailability(null)).toBeNull();
  });
});

describe('price (AVL-11, en-IN)', () => {
  it('writes rupees the Indian way', () => {
    expect(formatRupees(4500)).toBe('₹4,500');
    expect(formatRupees(150000)).toBe('₹1,50,000');
  });

  it('gives the "from" price only with a rate', () => {
    expect(fromPriceText(4500)).toBe('from ₹4,500 / night');
    expect(fromPriceText(undefined)).toBeUndefined();
  });
});

describe('stay fields (AVL-2)', () => {
  it('minNights defaults to 1', () => {
    expect(minNightsOf({})).toBe(1);
    expect(minNightsOf({ minNights: 3 })).toBe(3);
  });
});
