/** The History dialog's change summary (SAF-1, SAF-5): one test per kind of owner edit. */
import { describe, expect, it } from 'vitest';
import { testProperty } from '../../test/factories.js';
import {
  addPhoto,
  addPropertyToSection,
  createSection,
  deletePhoto,
  deleteSection,
  makeHero,
  setDetail,
  setFacilities,
  toggleHome,
} from './catalogue.js';
import { describeChanges, summariseChanges } from './change-summary.js';
import type { Property, SiteData } from './site-data.js';

function property(id: string, name: string, photos: string[]): Property {
  return testProperty({
    id,
    name,
    address: 'Kalasa Road',
    description: '<p>Two rooms.</p>',
    facilities: ['Wi-Fi'],
    photos: photos.map((n, i) => ({ name: n, best: i === 0, home: true })),
  });
}

const base: SiteData = {
  propertyList: [
    property('cottage', 'Coffee Cottage', ['c1.jpg', 'c2.jpg', 'c3.jpg']),
    property('villa', 'Hill Villa', ['v1.jpg']),
  ],
  homeSections: [{ id: 'featured', name: 'Featured', properties: ['cottage'] }],
  revision: 1,
};

function withPhotos(data: SiteData, id: string, edit: (p: Property) => Property): SiteData {
  return { ...data, propertyList: data.propertyList.map((p) => (p.id === id ? edit(p) : p)) };
}

describe('summariseChanges', () => {
  it('names a first version by what it holds', () => {
    expect(summariseChanges(undefined, base)).toBe('First version: 2 properties, 1 home section');
  });

  it('says "No changes" for an identical catalogue', () => {
    expect(summariseChanges(base, structuredClone(base))).toBe('No changes');
  });

  it('renames a property', () => {
    const after = setDetail(base, 'cottage', 'name', 'Estate Cottage');
    expect(summariseChanges(base, after)).toBe("Renamed 'Coffee Cottage' to 'Estate Cottage'");
  });

  it('counts photos added and deleted', () => {
    const two = addPhoto(addPhoto(base, 'villa', 'v2.jpg'), 'villa', 'v3.jpg');
    expect(summariseChanges(base, two)).toBe('2 photos added to Hill Villa');
    expect(summariseChanges(base, addPhoto(base, 'villa', 'v2.jpg'))).toBe(
      '1 photo added to Hill Villa',
    );
    expect(summariseChanges(base, deletePhoto(base, 'cottage', 'c3.jpg'))).toBe(
      '1 photo deleted from Coffee Cottage',
    );
  });

  it('notices a new hero photo', () => {
    expect(summariseChanges(base, makeHero(base, 'cottage', 'c2.jpg'))).toBe(
      'Hero photo of Coffee Cottage changed',
    );
  });

  it('notices photos shown on or hidden from the home page', () => {
    expect(summariseChanges(base, toggleHome(base, 'cottage', 'c2.jpg'))).toBe(
      'Home page photos of Coffee Cottage changed',
    );
  });

  it('notices reordered photos (PHO-1)', () => {
    const after = withPhotos(base, 'cottage', (p) => ({
      ...p,
      photos: [p.photos[0]!, p.photos[2]!, p.photos[1]!],
    }));
    expect(summariseChanges(base, after)).toBe('Photos of Coffee Cottage reordered');
  });

  it('does not call a deletion a reorder', () => {
    expect(describeChanges(base, deletePhoto(base, 'cottage', 'c1.jpg'))).not.toContain(
      'Photos of Coffee Cottage reordered',
    );
  });

  it('notices photos described and descriptions removed (PHO-2)', () => {
    const described = withPhotos(base, 'cottage', (p) => ({
      ...p,
      photos: p.photos.map((ph, i) => (i < 2 ? { ...ph, alt: `Veranda ${i}` } : ph)),
    }));
    expect(summariseChanges(base, described)).toBe('2 photos of Coffee Cottage described');
    const cleared = withPhotos(described, 'cottage', (p) => ({
      ...p,
      photos: p.photos.map((ph, i) =>
        i === 0 ? { name: ph.name, best: ph.best, home: ph.home } : ph,
      ),
    }));
    expect(summariseChanges(described, cleared)).toBe(
      '1 photo description of Coffee Cottage removed',
    );
  });

  it('notices the description and the facilities', () => {
    expect(summariseChanges(base, setDetail(base, 'villa', 'description', '<p>New</p>'))).toBe(
      'Description of Hill Villa changed',
    );
    expect(summariseChanges(base, setFacilities(base, 'villa', ['Wi-Fi', 'Fireplace']))).toBe(
      'Facilities of Hill Villa changed',
    );
  });

  it('labels other details by their field', () => {
    expect(summariseChanges(base, setDetail(base, 'villa', 'address', 'IG Road'))).toBe(
      'Address of Hill Villa changed',
    );
    expect(summariseChanges(base, setDetail(base, 'villa', 'bedCount', '3'))).toBe(
      'Bed count of Hill Villa changed',
    );
    expect(summariseChanges(base, setDetail(base, 'villa', 'nightlyRate', '4500'))).toBe(
      'Nightly rate of Hill Villa changed',
    );
  });

  it('words every rate field (PRICE-1) and the seasons (PRICE-2)', () => {
    const answers: [string, string, string][] = [
      ['weekendRate', '5500', 'Weekend rate of Hill Villa changed'],
      ['includedGuests', '2', 'Guests included of Hill Villa changed'],
      ['extraGuestRate', '500', 'Extra guest rate of Hill Villa changed'],
      ['maxGuests', '6', 'Maximum guests of Hill Villa changed'],
      ['cleaningFee', '800', 'Cleaning fee of Hill Villa changed'],
      ['weeklyDiscount', '10', 'Weekly discount of Hill Villa changed'],
      ['monthlyDiscount', '25', 'Monthly discount of Hill Villa changed'],
      ['advancePercent', '50', 'Advance of Hill Villa changed'],
      [
        'seasons',
        '[{"name":"New Year","from":"12-20","to":"01-05","nightlyRate":9000}]',
        'Seasons of Hill Villa changed',
      ],
    ];
    for (const [field, answer, words] of answers) {
      expect(summariseChanges(base, setDetail(base, 'villa', field, answer))).toBe(words);
    }
  });

  it('notices a property added and a property deleted', () => {
    const added = { ...base, propertyList: [...base.propertyList, property('tent', 'Tent', [])] };
    expect(summariseChanges(base, added)).toBe("Property 'Tent' added");
    const deleted = { ...base, propertyList: [base.propertyList[0]!] };
    expect(summariseChanges(base, deleted)).toBe("Property 'Hill Villa' deleted");
  });

  it('notices sections created, renamed, deleted and reordered', () => {
    const created = createSection(base, 'Near town', 'town');
    expect(summariseChanges(base, created)).toBe("Section 'Near town' created");
    expect(summariseChanges(created, deleteSection(created, 'featured'))).toBe(
      "Section 'Featured' deleted",
    );
    const renamed = {
      ...base,
      homeSections: [{ ...base.homeSections[0]!, name: 'Our favourites' }],
    };
    expect(summariseChanges(base, renamed)).toBe("Section 'Featured' renamed to 'Our favourites'");
    expect(
      summariseChanges(created, { ...created, homeSections: [...created.homeSections].reverse() }),
    ).toBe('Home sections reordered');
  });

  it('notices home section membership', () => {
    const joined = addPropertyToSection(base, 'featured', 'villa');
    expect(summariseChanges(base, joined)).toBe("Hill Villa added to section 'Featured'");
    expect(summariseChanges(joined, base)).toBe("Hill Villa removed from section 'Featured'");
    const reordered = {
      ...joined,
      homeSections: [{ ...joined.homeSections[0]!, properties: ['villa', 'cottage'] }],
    };
    expect(summariseChanges(joined, reordered)).toBe("Properties in section 'Featured' reordered");
    const emptied = { ...joined, homeSections: [{ ...joined.homeSections[0]!, properties: [] }] };
    expect(summariseChanges(joined, emptied)).toBe("2 properties removed from section 'Featured'");
  });

  it('counts several changes after the first', () => {
    let after = setDetail(base, 'cottage', 'name', 'Estate Cottage');
    after = addPhoto(after, 'villa', 'v2.jpg');
    after = deleteSection(after, 'featured');
    expect(describeChanges(base, after)).toEqual([
      "Renamed 'Coffee Cottage' to 'Estate Cottage'",
      '1 photo added to Hill Villa',
      "Section 'Featured' deleted",
    ]);
    expect(summariseChanges(base, after)).toBe(
      "Renamed 'Coffee Cottage' to 'Estate Cottage' and 2 more changes",
    );
    expect(summariseChanges(base, addPhoto(after, 'villa', 'v3.jpg'))).toMatch(
      /and 2 more changes$/,
    );
    expect(summariseChanges(base, setDetail(base, 'villa', 'bathCount', '2'))).not.toMatch(/more/);
    const two = setDetail(setDetail(base, 'villa', 'bathCount', '2'), 'villa', 'address', 'X');
    expect(summariseChanges(base, two)).toMatch(/ and 1 more change$/);
  });
});
