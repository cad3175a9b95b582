// @vitest-environment jsdom
/**
 * The Rates dialog's state (RATES-2..RATES-4): the owner's typed rates read and checked by the
 * fields' own import rules, refusals in the server's words, overlapping seasons named, a season
 * over New Year as one, a cleared field removed, and the preview quote on the values as edited.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { weekday } from '../../../shared/calendar-dates.js';
import { quoteStay } from '../../../shared/quote.js';
import type { Property } from '../../../shared/site-data.js';
import { testProperty } from '../../../../test/factories.js';
import {
  defaultStay,
  draftOf,
  readDraft,
  seasonErrorKey,
  seasonSpan,
  switchRepeat,
  useRatesDialog,
  type RatesTarget,
} from './use-rates-dialog.js';

const TODAY = '2026-03-10'; // a Tuesday

const property = (extra: Partial<Property> = {}): Property =>
  testProperty({ id: 'misty-hills', name: 'Misty Hills', nightlyRate: 4500, ...extra });

const target = (p: Property = property(), opening = 1): RatesTarget => ({
  property: p,
  opening,
  today: TODAY,
  settings: {},
});

function open(p?: Property) {
  return renderHook((t: RatesTarget) => useRatesDialog(t), { initialProps: target(p) });
}

describe('useRatesDialog (RATES-2, RATES-4)', () => {
  it('starts from the stored rates, unchanged, and previews the first weekend after today', () => {
    const { result } = open(property({ weekendRate: 5500, cleaningFee: 800 }));
    expect(result.current.draft.fields).toMatchObject({
      nightlyRate: '4500',
      weekendRate: '5500',
      cleaningFee: '800',
      maxGuests: '',
    });
    expect(result.current.rates).toEqual({
      nightlyRate: 4500,
      weekendRate: 5500,
      cleaningFee: 800,
    });
    expect(result.current.dirty).toBe(false);
    expect(result.current.errors).toEqual({});
    expect(result.current.stay).toEqual({
      checkIn: '2026-03-13',
      checkOut: '2026-03-15',
      guests: '2',
    });
    expect(weekday(result.current.stay.checkIn)).toBe(5);
    expect(result.current.quote?.lines).toEqual([
      { label: '2 weekend nights × ₹5,500', amountPaise: 1_100_000 },
      { label: 'Cleaning fee', amountPaise: 80_000 },
    ]);
  });

  it('reads a valid typed rate the way the prompts do and quotes with it before saving', () => {
    const { result } = open();
    act(() => result.current.setField('weekendRate', '₹5,500'));
    act(() => result.current.setField('includedGuests', '2'));
    act(() => result.current.setField('extraGuestRate', '500'));
    act(() =>
      result.current.setStay({ checkIn: '2026-03-12', checkOut: '2026-03-14', guests: '3' }),
    );
    expect(result.current.rates).toEqual({
      nightlyRate: 4500,
      weekendRate: 5500,
      includedGuests: 2,
      extraGuestRate: 500,
    });
    expect(result.current.dirty).toBe(true);
    const expected = quoteStay(
      { ...property(), weekendRate: 5500, includedGuests: 2, extraGuestRate: 500 },
      { checkIn: '2026-03-12', checkOut: '2026-03-14', guests: 3 },
      { settings: {}, today: TODAY },
    );
    expect(result.current.quote).toEqual(expected);
    expect(result.current.quote?.lines.map((l) => l.label)).toEqual([
      '1 weekday night × ₹4,500',
      '1 weekend night × ₹5,500',
      'Extra guests (1 × ₹500 × 2 nights)',
    ]);
  });

  it('refuses an invalid value with the import rule’s words, shown once the field is changed, and quotes nothing', () => {
    const { result } = open();
    act(() => result.current.setField('weekendRate', 'abc'));
    act(() => result.current.setField('weeklyDiscount', '95%'));
    expect(result.current.errors).toEqual({
      weekendRate: 'The weekend rate must be a whole number of rupees from 1 to 10000000.',
      weeklyDiscount: 'The weekly discount must be a whole number of percent from 0 to 90.',
    });
    expect(result.current.rates).toBeNull();
    expect(result.current.quote).toBeNull();
  });

  it('shows a new season’s refusals only after Save is pressed, and Save gives nothing', () => {
    const { result } = open();
    act(() => result.current.addSeason());
    expect(result.current.errors).toEqual({});
    expect(result.current.rates).toBeNull();
    let saved: unknown = 'not called';
    act(() => {
      saved = result.current.submit();
    });
    expect(saved).toBeNull();
    const key = result.current.draft.seasons[0]!.key;
    expect(result.current.errors).toMatchObject({
      [seasonErrorKey(key, 'name')]: 'Name must not be blank.',
      [seasonErrorKey(key, 'from')]:
        'First night must be MM-DD (every year) or YYYY-MM-DD (that year only).',
      [seasonErrorKey(key, 'nightlyRate')]:
        'Nightly rate must be a whole number of rupees from 1 to 10000000.',
    });
  });

  it('refuses overlapping seasons naming both, next to the seasons', () => {
    const { result } = open(
      property({
        seasons: [{ name: 'New Year', from: '12-20', to: '01-05', nightlyRate: 9000 }],
      }),
    );
    act(() => result.current.addSeason());
    const key = result.current.draft.seasons[1]!.key;
    act(() =>
      result.current.setSeason(key, {
        name: 'Christmas',
        from: '12-24',
        to: '12-26',
        nightlyRate: '8000',
      }),
    );
    expect(result.current.errors).toEqual({
      seasons: 'The seasons must not overlap: "New Year" and "Christmas" share nights.',
    });
    expect(result.current.rates).toBeNull();
    act(() => result.current.setSeason(key, { from: '12-01', to: '12-19' }));
    expect(result.current.errors).toEqual({});
    expect(result.current.rates?.seasons).toHaveLength(2);
  });

  it('keeps a season over New Year as one row and quotes its nights at its rate', () => {
    const { result } = open();
    act(() => result.current.addSeason());
    const key = result.current.draft.seasons[0]!.key;
    act(() =>
      result.current.setSeason(key, {
        name: 'New Year',
        from: '12-20',
        to: '01-05',
        nightlyRate: '9,000',
        minNights: '3',
      }),
    );
    expect(seasonSpan(result.current.draft.seasons[0]!)).toBe(
      '20 Dec – 5 Jan, every year (over New Year)',
    );
    expect(result.current.rates?.seasons).toEqual([
      { name: 'New Year', from: '12-20', to: '01-05', nightlyRate: 9000, minNights: 3 },
    ]);
    act(() => result.current.setStay({ checkIn: '2026-12-30', checkOut: '2027-01-02' }));
    expect(result.current.quote?.lines).toEqual([
      { label: 'New Year: 3 nights × ₹9,000', amountPaise: 2_700_000 },
    ]);
    act(() => result.current.setStay({ checkOut: '2027-01-01' }));
    expect(result.current.quote?.problems).toEqual([
      {
        field: 'checkOut',
        error: 'The minimum stay during New Year is 3 nights: choose Sat 2 Jan 2027 or later.',
      },
    ]);
    // Switched to one year only, it runs from this year's 20 Dec to the next 5 Jan.
    act(() => result.current.setRepeat(key, false));
    expect(result.current.draft.seasons[0]).toMatchObject({
      everyYear: false,
      from: '2026-12-20',
      to: '2027-01-05',
    });
    expect(seasonSpan(result.current.draft.seasons[0]!)).toBe('20 Dec 2026 – 5 Jan 2027');
    expect(result.current.rates?.seasons?.[0]).toMatchObject({
      from: '2026-12-20',
      to: '2027-01-05',
    });
  });

  it('removes a cleared field and a removed season from what Save stores', () => {
    const { result } = open(
      property({
        weekendRate: 5500,
        seasons: [{ name: 'Dasara', from: '2026-10-15', to: '2026-10-25', nightlyRate: 7000 }],
      }),
    );
    act(() => result.current.setField('weekendRate', '  '));
    act(() => result.current.removeSeason(result.current.draft.seasons[0]!.key));
    expect(result.current.errors).toEqual({});
    expect(result.current.rates).toEqual({ nightlyRate: 4500 });
    expect(result.current.dirty).toBe(true);
    let saved: unknown;
    act(() => {
      saved = result.current.submit();
    });
    expect(saved).toEqual({ nightlyRate: 4500 });
  });

  it('starts again from the stored rates on the next opening', () => {
    const { result, rerender } = open();
    act(() => result.current.setField('nightlyRate', 'abc'));
    expect(result.current.rates).toBeNull();
    rerender(target(property(), 2));
    expect(result.current.draft.fields.nightlyRate).toBe('4500');
    expect(result.current.errors).toEqual({});
  });
});

describe('the draft (RATES-2, RATES-3)', () => {
  it('reads back exactly what a property stores', () => {
    const stored = {
      nightlyRate: 4500,
      weekendRate: 5500,
      minNights: 2,
      includedGuests: 2,
      extraGuestRate: 500,
      maxGuests: 4,
      cleaningFee: 800,
      weeklyDiscount: 10,
      monthlyDiscount: 25,
      advancePercent: 50,
      seasons: [
        { name: 'New Year', from: '12-20', to: '01-05', nightlyRate: 9000, minNights: 3 },
        { name: 'Dasara', from: '2026-10-15', to: '2026-10-25', nightlyRate: 7000 },
      ],
    };
    expect(readDraft(draftOf(property(stored)))).toEqual({ rates: stored, errors: {} });
  });

  it('switches a one-year season to every year keeping its days, and the spans read as dates', () => {
    const [row] = draftOf({
      seasons: [{ name: 'Dasara', from: '2026-10-15', to: '2026-10-25', nightlyRate: 7000 }],
    }).seasons;
    expect(seasonSpan(row!)).toBe('15 Oct 2026 – 25 Oct 2026');
    const every = switchRepeat(row!, true, TODAY);
    expect(every).toMatchObject({ everyYear: true, from: '10-15', to: '10-25' });
    expect(seasonSpan(every)).toBe('15 Oct – 25 Oct, every year');
    expect(seasonSpan({ everyYear: true, from: '12-', to: '' })).toBe('');
  });

  it('previews a Friday check-in even when today is a Friday (the next one)', () => {
    expect(defaultStay(property(), '2026-03-13').checkIn).toBe('2026-03-20');
  });
});
