/**
 * The quote (PRICE-3..PRICE-7): each rule, their combinations, the rounding, and properties that
 * hold for any rates and stay (fast-check). 2026-03-02 is a Monday; 2026-10-01 a Thursday.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, nights as nightCount } from './calendar-dates.js';
import type { Season } from './property-fields.js';
import {
  GST,
  fromRates,
  lowestRate,
  nightRate,
  quoteStay,
  type PricedProperty,
  type QuoteContext,
} from './quote.js';
import { minimumStay } from './stay-request.js';
import { formatPaise } from './money.js';

const TODAY = '2026-01-01';
const context: QuoteContext = { settings: {}, today: TODAY };
const withGst: QuoteContext = { settings: { gstin: '29ABCDE1234F1ZW' }, today: TODAY };
const base: PricedProperty = { id: 'stay-1', nightlyRate: 4500, weekendRate: 5500 };
const newYear: Season = {
  name: 'New Year',
  from: '12-20',
  to: '01-05',
  nightlyRate: 9000,
  minNights: 3,
};
const dasara: Season = { name: 'Dasara', from: '10-01', to: '10-12', nightlyRate: 8000 };

const quote = (
  property: Partial<PricedProperty>,
  checkIn: string,
  checkOut: string,
  guests = 2,
  ctx = context,
) => quoteStay({ ...base, ...property }, { checkIn, checkOut, guests }, ctx);
const labels = (q: ReturnType<typeof quote>) => q.lines.map((l) => [l.label, l.amountPaise]);

describe('formatPaise', () => {
  it('writes rupees the Indian way, paise only when there are some', () => {
    expect(formatPaise(450_000)).toBe('₹4,500');
    expect(formatPaise(15_000_000)).toBe('₹1,50,000');
    expect(formatPaise(45_050)).toBe('₹450.50');
    expect(formatPaise(1)).toBe('₹0.01');
    expect(formatPaise(-33_500)).toBe('-₹335');
  });
});

describe('nights (PRICE-3)', () => {
  it('prices Friday and Saturday nights at the weekend rate, every other night at the nightly rate', () => {
    const q = quote({}, '2026-03-04', '2026-03-07'); // Wed, Thu, Fri nights
    expect(q.nights).toEqual([
      { date: '2026-03-04', amountPaise: 450_000, kind: 'weekday' },
      { date: '2026-03-05', amountPaise: 450_000, kind: 'weekday' },
      { date: '2026-03-06', amountPaise: 550_000, kind: 'weekend' },
    ]);
    expect(labels(q)).toEqual([
      ['2 weekday nights × ₹4,500', 900_000],
      ['1 weekend night × ₹5,500', 550_000],
    ]);
    expect(q).toMatchObject({ subtotalPaise: 1_450_000, totalPaise: 1_450_000, available: true });
    // Sunday night is a weekday night: the night is named by its check-in side.
    expect(quote({}, '2026-03-08', '2026-03-09').nights[0]!.kind).toBe('weekday');
  });

  it('prices every night at the nightly rate without a weekend rate', () => {
    const q = quote({ weekendRate: undefined }, '2026-03-05', '2026-03-08');
    expect(labels(q)).toEqual([['3 nights × ₹4,500', 1_350_000]]);
    expect(q.nights.map((n) => n.kind)).toEqual(['weekday', 'weekday', 'weekday']);
  });

  it("prices a season's nights at its rate, weekends inside it included, across its edges", () => {
    const q = quote({ seasons: [dasara] }, '2026-09-29', '2026-10-04'); // Tue … Sat nights
    expect(q.nights.map((n) => [n.date, n.kind, n.season, n.amountPaise])).toEqual([
      ['2026-09-29', 'weekday', undefined, 450_000],
      ['2026-09-30', 'weekday', undefined, 450_000],
      ['2026-10-01', 'season', 'Dasara', 800_000],
      ['2026-10-02', 'season', 'Dasara', 800_000],
      ['2026-10-03', 'season', 'Dasara', 800_000],
    ]);
    expect(labels(q)).toEqual([
      ['2 weekday nights × ₹4,500', 900_000],
      ['Dasara: 3 nights × ₹8,000', 2_400_000],
    ]);
    // The last night of the season is its `to`, included.
    const end = quote({ seasons: [dasara] }, '2026-10-12', '2026-10-14');
    expect(end.nights.map((n) => n.kind)).toEqual(['season', 'weekday']);
  });

  it('runs a season over New Year, every year', () => {
    for (const year of [2026, 2030]) {
      const q = quote({ seasons: [newYear] }, `${year}-12-30`, `${year + 1}-01-02`);
      expect(labels(q)).toEqual([['New Year: 3 nights × ₹9,000', 2_700_000]]);
    }
    const after = quote({ seasons: [newYear] }, '2027-01-04', '2027-01-08');
    expect(after.nights.map((n) => n.kind)).toEqual(['season', 'season', 'weekday', 'weekday']);
  });

  it('holds a one-year season in its year only', () => {
    const diwali: Season = {
      name: 'Diwali',
      from: '2026-11-07',
      to: '2026-11-09',
      nightlyRate: 7000,
    };
    expect(quote({ seasons: [diwali] }, '2026-11-08', '2026-11-09').nights[0]!.kind).toBe('season');
    expect(quote({ seasons: [diwali] }, '2027-11-08', '2027-11-09').nights[0]!.kind).not.toBe(
      'season',
    );
  });
});

describe('minimum stay and guests (PRICE-2, PRICE-6)', () => {
  it("takes the minimum stay of the season holding the check-in night, else the property's", () => {
    const p = { seasons: [newYear], minNights: 2 };
    expect(minimumStay({ ...base, ...p }, '2026-12-31')).toEqual({ nights: 3, season: newYear });
    expect(minimumStay({ ...base, ...p }, '2026-12-19')).toEqual({ nights: 2 });
    const short = quote(p, '2026-12-31', '2027-01-02');
    expect(short.available).toBe(false);
    expect(short.problems).toEqual([
      {
        field: 'checkOut',
        error: 'The minimum stay during New Year is 3 nights: choose Sun 3 Jan 2027 or later.',
      },
    ]);
    // Checking in the night before the season: the property's minimum, though the nights are in it.
    expect(quote(p, '2026-12-19', '2026-12-21').problems).toEqual([]);
    expect(quote(p, '2026-03-02', '2026-03-03').problems[0]!.error).toMatch(
      /minimum stay is 2 nights/,
    );
  });

  it('charges each guest over the included ones per night, and refuses more than maxGuests', () => {
    const p = { includedGuests: 2, extraGuestRate: 500, maxGuests: 4 };
    const q = quote(p, '2026-03-02', '2026-03-05', 4);
    expect(q.nights.map((n) => n.amountPaise)).toEqual([550_000, 550_000, 550_000]);
    expect(labels(q)).toEqual([
      ['3 weekday nights × ₹4,500', 1_350_000],
      ['Extra guests (2 × ₹500 × 3 nights)', 300_000],
    ]);
    expect(q.subtotalPaise).toBe(1_650_000);
    expect(quote(p, '2026-03-02', '2026-03-05', 2).lines).toHaveLength(1);
    // Without includedGuests every guest is included.
    expect(quote({ extraGuestRate: 500 }, '2026-03-02', '2026-03-05', 6).lines).toHaveLength(1);
    const tooMany = quote(p, '2026-03-02', '2026-03-05', 5);
    expect(tooMany.problems).toEqual([
      { field: 'guests', error: 'This property takes at most 4 guests.' },
    ]);
    expect(tooMany.available).toBe(false);
  });

  it('names the other reasons a stay is impossible, and prices what it can', () => {
    const past = quote({}, '2025-12-30', '2026-01-02');
    expect(past.problems.map((p) => p.field)).toEqual(['checkIn']);
    expect(past.nights).toHaveLength(3);
    expect(quote({}, '2026-03-05', '2026-03-05').problems).toEqual([
      { field: 'checkOut', error: 'Check-out must be after check-in: choose a later date.' },
    ]);
    const taken = quoteStay(
      base,
      { checkIn: '2026-03-02', checkOut: '2026-03-05', guests: 2 },
      { ...context, unavailable: [{ start: '2026-03-04', end: '2026-03-06' }] },
    );
    expect(taken.problems).toEqual([{ field: 'checkIn', error: 'Not available for these dates.' }]);
    // A check-out on another guest's check-in day is free.
    const touching = quoteStay(
      base,
      { checkIn: '2026-03-02', checkOut: '2026-03-04', guests: 2 },
      { ...context, unavailable: [{ start: '2026-03-04', end: '2026-03-06' }] },
    );
    expect(touching.available).toBe(true);
    const unpriced = quote({ nightlyRate: undefined }, '2026-03-02', '2026-03-04');
    expect(unpriced).toMatchObject({ nights: [], lines: [], totalPaise: 0, available: false });
    expect(unpriced.problems[0]!.field).toBe('propertyId');
    expect(quote({}, '2026-02-30', '2026-03-02').problems[0]!.field).toBe('checkIn');
  });
});

describe('fees and long stays (PRICE-4)', () => {
  it('adds the cleaning fee once per stay', () => {
    const q = quote({ cleaningFee: 800 }, '2026-03-02', '2026-03-05');
    expect(labels(q).at(-1)).toEqual(['Cleaning fee', 80_000]);
    expect(q).toMatchObject({ feesPaise: 80_000, totalPaise: 1_350_000 + 80_000 });
  });

  it('takes the weekly discount from 7 nights, off the nights only', () => {
    const p = { weeklyDiscount: 10, monthlyDiscount: 25, cleaningFee: 1000 };
    const week = quote(p, '2026-03-02', '2026-03-09'); // Mon … Sun nights
    expect(labels(week)).toEqual([
      ['5 weekday nights × ₹4,500', 2_250_000],
      ['2 weekend nights × ₹5,500', 1_100_000],
      ['Weekly discount (10%)', -335_000],
      ['Cleaning fee', 100_000],
    ]);
    expect(week).toMatchObject({ discountPaise: 335_000, totalPaise: 3_115_000 });
    expect(quote(p, '2026-03-02', '2026-03-08').discountPaise).toBe(0);
  });

  it('replaces the weekly discount with the monthly one from 28 nights', () => {
    const p = { weekendRate: undefined, weeklyDiscount: 10, monthlyDiscount: 25 };
    const month = quote(p, '2026-03-02', '2026-03-30');
    expect(labels(month)).toEqual([
      ['28 nights × ₹4,500', 12_600_000],
      ['Monthly discount (25%)', -3_150_000],
    ]);
    expect(quote(p, '2026-03-02', '2026-03-29').discountPaise).toBe(1_215_000); // 27: weekly
    // Without a monthly discount, a month gets the weekly one.
    expect(
      quote({ ...p, monthlyDiscount: undefined }, '2026-03-02', '2026-03-30').lines[1],
    ).toEqual({
      label: 'Weekly discount (10%)',
      amountPaise: -1_260_000,
    });
  });
});

describe('GST (PRICE-5)', () => {
  it('adds no tax without a GSTIN', () => {
    expect(quote({ cleaningFee: 1000 }, '2026-03-02', '2026-03-05').taxPaise).toBe(0);
  });

  it('taxes each night by its own slab, the slab changing inside one stay, the fee at the highest', () => {
    const peak: Season = { name: 'Peak', from: '2026-12-24', to: '2026-12-25', nightlyRate: 8000 };
    const p = { weekendRate: undefined, nightlyRate: 7000, seasons: [peak] };
    const q = quote(p, '2026-12-22', '2026-12-26', 2, withGst);
    // 2 × ₹7,000 at 5 % + 2 × ₹8,000 at 18 %.
    expect(q.taxPaise).toBe(70_000 + 288_000);
    expect(labels(q).at(-1)).toEqual(['GST (5% and 18%)', 358_000]);
    const withFee = quote({ ...p, cleaningFee: 1000 }, '2026-12-22', '2026-12-26', 2, withGst);
    expect(withFee.taxPaise).toBe(358_000 + 18_000);
    const lowOnly = quote({ ...p, cleaningFee: 1000 }, '2026-12-20', '2026-12-22', 2, withGst);
    expect(lowOnly.taxPaise).toBe(70_000 + 5_000);
    expect(lowOnly.lines.at(-1)!.label).toBe('GST (5%)');
  });

  it('puts ₹7,500 in the low slab and a rupee more in the high one, extra guests counted', () => {
    const at = (nightlyRate: number, guests = 1) =>
      quote(
        { nightlyRate, weekendRate: undefined, includedGuests: 1, extraGuestRate: 1000 },
        '2026-03-02',
        '2026-03-03',
        guests,
        withGst,
      ).taxPaise;
    expect(GST.thresholdPaise).toBe(750_000);
    expect(at(7500)).toBe(37_500);
    expect(at(7501)).toBe(135_018);
    expect(at(7000, 2)).toBe(144_000); // ₹8,000 with the extra guest: 18 %
  });

  it('judges the slab after the discount: a long stay can move nights into the low slab', () => {
    const p = { nightlyRate: 8000, weekendRate: undefined, weeklyDiscount: 10 };
    const six = quote(p, '2026-03-02', '2026-03-08', 2, withGst);
    expect(six.taxPaise).toBe(6 * 144_000);
    const seven = quote(p, '2026-03-02', '2026-03-09', 2, withGst);
    // 7 × ₹8,000 − 10 % = ₹50,400, at 5 %.
    expect(seven.taxPaise).toBe(252_000);
  });

  it('rounds the tax half up to the paisa once, and the advance up to the rupee', () => {
    const p = { nightlyRate: 4501, weekendRate: undefined, weeklyDiscount: 10 };
    const q = quote(p, '2026-03-02', '2026-03-09', 2, withGst);
    // ₹31,507 − 10 % = ₹28,356.30; 5 % = ₹1,417.815 → ₹1,417.82 (per night it would be ₹1,417.85).
    expect(q).toMatchObject({
      subtotalPaise: 3_150_700,
      discountPaise: 315_070,
      taxPaise: 141_782,
      totalPaise: 2_977_412,
      // 30 % of ₹29,774.12 = ₹8,932.236 → ₹8,933.
      advancePaise: 893_300,
    });
    expect(formatPaise(q.totalPaise)).toBe('₹29,774.12');
    expect(
      quote({ ...p, advancePercent: 100 }, '2026-03-02', '2026-03-09', 2, withGst).advancePaise,
    ).toBe(2_977_412);
    expect(quote({ ...p, advancePercent: 0 }, '2026-03-02', '2026-03-09').advancePaise).toBe(0);
  });
});

describe('nightRate and lowestRate (PRICE-3, PRICE-7)', () => {
  it("gives one night's rate and which rate it is, for the calendar's prices", () => {
    expect(nightRate(base, '2026-03-06')).toEqual({ rate: 5500, kind: 'weekend' });
    expect(nightRate({ ...base, seasons: [newYear] }, '2027-01-01')).toEqual({
      rate: 9000,
      kind: 'season',
      season: newYear,
    });
    expect(nightRate({ id: 'x' }, '2026-03-06')).toBeUndefined();
  });

  it('is the lowest nightly rate of the coming nights, seasons and weekends included', () => {
    expect(lowestRate(base, '2026-03-02', 90)).toBe(4500);
    expect(lowestRate({ ...base, weekendRate: 4000 }, '2026-03-02', 90)).toBe(4000);
    const offSeason: Season = { name: 'Monsoon', from: '06-01', to: '08-31', nightlyRate: 3000 };
    expect(lowestRate({ ...base, seasons: [offSeason] }, '2026-05-01', 90)).toBe(3000);
    expect(lowestRate({ ...base, seasons: [offSeason] }, '2026-02-01', 90)).toBe(4500);
    expect(lowestRate({ id: 'x' }, '2026-02-01', 90)).toBeUndefined();
  });

  it('gives the "from" rate of every priced property over the 90 nights from a day', () => {
    const offSeason: Season = { name: 'Monsoon', from: '06-01', to: '08-31', nightlyRate: 3000 };
    const list = [{ ...base, seasons: [offSeason] }, { id: 'unpriced' }];
    expect(fromRates(list, '2026-03-04')).toEqual({ 'stay-1': 3000 }); // 1 June is the 90th night
    expect(fromRates(list, '2026-03-03')).toEqual({ 'stay-1': 4500 });
  });
});

describe('for any rates and stay', () => {
  const seasonArb = fc.record({
    name: fc.constantFrom('A', 'B'),
    from: fc.constantFrom('12-20', '10-01', '2026-04-01'),
    nightlyRate: fc.integer({ min: 1, max: 60_000 }),
  });
  const propertyArb = fc.record(
    {
      id: fc.constant('stay-1'),
      nightlyRate: fc.integer({ min: 1, max: 60_000 }),
      weekendRate: fc.integer({ min: 1, max: 60_000 }),
      seasons: seasonArb.map((s) => [{ ...s, to: s.from.length === 5 ? '01-05' : '2026-04-20' }]),
      includedGuests: fc.integer({ min: 1, max: 50 }),
      extraGuestRate: fc.integer({ min: 0, max: 10_000 }),
      cleaningFee: fc.integer({ min: 0, max: 20_000 }),
      weeklyDiscount: fc.integer({ min: 0, max: 90 }),
      monthlyDiscount: fc.integer({ min: 0, max: 90 }),
      advancePercent: fc.integer({ min: 0, max: 100 }),
    },
    { requiredKeys: ['id', 'nightlyRate'] },
  );
  const stayArb = fc.record({
    start: fc.integer({ min: 0, max: 730 }),
    length: fc.integer({ min: 1, max: 60 }),
    guests: fc.integer({ min: 1, max: 50 }),
    gst: fc.boolean(),
  });

  it('totals its lines, lists one night per night, and keeps the advance within the total', () => {
    fc.assert(
      fc.property(propertyArb, stayArb, (property, { start, length, guests, gst }) => {
        const checkIn = addDays(TODAY, start);
        const checkOut = addDays(checkIn, length);
        const q = quoteStay(
          property as PricedProperty,
          { checkIn, checkOut, guests },
          { settings: gst ? { gstin: '29ABCDE1234F1ZW' } : {}, today: TODAY },
        );
        const sum = q.lines.reduce((s, l) => s + l.amountPaise, 0);
        expect(q.totalPaise).toBe(sum);
        expect(q.totalPaise).toBe(q.subtotalPaise - q.discountPaise + q.feesPaise + q.taxPaise);
        expect(q.nights).toHaveLength(nightCount(checkIn, checkOut));
        expect(q.subtotalPaise).toBe(q.nights.reduce((s, n) => s + n.amountPaise, 0));
        expect(q.discountPaise).toBeLessThanOrEqual(q.subtotalPaise);
        expect(q.advancePaise).toBeLessThanOrEqual(q.totalPaise);
        expect(q.advancePaise % 100 === 0 || q.advancePaise === q.totalPaise).toBe(true);
        const taxed = q.subtotalPaise - q.discountPaise + q.feesPaise;
        if (!gst) expect(q.taxPaise).toBe(0);
        else {
          // GST-3: CGST and SGST each round on their own, so the tax may be a paisa off the
          // whole rate's rounding, either way.
          expect(q.taxPaise).toBeGreaterThanOrEqual(Math.floor(taxed * 0.05) - 1);
          expect(q.taxPaise).toBeLessThanOrEqual(Math.ceil(taxed * 0.18) + 1);
        }
        for (const line of q.lines) expect(Number.isInteger(line.amountPaise)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('entry 12A (GST-6)', () => {
  it('an exempt stay carries no GST line, and the same total as without GST', () => {
    const exempt = quote({}, '2026-03-02', '2026-06-01', 1, { ...withGst, exempt: true });
    const plain = quote({}, '2026-03-02', '2026-06-01', 1, context);
    expect(exempt.taxPaise).toBe(0);
    expect(exempt.gst).toEqual([]);
    expect(exempt.lines.some((l) => l.label.startsWith('GST'))).toBe(false);
    expect(exempt.totalPaise).toBe(plain.totalPaise);
    expect(quote({}, '2026-03-02', '2026-06-01', 1, withGst).taxPaise).toBeGreaterThan(0);
  });
});
