/**
 * Catalogue factories for tests: valid data by default, each test overriding only the fields it is
 * about, so a new required property field is added here once rather than in every test.
 */
import { withFieldDefaults } from '../src/shared/property-fields.js';
import type { HomeSection, Property, SiteData } from '../src/shared/site-data.js';

/**
 * A valid property: id "stay-1", two beds, one bath, one hero photo "photo-1.jpg", a short HTML
 * description, and every other field of the field table at its default. `overrides` replace whole
 * fields (give `photos: []` for a property without photos).
 */
export function testProperty(overrides: Partial<Property> = {}): Property {
  return withFieldDefaults({
    id: 'stay-1',
    name: 'Coffee View Suite',
    address: 'Kalasa Road, Chikmagalur',
    description: '<p>Two rooms above the estate.</p>',
    facilities: ['Wi-Fi', 'Parking'],
    bedCount: 2,
    bathCount: 1,
    photos: [{ name: 'photo-1.jpg', best: true, home: true }],
    ...overrides,
  } as Property);
}

/** What testCatalogue takes: each listed property is testProperty of it. */
export interface CatalogueOverrides {
  /** Default: three properties named "Coffee View Suite", "Hill Top Cottage", "Lake Side Rooms". */
  propertyList?: Partial<Property>[];
  /** Default: one section "featured" listing every property. */
  homeSections?: HomeSection[];
  /** The revision the catalogue is based on. Default 0. */
  revision?: number;
}

const NAMES = ['Coffee View Suite', 'Hill Top Cottage', 'Lake Side Rooms'];

/**
 * A valid catalogue. The n-th property (from 1) gets the id "stay-n" and one hero photo
 * "photo-n.jpg" unless its overrides say otherwise.
 */
export function testCatalogue(overrides: CatalogueOverrides = {}): SiteData {
  const propertyList = (overrides.propertyList ?? NAMES.map((name) => ({ name }))).map((p, i) =>
    testProperty({
      id: `stay-${i + 1}`,
      name: NAMES[i] ?? `Stay ${i + 1}`,
      photos: [{ name: `photo-${i + 1}.jpg`, best: true, home: true }],
      ...p,
    }),
  );
  return {
    propertyList,
    homeSections: overrides.homeSections ?? [
      { id: 'featured', name: 'Featured', properties: propertyList.map((p) => p.id) },
    ],
    revision: overrides.revision ?? 0,
  };
}
