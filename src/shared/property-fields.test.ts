/** The property-field table and what derives from it: core fields, labels, defaults, the schema. */
import { describe, expect, it } from 'vitest';
import { testCatalogue, testProperty } from '../../test/factories.js';
import { setDetail } from './catalogue.js';
import {
  CORE_FIELDS,
  FIELD_NAMES,
  LIMITS,
  PROPERTY_FIELDS,
  fieldLabel,
  withFieldDefaults,
} from './property-fields.js';
import { siteDataSchema, type Property } from './site-data.js';

describe('property-field table', () => {
  it('makes id, every typed field and photos the core fields', () => {
    expect(CORE_FIELDS).toEqual(['id', ...FIELD_NAMES, 'photos']);
    expect(FIELD_NAMES).toEqual(
      expect.arrayContaining(['name', 'address', 'description', 'facilities', 'bedCount']),
    );
  });

  it('labels typed fields from the table and free-form details from their name', () => {
    expect(fieldLabel('bedCount')).toBe('Bed count');
    expect(fieldLabel('name')).toBe('Name');
    expect(fieldLabel('checkInTime')).toBe('Check-in time');
    expect(fieldLabel('parkingNote')).toBe(fieldLabel('parking_note'));
    expect(fieldLabel('parkingNote')).toBe('Parking note');
  });

  it("gives every typed field a default its own kind's import rule accepts", () => {
    for (const name of FIELD_NAMES) {
      const spec = PROPERTY_FIELDS[name];
      if ('required' in spec && spec.required) continue;
      const property = testProperty({ [name]: spec.default });
      expect(
        siteDataSchema.safeParse(testCatalogue({ propertyList: [property] })).success,
        name,
      ).toBe(true);
    }
  });

  it('fills only the typed fields a stored property lacks, with fresh defaults', () => {
    const { bathCount: _b, facilities: _f, ...old } = testProperty({ bedCount: 4, view: 'Hills' });
    const filled = withFieldDefaults(old);
    expect(filled).toMatchObject({ bedCount: 4, bathCount: 0, facilities: [], view: 'Hills' });
    expect(withFieldDefaults(old).facilities).not.toBe(filled.facilities);
  });

  it("derives the import rules from each row's kind and limits", () => {
    const tooMany = LIMITS.count + 1;
    for (const bad of [{ bedCount: -1 }, { bedCount: 1.5 }, { bedCount: tooMany }, { name: ' ' }]) {
      const catalogue = testCatalogue({ propertyList: [bad] });
      expect(siteDataSchema.safeParse(catalogue).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("derives the owner's edit rules: a count takes a whole number, a list is not a detail", () => {
    const data = testCatalogue();
    expect(setDetail(data, 'stay-1', 'bathCount', ' 3 ').propertyList[0]?.bathCount).toBe(3);
    expect(() => setDetail(data, 'stay-1', 'bathCount', 'three')).toThrow(RangeError);
    expect(() => setDetail(data, 'stay-1', 'facilities', 'Wi-Fi')).toThrow(
      '"facilities" is not a detail that can be edited this way.',
    );
  });

  it('derives the stay fields\' edit rules (AVL-2): typed answers, refusals, and "none" removes', () => {
    const data = testCatalogue();
    const answer = (field: string, value: string) =>
      setDetail(data, 'stay-1', field, value).propertyList[0]!;
    expect(answer('nightlyRate', ' ₹4,500 ').nightlyRate).toBe(4500);
    expect(answer('minNights', '2').minNights).toBe(2);
    expect(answer('checkInTime', '9:30').checkInTime).toBe('09:30');
    expect(answer('checkOutTime', '11:00').checkOutTime).toBe('11:00');
    const priced = setDetail(data, 'stay-1', 'nightlyRate', '4500');
    expect(
      'nightlyRate' in setDetail(priced, 'stay-1', 'nightlyRate', 'None').propertyList[0]!,
    ).toBe(false);
    expect(() => answer('nightlyRate', '4500.50')).toThrow(/whole number of rupees/);
    expect(() => answer('nightlyRate', '0')).toThrow(RangeError);
    expect(() => answer('minNights', '0')).toThrow(
      'The minimum stay (nights) must be a whole number from 1 to 365; "0" is not.',
    );
    expect(() => answer('checkInTime', '2 pm')).toThrow(/HH:MM/);
    expect(() => answer('checkOutTime', '24:00')).toThrow(RangeError);
    expect(() => answer('bedCount', 'none')).toThrow(RangeError);
  });

  it('leaves the optional stay fields out of a stored property that lacks them', () => {
    const { nightlyRate: _r, minNights: _m, ...old } = testProperty({ nightlyRate: 4500 });
    expect(withFieldDefaults(old)).not.toHaveProperty('nightlyRate');
    expect(withFieldDefaults(old)).not.toHaveProperty('minNights');
    const catalogue = testCatalogue({ propertyList: [old] });
    expect(siteDataSchema.safeParse(catalogue).success).toBe(true);
  });

  it('checks the rate fields (PRICE-1) on import, naming the field', () => {
    const withRates = (rates: Record<string, unknown>) =>
      siteDataSchema.safeParse(testCatalogue({ propertyList: [rates as Partial<Property>] }));
    expect(
      withRates({
        nightlyRate: 4500,
        weekendRate: 5500,
        includedGuests: 2,
        extraGuestRate: 0,
        maxGuests: 6,
        cleaningFee: 800,
        weeklyDiscount: 10,
        monthlyDiscount: 25,
        advancePercent: 100,
      }).success,
    ).toBe(true);
    for (const bad of [
      { weekendRate: 0 },
      { weekendRate: 99.5 },
      { includedGuests: 0 },
      { maxGuests: LIMITS.guests + 1 },
      { extraGuestRate: -1 },
      { cleaningFee: '800' },
      { weeklyDiscount: LIMITS.discountPercent + 1 },
      { monthlyDiscount: -5 },
      { advancePercent: 101 },
    ]) {
      const result = withRates(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual(['propertyList', 0, Object.keys(bad)[0]]);
    }
    expect(withRates({ advancePercent: 101 }).error!.issues[0]!.message).toBe(
      'must be a whole number of percent from 0 to 100',
    );
  });

  describe('seasons (PRICE-2)', () => {
    const parse = (seasons: unknown) =>
      siteDataSchema.safeParse(
        testCatalogue({ propertyList: [{ seasons } as unknown as Partial<Property>] }),
      );
    const season = (from: string, to: string, name = `${from} to ${to}`) => ({
      name,
      from,
      to,
      nightlyRate: 9000,
    });

    it('takes every-year seasons (over New Year too), one-year seasons and a minimum stay', () => {
      expect(
        parse([
          { ...season('12-20', '01-05', 'New Year'), minNights: 3 },
          season('10-01', '10-12', 'Dasara'),
          season('2027-04-10', '2027-04-20', 'Easter 2027'),
          season('2026-12-06', '2026-12-06', 'One night'),
        ]).success,
      ).toBe(true);
      // Touching is not overlapping: one's last night is the day before the other's first.
      expect(parse([season('12-20', '12-31'), season('01-01', '01-05')]).success).toBe(true);
    });

    it('refuses overlapping seasons with 400 naming seasons', () => {
      for (const pair of [
        [season('12-20', '01-05'), season('01-05', '01-10')],
        [season('12-20', '01-05'), season('12-01', '12-20')],
        [season('12-20', '01-05'), season('2027-01-03', '2027-02-01')],
        [season('2027-01-03', '2027-02-01'), season('2027-02-01', '2027-02-03')],
        [season('03-01', '02-28'), season('2026-07-01', '2026-07-01')],
      ]) {
        const result = parse(pair);
        expect(result.success, JSON.stringify(pair)).toBe(false);
        expect(result.error!.issues[0]!.path).toEqual(['propertyList', 0, 'seasons']);
        expect(result.error!.issues[0]!.message).toMatch(/must not overlap/);
      }
    });

    it('refuses bad dates, mixed forms, a one-year season ending before it starts, odd keys', () => {
      for (const [bad, key] of [
        [season('02-29', '03-05'), 'from'],
        [season('12-20', '2027-01-05'), 'to'],
        [season('2027-01-05', '2027-01-01'), 'to'],
        [season('13-01', '01-05'), 'from'],
        [season('2027-02-30', '2027-03-01'), 'from'],
        [{ ...season('01-01', '01-02'), nightlyRate: 0 }, 'nightlyRate'],
        [{ ...season('01-01', '01-02'), minNights: 0 }, 'minNights'],
        [{ ...season('01-01', '01-02'), name: ' ' }, 'name'],
        [{ ...season('01-01', '01-02'), colour: 'red' }, 'colour'],
      ] as const) {
        const result = parse([bad]);
        expect(result.success, JSON.stringify(bad)).toBe(false);
        const issue = result.error!.issues[0]!;
        const path =
          issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
        expect(path).toEqual(['propertyList', 0, 'seasons', 0, key]);
      }
    });
  });

  it("reads the owner's answers for the rate fields by their kinds, with the import's words", () => {
    const data = testCatalogue();
    const answer = (field: string, value: string) =>
      setDetail(data, 'stay-1', field, value).propertyList[0]!;
    expect(answer('weeklyDiscount', ' 10% ').weeklyDiscount).toBe(10);
    expect(answer('extraGuestRate', '₹500').extraGuestRate).toBe(500);
    expect(answer('cleaningFee', '1,200').cleaningFee).toBe(1200);
    expect(answer('maxGuests', '6').maxGuests).toBe(6);
    const newYear = [{ name: 'New Year', from: '12-20', to: '01-05', nightlyRate: 9000 }];
    expect(answer('seasons', JSON.stringify(newYear)).seasons).toEqual(newYear);
    expect(() => answer('monthlyDiscount', '95')).toThrow(
      'The monthly discount must be a whole number of percent from 0 to 90; "95" is not.',
    );
    expect(() => answer('seasons', '[{"name":"A","from":"12-20"}]')).toThrow(
      /^The seasons: season 1 to must be MM-DD/,
    );
    expect(() => answer('seasons', 'soon')).toThrow('The seasons must be a list of seasons.');
    expect(() =>
      answer('seasons', JSON.stringify([...newYear, { ...newYear[0], name: 'Again' }])),
    ).toThrow('The seasons must not overlap: "New Year" and "Again" share nights.');
    expect('weeklyDiscount' in answer('weeklyDiscount', 'none')).toBe(false);
  });

  it('gives the advance its default of 30 % and leaves the other rates absent (DATA-7)', () => {
    expect(PROPERTY_FIELDS.advancePercent.default).toBe(30);
    const old = testProperty();
    for (const field of ['weekendRate', 'seasons', 'maxGuests', 'advancePercent']) {
      expect(withFieldDefaults(old)).not.toHaveProperty(field);
    }
  });
});
