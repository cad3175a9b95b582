/** PERF-18: each page's data script holds what its visitor's screen hydrates with, no more. */
import { describe, expect, it } from 'vitest';
import { testCatalogue } from '../../test/factories.js';
import type { PageData } from './site-data.js';
import { visitorPageData } from './visitor-data.js';

const data: PageData = {
  ...testCatalogue({
    propertyList: [
      {
        description: '<p>A long description.</p>',
        houseRules: 'No smoking indoors.',
        photos: [
          { name: 'a.jpg', best: true, home: true },
          { name: 'b.jpg', best: false, home: false },
        ],
      },
      { photos: [{ name: 'c.jpg', best: true, home: true }] },
      { photos: [{ name: 'd.jpg', best: true, home: true }] },
    ],
    homeSections: [{ id: 'featured', name: 'Featured', properties: ['stay-2', 'stay-1'] }],
  }),
  photoSizes: {
    'a.jpg': [2000, 1333],
    'b.jpg': [1332, 2000],
    'c.jpg': [2000, 1250],
    'd.jpg': [1, 1],
  },
  site: {
    siteUrl: 'https://stays.example',
    businessName: 'Stays',
    email: 'a@stays.example',
    phone: '+91 94480 12345',
    socialUrl: 'https://social.example/stays',
    officeAddress: 'IG Road',
  },
  publishedAt: '2026-11-28T00:00:00.000Z',
  fromRates: { 'stay-1': 4500, 'stay-3': 3000 },
  reviews: {
    'stay-1': [
      { rating: 5, text: 'Quiet.', displayName: 'Asha', date: '2026-10-02', stayMonth: '2026-09' },
    ],
  },
};

describe('visitorPageData (PERF-18)', () => {
  it('a property page: its property whole, its photos’ sizes and its rate; no reviews', () => {
    const page = visitorPageData(data, '/stay/stay-1');
    expect(page.propertyList).toEqual([data.propertyList[0]]);
    expect(page.homeSections).toEqual([]);
    expect(page.photoSizes).toEqual({ 'a.jpg': [2000, 1333], 'b.jpg': [1332, 2000] });
    expect(page.fromRates).toEqual({ 'stay-1': 4500 });
    expect(page.reviews).toBeUndefined();
    expect(page.site).toEqual(data.site);
  });

  it('the home page: the listed properties as cards (home photos only, no texts)', () => {
    const page = visitorPageData(data, '/');
    expect(page.homeSections).toEqual(data.homeSections);
    expect(page.propertyList.map((p) => p.id)).toEqual(['stay-1', 'stay-2']);
    const card = page.propertyList[0]!;
    expect(card.photos).toEqual([{ name: 'a.jpg', best: true, home: true }]);
    expect(card.description).toBe('');
    expect(card).not.toHaveProperty('houseRules');
    expect(card.name).toBe(data.propertyList[0]!.name);
    expect(page.photoSizes).toEqual({ 'a.jpg': [2000, 1333], 'c.jpg': [2000, 1250] });
    expect(page.fromRates).toEqual({ 'stay-1': 4500 });
    expect(page.reviews).toBeUndefined();
  });

  it('any other page: no property', () => {
    for (const url of ['/404', '/adminlogin', '/stay/nowhere']) {
      const page = visitorPageData(data, url);
      expect(page.propertyList, url).toEqual([]);
      expect(page.photoSizes, url).toEqual({});
    }
  });
});
