/** Test data for the admin tests: a small catalogue and contact details they never look at. */
import type { PageData, SiteInfo } from '../src/shared/site-data.js';
import { testCatalogue } from './factories.js';

export const TEST_SITE: SiteInfo = {
  siteUrl: 'http://x',
  businessName: 'B',
  email: 'e',
  phone: 'p',
  socialUrl: 's',
  officeAddress: 'o',
};

/** Two properties ('misty-hills' with two photos, 'lake-view' with none), one section 'sec-1'. */
export function testPageData(revision = 1): PageData {
  const catalogue = testCatalogue({
    revision,
    propertyList: [
      {
        id: 'misty-hills',
        name: 'Misty Hills',
        address: 'Kalasa Road',
        description: 'Old text',
        photos: [
          { name: 'a1.jpg', best: true, home: true },
          { name: 'b2.jpg', best: false, home: false },
        ],
      },
      {
        id: 'lake-view',
        name: 'Lake View',
        address: 'Hirekolale lake',
        description: '',
        facilities: [],
        bedCount: 1,
        photos: [],
      },
    ],
    homeSections: [{ id: 'sec-1', name: 'Popular', properties: ['misty-hills'] }],
  });
  return { ...catalogue, photoSizes: {}, site: TEST_SITE, publishedAt: 't' };
}
