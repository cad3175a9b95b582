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
import { siteDataSchema } from './site-data.js';

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
    expect(() => answer('minNights', '0')).toThrow(/minNights must be a whole number from 1/);
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
});
